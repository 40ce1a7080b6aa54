"""The Textual app: one state attribute, one dispatch path, screens that read it."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from pathlib import Path

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.reactive import Reactive, reactive
from textual.command import CommandPalette
from textual.screen import ModalScreen, Screen
from textual.worker import Worker, WorkerState

from .. import atomic, i18n
from ..core import clock, progress
from ..core.dice import DiceNeeded
from ..core.engine import Redo, Undo
from ..core.errors import Refused
from ..core.handlers import Command
from ..core.state import State
from ..core.terms import term
from ..history import LogEntry, last_entries, last_entries_extended
from ..i18n import N_, _
from ..service import DEMO_NAME, Campaign, ConcurrentWrite, Outcome
from . import areas
from .busy import BusyDialog, Jobs
from .campaign_actions import CAMPAIGN_ACTIONS, CampaignActions
from .dialogs import REFUSED_SECONDS, ChoiceDialog, DiceDialog, Dialog, TextDialog
from .palette import ScreenActions
from .widgets import header
from .widgets.alerts_line import AlertsLine

# Textual's own palette entries (App.get_system_commands), marked to be translated
TEXTUAL_COMMANDS = (N_("Theme"), N_("Change the current theme"), N_("Minimize"),
                    N_("Minimize the widget and restore to normal size"), N_("Maximize"),
                    N_("Maximize the focused widget"), N_("Screenshot"),
                    N_("Save an SVG 'screenshot' of the current screen"))
RECENT = 50  # log entries kept for the screens
SCREENSHOTS = "screenshots"  # under the saves folder: where Palette → Screenshot saves
CATCH_UP_SECONDS = 2.0  # how often the app looks for entries another tracker wrote
ALERT_TOAST_SECONDS = 4  # brief: the alert stays on the alerts line
FLOW_GROUPS = {"default", "dispatch", "quit"}  # workers that ask the GM (dialogs) or write
KEY_WAIT = 3.0  # seconds a typed-ahead key waits for its dialog before it goes on anyway
KEY_ALONE = 0.05  # seconds after the last key let go: a key then, all quiet, goes at once


class TrackerApp(CampaignActions, App):
    """tracker: the GM's campaign tracker."""

    CSS_PATH = ["app.tcss", "dialogs.tcss", "picker.tcss", *areas.stylesheets()]
    TITLE = "tracker"
    COMMANDS = App.COMMANDS | {ScreenActions}
    BINDINGS = [  # first the keys a GM must find on any screen, before the footer fills
        # descriptions are msgids (N_): the footer and the keys dialog translate them
        Binding("f1,question_mark", "keys", N_("Keys"), id="app.keys"),
        Binding("ctrl+q", "quit", N_("Quit"), priority=True, id="app.quit"),
        Binding("ctrl+z", "undo", N_("Undo"), id="app.undo"),
        Binding("ctrl+y", "redo", N_("Redo"), id="app.redo"),
        *areas.bindings(),  # 1, 2, 3, ...: one per area screen
        Binding("ctrl+o", "picker", N_("Campaigns"), show=False, id="app.picker"),
        Binding("q", "quit", N_("Quit"), show=False, id="app.quit_q"),
    ]

    # No repaint of the whole screen when these change: each screen repaints
    # its own panes from its watcher (ui/repaint.py) and the header its title,
    # while Textual's default (repaint=True) re-rendered every line of the
    # screen twice a keystroke, once for the state and once for the sub-title's
    # game clock (docs/performance.md, issue 22's fourth pass).
    state: reactive[State | None] = reactive(None, always_update=True, repaint=False)
    title: Reactive[str] = Reactive("", compute=False, repaint=False)
    sub_title: Reactive[str] = Reactive("", compute=False, repaint=False)

    def __init__(self, saves: Path, campaign_name: str | None = None, lang: str | None = None):
        super().__init__()
        self.lang_asked = lang  # --lang for this run; else the locale variables, the campaign's
        self.header_parts: header.Parts | None = None  # the title's parts, for the header to fit
        i18n.choose(lang)  # an unknown --lang is refused before the app starts
        self.saves = saves
        self.campaign_name = campaign_name
        self.campaign: Campaign | None = None
        # the log's tail as the log screen reads it (history.last_entries), for
        # the screens' recent panes: each entry under the rules and state of its time
        self.recent: list[LogEntry] = []
        self._dispatching = asyncio.Lock()
        self._open_error = ""
        self._open_warnings: list[str] = []  # shown once the screen is up
        self._held: deque[events.Key] = deque()  # keys typed ahead, in order
        self.selected: dict[str, str] = {}  # table -> the row key the GM chose (an id)
        self._key_pump: asyncio.Task | None = None
        self._released_at = -1e9  # the event loop's time when the last key was let go
        self._key_went_to: Screen | None = None  # the screen the last released key went to
        self._follow_ups: dict[Screen, bool] = {}  # text dialogs: opened after a line entered?
        self._set_aside: dict[Screen, list[events.Key]] = {}  # keys typed before one showed
        self.last_alerts: list = []  # the latest action's alerts, for the alerts line
        self._remake_screens = False  # the language changed while a dialog was open
        self._keymap_problems = self._load_keymap()
        self._clashes_told: set[str] = set()
        self._session_found: int | None = None  # the session running when it opened
        self.jobs = Jobs(self)  # long commands off the loop, one at a time (ui/busy.py)

    async def _process_messages(self, *args, **kwargs):
        """The app's own language slot, in its own task's context (so every
        screen and widget task it starts shares it, and nothing outside it)."""
        i18n.activate(self.language_for(self.state), i18n.game_of(self.state))
        return await super()._process_messages(*args, **kwargs)

    def language_for(self, state: State | None) -> str:
        return i18n.choose(self.lang_asked, state.language_in_force if state else None)

    async def _show_language(self, state: State | None) -> None:
        """A new language (the GM chose one): every open screen composes again
        in it, then dresses itself (``dress()``: border titles, table columns);
        a dialog open then is left to finish first."""
        code = self.language_for(state)
        if code != i18n.current():
            i18n.switch(code)
            self._remake_screens = True
            if self.campaign is not None:  # the recent lines, described in the old words
                self.recent = last_entries(self.campaign.tail(RECENT), self.campaign.timeline)
        if not self._remake_screens:
            return
        if isinstance(self.screen, ModalScreen):
            self.set_timer(0.3, lambda: self.call_later(self._show_language, self.state))
            return
        self._remake_screens = False
        for screen in self.screen_stack:
            await screen.recompose()
            if hasattr(screen, "dress"):
                screen.dress()
        self.refresh_bindings()  # a footer composed anew waits for the bindings
        self.watch_state(self.state)

    def action_command_palette(self) -> None:
        """Textual's palette, its own words in the GM's language (textual_words.py)."""
        from .textual_words import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))

    def search_themes(self) -> None:
        from .textual_words import theme_palette

        self.push_screen(theme_palette())

    def get_system_commands(self, screen: Screen):
        """Textual's own palette entries in the GM's language. Its Keys and Quit
        are left out: the palette's own Keys and Quit (palette.py) do those, Quit
        offering to end the session first."""
        for cmd in super().get_system_commands(screen):
            if cmd.title in ("Keys", "Quit"):
                continue
            yield SystemCommand(_(cmd.title), _(cmd.help), cmd.callback, cmd.discover)

    def get_default_screen(self) -> Screen:
        """The campaign's screen when one was named and opens, else the picker."""
        from .screens.picker import PickerScreen

        if self.campaign_name and self._load(self.campaign_name):
            return areas.base_screen()()
        return PickerScreen()

    def _load_keymap(self) -> list[str]:
        """The GM's keymap file (docs/keys.md), applied; what was wrong in it."""
        from .keymap import every_binding, keymap_path, read_keymap

        keymap, problems = read_keymap(keymap_path(), every_binding(self.BINDINGS))
        if keymap:
            self.set_keymap(keymap)
        return problems

    def handle_bindings_clash(self, clashed_bindings: set[Binding], node) -> None:
        """A key the keymap gave to two bindings: said once, by id."""
        for b in clashed_bindings:
            if b.id and b.id not in self._clashes_told:
                self._clashes_told.add(b.id)
                self.notify(_("keymap: the key {key!r} of {id} is taken by another binding on "
                              "this screen; give one of them another key").format(key=b.key,
                                                                                  id=b.id),
                            title=_("Keymap"), severity="warning", timeout=10)

    def on_mount(self) -> None:
        if self._keymap_problems:  # found before the app had its language: say them in it
            self._keymap_problems = self._load_keymap()
        for problem in self._keymap_problems:
            self.notify(problem, title=_("Keymap"), severity="error", timeout=12)
        if self._open_error:
            self.notify(self._open_error, title=_("Cannot open"), severity="error", timeout=12)
        if self.campaign is not None:
            self._tell_open_warnings()
            self.offer_session()
        self._told_changed = -1e9
        self.set_interval(CATCH_UP_SECONDS, self._catch_up)

    def catch_up_now(self) -> None:
        """Catch up at once (not at the next tick) before showing what the
        campaign holds: a dialog about to quote the treasury reads it with the
        CLI's gold of a moment ago (gm-review7 C3)."""
        if self.campaign is not None and not self._dispatching.locked() \
                and self.jobs.busy is None:
            try:
                self._reload()
            except Refused:
                pass  # the next tick says it (``_catch_up``)

    def _catch_up(self) -> None:
        """Show entries another tracker (the CLI, a second window) appended, so
        the GM's next action is decided on the campaign as it now stands."""
        c = self.campaign
        if c is None or self._dispatching.locked() or self.jobs.busy is not None:
            return
        try:
            if not self._reload():
                return
        except Refused as e:
            self.notify(str(e), title=_("Cannot read the campaign"), severity="error", timeout=12)
            return
        now = time.monotonic()
        if now - self._told_changed > 30:  # say it once, not at every catch-up
            self._told_changed = now
            self.notify(_("Another tracker added to this campaign; shown as it now stands."),
                        title=_("Changed elsewhere"), timeout=4)

    # -- messages: GM-typed text is never markup; a failed worker never ends the app ------

    def notify(self, message: str, *, markup: bool = False, **kwargs) -> None:
        """Notifications show names and notes as typed (``markup=False`` by default)."""
        super().notify(str(message), markup=markup, **kwargs)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Every worker runs with ``exit_on_error=False``; its failure ends up here
        (worker messages bubble up from the screens) and is shown, not fatal."""
        if event.state != WorkerState.ERROR:
            return
        event.stop()
        self.report_error(event.worker.error, f"worker {event.worker.name or '?'}")

    def report_error(self, error: BaseException | None, where: str) -> None:
        """An unexpected error: a notification, the traceback in a file; the app goes on."""
        from ..bugreport import write_bug_report

        if error is None:
            return
        if isinstance(error, Refused):
            self.notify(str(error), title=_("Refused"), severity="error", timeout=REFUSED_SECONDS)
            return
        path = write_bug_report(error, f"in the app: {where}")
        self.notify(f"{type(error).__name__}: {error}\n" + _("This is a bug in tracker; the app "
                                                             "goes on.") + " "
                    + (_("Details for a report: {file}").format(file=path) if path else ""),
                    title=_("Internal error"), severity="error", timeout=20)

    @work(exit_on_error=False)
    async def offer_session(self) -> None:
        """Opening a campaign between sessions offers to start the next one."""
        state = self.state
        if state is None or state.in_session or (self.campaign and self.campaign.read_only):
            return  # a read-only saves folder records nothing: no session to offer
        n = state.session + 1
        choice = await self.push_screen_wait(ChoiceDialog(
            _("Start session {n}?").format(n=n),
            [("start", _("Start session {n}").format(n=n)), ("no", _("Not now"))],
            help=_("Sessions group the log and the recap.")))
        if choice == "start":
            await self.dispatch(self.campaign.start_session_command())

    def action_quit(self) -> None:
        """Quitting during a session offers to end it first; one question at a time."""
        if any(w.group == "quit" and w.state in (WorkerState.PENDING, WorkerState.RUNNING)
               for w in self.workers):
            return
        self._quit()

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Palette → Screenshot: an SVG of the screen in front, saved in the saves
        folder's ``screenshots`` (Textual's default, a Downloads folder, is often
        missing in a terminal); the notification says where, or why not."""
        folder = Path(path) if path else self.saves / SCREENSHOTS
        name = self.campaign.name if self.campaign is not None else "tracker"
        stamp = time.strftime(time_format or "%Y-%m-%d_%H-%M-%S")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            # whole or not at all: a full disk leaves no half picture (tracker/atomic.py)
            saved = folder / (filename or f"{name}-{stamp}.svg")
            atomic.write_text(saved, self.export_screenshot())
        except OSError as e:
            self.notify(_("Could not save the screenshot in {folder}: {reason}").format(
                folder=folder, reason=e.strerror or e),
                        title=_("Screenshot"), severity="error", timeout=REFUSED_SECONDS)
            return None
        self.notify(_("Saved {file}").format(file=saved), title=_("Screenshot"), timeout=8)
        return None

    def action_keys(self) -> None:
        """The keys of the screen in front, read from its bindings."""
        from .dialogs import KeysDialog

        if isinstance(self.screen, KeysDialog):
            return
        self.push_screen(KeysDialog(self.screen))

    @work(exclusive=True, group="quit", exit_on_error=False)
    async def _quit(self) -> None:
        state = self.state
        if self.campaign is not None and state is not None and state.in_session \
                and not self.campaign.read_only and not self._demo_session(state):
            n = state.session
            choice = await self.push_screen_wait(ChoiceDialog(
                _("Quit: end session {n}?").format(n=n),
                [("end", _("End session {n} and quit").format(n=n)),
                 ("keep", _("Quit; the session goes on next time")), ("cancel", _("Cancel"))]))
            if choice in (None, "cancel"):
                return
            if choice == "end":
                await self.dispatch(self.campaign.end_session_command())
        self.exit()

    # -- keys typed ahead: one at a time, each to where the previous one led ----------

    async def on_event(self, event: events.Event) -> None:
        """Every key the GM types waits until the one before it has had its effect
        (a dialog opened, a command written), then goes to whatever is in front:
        `l Enter Down Enter` typed in one burst lights the torch for the right
        character instead of moving the lights table under a dialog still opening.
        A line of text asked after another was entered (or the palette's search)
        takes only the keys typed once it shows; those typed before it go on to
        the screen after it closes (``_opened_by_another_dialog``); where a screen
        can ask both at once, the second line is a field of the first dialog."""
        if isinstance(event, events.Key) and not event.is_forwarded \
                and not getattr(event, "_released", False):
            if self._stops_the_job(event):  # Escape stops a long job now, ahead of the rest
                event._released = True
                await super().on_event(event)
                return
            event._typed_at = time.monotonic()
            self._held.append(event)
            if self._key_pump is None or self._key_pump.done():
                self._key_pump = asyncio.create_task(self._pump_keys())
            return
        await super().on_event(event)

    def _stops_the_job(self, event: events.Key) -> bool:
        """A key the progress dialog of a long job binds (Escape: stop)."""
        screen = self.screen
        if self.jobs.busy is None or not isinstance(screen, BusyDialog):
            return False
        bound = screen.active_bindings.get(event.key)
        return bound is not None and bound.node is screen

    async def _pump_keys(self) -> None:
        loop = asyncio.get_running_loop()
        while self._held:
            while (busy := self.jobs.busy) is not None:  # keys wait for a long job, however long
                await busy.ended.wait()
            deadline = loop.time() + KEY_WAIT
            # a handler may be awaiting: quiet must last a few loop turns, unless
            # the last key went long ago and all is quiet now (a key typed alone:
            # it goes at once, not 3-4 ms later; docs/performance.md, issue 22's
            # seventh pass)
            calm = 3 if loop.time() - self._released_at > KEY_ALONE and self._key_ready() else 0
            while calm < 3 and loop.time() < deadline:
                await asyncio.sleep(0.001)
                calm = calm + 1 if self._key_ready() else 0
            done = asyncio.Event()
            self.call_later(self._release_key, done)
            await done.wait()

    async def _release_key(self, done: asyncio.Event) -> None:
        try:
            screen = self.screen
            if self._held and self._follows_a_line(screen):
                shown = getattr(screen, "shown_at", 0.0)
                while self._held and getattr(self._held[0], "_typed_at", 0.0) < shown:
                    self._set_aside.setdefault(screen, []).append(self._held.popleft())
            if self._held:
                event = self._held.popleft()
                event._released = True
                self._released_at = asyncio.get_running_loop().time()
                self._key_went_to = screen
                await super().on_event(event)
        finally:
            done.set()

    def _follows_a_line(self, screen: Screen) -> bool:
        """A line of text asked for after another line was entered (or the
        palette's search): the keys typed before it showed were meant for the
        screen (`g +2000 Enter t`: the t is a key of the bastion screen, not
        the ledger's "What for?"; palette "Found" Enter, then keys). A choice's
        steps are still typed through (`s Enter 12 Enter`: a supply, then its
        count). Decided at the first key that comes to the dialog."""
        if not isinstance(screen, TextDialog):
            return False
        if screen not in self._follow_ups:
            last = self._key_went_to
            self._follow_ups[screen] = last is not screen and \
                isinstance(last, (TextDialog, CommandPalette))
        return self._follow_ups[screen]

    def keys_after_dialog(self, dialog: Screen) -> None:
        """The dialog closed: the keys set aside from it go on to what is in front."""
        self._follow_ups.pop(dialog, None)
        keys = self._set_aside.pop(dialog, None)
        if keys:
            self._held.extendleft(reversed(keys))
            if self._key_pump is None or self._key_pump.done():
                self._key_pump = asyncio.create_task(self._pump_keys())

    def _key_ready(self) -> bool:
        """True when the last key has been handled everywhere it went, and no
        dialog flow is between two dialogs (or writing a command)."""
        if self.jobs.busy is not None:
            return False
        screen = self.screen
        for pump in (self, screen, *screen.walk_children()):
            if pump._message_queue.qsize() or pump._pending_message is not None \
                    or pump._next_callbacks:
                return False
        if isinstance(screen, Dialog):
            return screen.ready
        return not any(isinstance(w.node, (App, Screen)) and w.group in FLOW_GROUPS
                       and w.state in (WorkerState.PENDING, WorkerState.RUNNING)
                       for w in self.workers)

    # -- campaigns ---------------------------------------------------------------

    def _load(self, name: str) -> bool:
        try:
            campaign = Campaign.open(self.saves, name)
        except Refused as e:
            self._open_error = str(e)
            return False
        self.close_campaign()
        self.campaign = campaign
        self._open_warnings = list(campaign.warnings)  # e.g. a snapshot not written
        # before its screen is made, and before its recent lines are read: in
        # its language and its game's words (D&D's Майстер)
        i18n.switch(self.language_for(campaign.state), i18n.game_of(campaign.state))
        if campaign.read_only:  # a read-only saves folder: it can be looked at, not played
            self._open_warnings.append(_("{why}: you can look through this campaign, and "
                                         "whatever you try to record is refused").format(
                why=campaign.read_only))
        self.recent = last_entries(campaign.tail(RECENT), campaign.timeline)
        self.state = campaign.state
        # the demo's session running when it opened is not the newcomer's to end
        self._session_found = campaign.state.session if campaign.state.in_session else None
        return True

    def _demo_session(self, state) -> bool:
        """The shipped demo's own session (running when it opened) is not the
        newcomer's to end (issue 20); any other running session is offered to end
        on quitting, whether begun here, from the CLI or in an earlier run."""
        return self.campaign.name == DEMO_NAME and state.session == self._session_found

    def _tell_open_warnings(self) -> None:
        self._tell_what_it_is()
        for warning in self._open_warnings:
            self.notify(warning, title=_("Note"), severity="warning", timeout=8)
        self._open_warnings = []

    def _tell_what_it_is(self) -> None:
        """Opening the shipped demo says what it is: a newcomer meets a Danish
        game in Danish words and should know why (and how to start their own)."""
        if self.campaign.name != DEMO_NAME:
            return
        meta = self.state.rules.meta
        description = term(self.state.rules, "meta.description")
        what = f"{meta.name} ({description})" if description else meta.name
        self.notify(_("This is tracker's demo: a delve in {what}, in the ruleset's own words. "
                      "? shows the keys, ctrl+p every action; ctrl+o then n makes your own "
                      "campaign on any ruleset.").format(what=what), title=_("The demo"),
                    timeout=15)

    def open_campaign(self, name: str) -> bool:
        """Open ``name`` in place of the current screen (the picker)."""
        base = areas.base_screen()
        if not self._load(name):
            self.notify(self._open_error, title=_("Cannot open"), severity="error", timeout=12)
            return False
        self._tell_open_warnings()
        self.refresh_bindings()
        below = self.screen_stack[-2] if len(self.screen_stack) > 1 else None
        if isinstance(below, base):
            self.pop_screen()  # back to the base screen, now on the new campaign
        else:
            self.push_screen(base())
        self.offer_session()
        return True

    def close_campaign(self) -> None:
        if self.campaign is not None:
            self.campaign.close()
            self.campaign = None

    def on_unmount(self) -> None:
        self.jobs.close()
        self.close_campaign()

    def watch_state(self, state: State | None) -> None:
        if state is None or self.campaign is None:
            self.header_parts = None
            self.title, self.sub_title = self.TITLE, ""
            return
        if self.is_running:
            self.call_later(self._show_language, state)
        session = _("Session {n}").format(n=state.session) if state.in_session else \
            (_("after session {n}").format(n=state.session) if state.session
             else _("no session yet"))
        # the header fits these to its width (widgets/header.py): the time stays
        parts = self.header_parts = header.Parts(
            self.campaign.name, state.rules.meta.name,  # an import's own name
            session, clock.stamp(state.rules, state.clock),
            _("manual dice") if state.manual_dice else "")
        self.title = f"{parts.campaign} · {parts.ruleset}"
        self.sub_title = " · ".join(p for p in (parts.session, parts.time, parts.dice) if p)

    # -- the one path from intent to log ---------------------------------------------

    def run_command(self, command: Command, preset: list[int] | None = None,
                    typed: bool = True) -> None:
        """Dispatch ``command`` in a worker (it may wait for typed dice).
        ``preset``: the first dice, already shown to the GM (``typed`` False when
        tracker rolled them, True when the GM typed them)."""
        self.run_worker(self.dispatch(command, preset, typed), group="dispatch",
                        name=f"dispatch {type(command).__name__}", exit_on_error=False)

    async def dispatch(self, command: Command, preset: list[int] | None = None,
                       typed: bool = True) -> Outcome | None:
        if self.campaign is None:
            return None
        async with self._dispatching:
            dice: list[int] = list(preset or [])
            retried = False
            while True:
                try:
                    out = await self.jobs.run(
                        lambda: self.campaign.dispatch(command, dice or None, typed=typed),
                        _("Recording: {command}").format(command=_label(command)),
                        writes=True)
                    break
                except progress.Stopped:
                    self.notify(_("Stopped; nothing was recorded."), title=_("Stopped"),
                                timeout=6)
                    return None
                except DiceNeeded as need:
                    got = await self.push_screen_wait(DiceDialog(need))
                    if got is None:
                        self.notify(_("Cancelled; nothing was recorded."), timeout=3)
                        return None
                    dice.extend(got)
                except ConcurrentWrite:
                    self._reload()
                    if retried or not command.REDECIDE_ON_NEWER_LOG:
                        self.notify(_("Another tracker wrote to this campaign. It is reloaded "
                                      "as it now stands; your last action was not recorded: "
                                      "do it again if it still applies."),
                                    title=_("Changed elsewhere"), severity="error",
                                    timeout=REFUSED_SECONDS)
                        return None
                    # the GM decided on a screen a moment out of date: decide it
                    # again on the campaign as it now stands, as a key pressed a
                    # moment later would
                    retried = True
                except Refused as e:
                    why = _("Another tracker wrote to this campaign first; on the campaign as it "
                            "now stands your last action is refused: {why}").format(why=e) \
                        if retried else str(e)
                    self.notify(why, title=_("Refused"), severity="error", timeout=REFUSED_SECONDS)
                    return None
            grown = last_entries_extended(self.recent, out.envelopes, self.campaign.timeline,
                                          self.state, RECENT)
            self.recent = grown if grown is not None else \
                last_entries(self.campaign.tail(RECENT), self.campaign.timeline)
            self.state = out.state
            self.show_alerts(out.alerts)
            return out

    def _reload(self) -> bool:
        """Catch up with what another tracker wrote. True if it wrote anything."""
        if not self.campaign.refresh():
            return False
        self.recent = last_entries(self.campaign.tail(RECENT), self.campaign.timeline)
        self.state = self.campaign.state
        return True

    def show_alerts(self, told: list) -> None:
        """The latest action's alerts on the alerts line (replacing the last
        action's); the rare and urgent ones pop up as well."""
        self.last_alerts = list(told)
        for line in self.screen.query(AlertsLine):
            line.show(self.last_alerts)
        for alert in told:
            if alert.severity == "error":
                self.notify(alert.text, severity="error", timeout=ALERT_TOAST_SECONDS)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Campaign actions are hidden until a campaign is open."""
        if action in ("undo", "redo", "show_area", "picker", *CAMPAIGN_ACTIONS) \
                and self.campaign is None:
            return False
        return True

    def action_undo(self) -> None:
        self.run_command(Undo())

    def action_redo(self) -> None:
        self.run_command(Redo())

    def action_show_area(self, area: str) -> None:
        """Number keys: the base area screen, or another one opened above it."""
        wanted, base = areas.screen_of(area), areas.base_screen()
        if self.campaign is None or isinstance(self.screen, wanted):
            return
        stack = self.screen_stack
        at = next((i for i, s in enumerate(stack) if isinstance(s, base)), None)
        if at is None:
            return
        for _ in range(len(stack) - at - 1):
            self.pop_screen()
        if wanted is not base:
            self.push_screen(wanted())

    def action_picker(self) -> None:
        from .screens.picker import PickerScreen

        self.close_campaign()
        self.refresh_bindings()
        self.state = None
        base = self.screen_stack[0]
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if isinstance(base, PickerScreen):
            base.refresh_list()
        else:
            self.push_screen(PickerScreen())


def _label(command: Command) -> str:
    """A command's name for the progress dialog ("run queued", "correct entry")."""
    import re

    return re.sub(r"(?<!^)(?=[A-Z])", " ", type(command).__name__).lower()


def run_app(saves: Path, name: str | None = None, lang: str | None = None) -> int:
    app = TrackerApp(saves, name, lang)
    app.run()
    return 0 if not app.return_code else 70  # Textual printed the traceback: a bug
