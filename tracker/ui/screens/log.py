"""The log screen: every entry, filters, the campaign as it stood after any
entry, and corrections of the past (rewind, retyped dice, a forgotten turn)."""

from __future__ import annotations

import textwrap
import threading
from time import monotonic
from dataclasses import dataclass
from typing import Callable

from rich.text import Text
from textual import on, work
from textual.worker import get_current_worker
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from ..widgets.header import Header
from ... import i18n
from ...core import progress
from ...core.timeline.hooks import INSERTS, choices_named, field_choices, list_field
from ...core.dice import DiceNeeded
from ...core.errors import Refused
from ...core.numbers import number_parts
from ...core.handlers import Command
from ...core.changes import field_name, value_words
from ...core.terms import term
from ...core.timeline.views import Preview
from ...history import (AREAS, LogEntry, Settling, collector_off, describe_all, entries,
                        extended, filtered, listed_rows, rows_read, sketch_rows, with_tail)
from ...i18n import N_, _, ngettext, pgettext
from ...recap import session_name
from ...service import LogReader
from .. import safe
from ..areas import area_screen
from ..repaint import follow_state, update_same_size
from ..dialogs import REFUSED_SECONDS, ChoiceDialog, DiceDialog, ReadDialog, TextDialog, whole
from ..as_it_stood import as_it_stood
from ..kept_reader import KeptReader
from ..widgets.log_view import LogView

AREA_CYCLE = [None, *sorted(AREAS)]
# the areas as the filter line names them (an area not here shows its id)
AREA_NAMES = {
    "bastion": lambda: pgettext("log area", "bastion"),
    "campaign": lambda: pgettext("log area", "campaign"),
    "chase": lambda: pgettext("log area", "chase"),
    "dungeon": lambda: pgettext("log area", "dungeon"),
    "history": lambda: pgettext("log area", "history"),
    "party": lambda: pgettext("log area", "party"),
    "session": lambda: pgettext("log area", "session"),
    "supplies": lambda: pgettext("log area", "supplies"),
    "table": lambda: pgettext("log area", "table"),
    "travel": lambda: pgettext("log area", "travel"),
}


def area_name(area: str) -> str:
    name = AREA_NAMES.get(area)
    return name() if name else area


TAIL_FIRST = 500  # entries shown while a long log is read
HAND_OVER = 0.5  # seconds the worker waits at most for the screen to show the list
GROW_HERE = 20  # at most this many entries added are read on the screen's thread (reload)
PANE_HELD = 0.05  # a highlight this soon after the last: a key held down (_highlighted)


class SearchBox(Input):
    """The log's search: reached with ``/`` (or a click), left with Enter or
    Escape for the list, and out of the focus chain while the list has the
    keys. A Tab from the list went back into it, and the GM's next key (``m``
    for the highlighted entry's dice) became the search (gm-review7 C11)."""

    BINDINGS = [Binding("escape", "to_list", N_("Back to the list"), show=False,
                        id="log.search_done")]

    def action_to_list(self) -> None:
        self.screen.query_one(LogView).focus()

    def on_blur(self) -> None:
        self.can_focus = False  # the list's Tab does not come back here

    def on_mouse_down(self) -> None:
        if not self.can_focus:
            self.can_focus = True
            self.focus()


@area_screen("log", key="2", title=N_("Log"), help=N_("Every entry, filters, corrections and rewind"),
             css="log.tcss", order=20)
class LogScreen(Screen):
    AUTO_FOCUS = "#log-list"
    FOOTER_MAIN = 4  # the corrections, w m i f: the footer gives them up last (widgets/footer.py)
    # under 100 columns the "as it stood" pane goes under the list: lines get the width
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        # short labels, and the filters only in ? and the palette: at 80 columns the
        # footer must show the corrections (w, m, i, f) and the app's Undo and Redo
        Binding("slash", "search", N_("Find"), id="log.search", show=False),
        Binding("s", "cycle_session", N_("Session"), id="log.session", show=False),
        Binding("a", "cycle_area", N_("Area"), id="log.area", show=False),
        Binding("c", "cycle_character", N_("Who"), id="log.character", show=False),
        Binding("x", "clear", N_("Clear filters"), id="log.clear", show=False),
        Binding("enter", "read", N_("Read"), id="log.read", show=False),
        Binding("w", "rewind", N_("Rewind"), id="log.rewind"),
        Binding("m", "amend_dice", N_("Dice"), id="log.amend_dice"),
        Binding("i", "insert_turn", N_("Insert"), id="log.insert_turn"),
        Binding("f", "amend_field", N_("Field"), id="log.amend_field"),
        Binding("v", "reveal", N_("Reveal"), id="log.reveal", show=False),
    ]
    PALETTE = [
        (N_("Search the log"), N_("Filter entries by text"), "search"),
        (N_("Filter by session"), N_("Cycle through sessions"), "cycle_session"),
        (N_("Filter by area"), N_("Party, dungeon, supplies, ..."), "cycle_area"),
        (N_("Filter by character"), N_("Entries about one character"), "cycle_character"),
        (N_("Clear filters"), N_("Show every entry"), "clear"),
        (N_("Read this entry"), N_("The whole entry and its area as it stood after it"), "read"),
        (N_("Rewind to this entry"), N_("The campaign returns to how it stood after it"), "rewind"),
        (N_("Correct the dice"), N_("Retype the dice of this entry"), "amend_dice"),
        (N_("Insert a forgotten turn"), N_("e.g. a rest, right after this entry"), "insert_turn"),
        (N_("Correct a field"), N_("Choose one of the entry's fields, e.g. who carried a torch"),
         "amend_field"),
        (N_("Reveal to the players"), N_("The players' view (tracker serve) shows what this "
                                           "entry kept from them"), "reveal"),
    ]

    @dataclass
    class Loaded(Message):
        entries: list[LogEntry]
        complete: bool = True  # False: only the newest entries, the rest follow
        settled: bool = True  # False: a sketch (history.sketch), older game times follow
        lang: str = ""  # the language their lines are made in

    class Settled(Message):
        """A part of the list the GM had on screen unsettled is settled now."""

    @dataclass
    class LoadFailed(Message):
        error: BaseException

    def __init__(self):
        super().__init__()
        self.all: list[LogEntry] = []
        self.complete = False
        self.settled = False
        self.session: int | None = None
        self.area: str | None = None
        self.character: str | None = None
        self.text = ""
        self._pane_timer = None
        self._last_highlight = 0.0  # when the highlight last moved (monotonic)
        self._pane_shows: tuple | None = None  # what the pane was made from (_pane_for)
        self._reader = KeptReader()  # one reader for every load (ui/kept_reader.py)
        self._follow = 0  # after a command from here: the seq the new entry comes after
        self._stay_on = 0  # ...and the entry the cursor then stays on (0: the new entry)
        self._lang = ""  # the language self.all's lines were made in
        self._last_filter: tuple | None = None  # what the last filter kept, and of what
        self._taken = threading.Event()  # the list posted was shown (_hand_over)
        self._failed = None  # what the last reading's failure said (_load_failed)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="log-filters"):
            search = SearchBox(placeholder=_("search (/)"), id="log-search")
            search.can_focus = False  # ``/`` gives it the keys (action_search)
            yield search
            yield Static("", id="log-filter-status")
        with Horizontal(id="log-body"):
            yield LogView(id="log-list", classes="panel")
            yield Static("", id="log-state", classes="panel")
        yield Footer(compact=True)  # at 80 columns Undo and Redo fit too

    def on_mount(self) -> None:
        self._dress()
        self.query_one("#log-state", Static).update(_("Reading the log…"))
        follow_state(self, lambda _state: self.reload())
        self.watch(self.query_one(LogView), "cursor", self._cursor_moved, init=False)

    def _dress(self) -> None:
        self.query_one("#log-list").border_title = _("Log")
        self.query_one("#log-state").border_title = _("As it stood")

    def dress(self) -> None:
        """After a change of language (the app recomposed the screen): the
        titles, and every line made again in the new language."""
        self._dress()
        self.query_one("#log-state", Static).update(_("Reading the log…"))
        self.reload()

    def on_unmount(self) -> None:
        self._reader.close()

    # -- loading (a thread worker with its own connection; it touches no widget) ----------

    def reload(self) -> None:
        if self.app.campaign is not None:
            if self._grow_here():
                return
            view = self.query_one(LogView)
            self._load(self.app.campaign.reader, i18n.current(), lambda: view.unsettled)

    def _grow_here(self) -> bool:
        """A keystroke's entries (an undo, a turn) added to the whole list here,
        on the screen's thread, from the app's own campaign: the list comes in
        the same frame as the rest of the keystroke. Through the worker it came
        a frame or two later (the thread started, its list handed back: +40-60
        ms wall over 15-20 ms of CPU, seventh pass). False: the worker reads it
        (the list not whole or not settled yet, another language, many entries
        added, or only a whole read gives the same list)."""
        campaign, old = self.app.campaign, self.all
        if not (old and self.complete and self.settled and self._lang == i18n.current()):
            return False
        known, head = len(old), campaign.seq
        if not known <= head <= known + GROW_HERE:
            return False
        try:
            envs = campaign.tail(head - known + 1)  # from the last entry known, to check it
            if not envs or envs[0].seq != known or envs[0].command_id != old[-1].command_id:
                return False
            found = extended(old, envs[1:], campaign.timeline, campaign.state_at(known))
            if found is None:
                return False
            for e in found[known:]:
                e.line  # described now, as the worker's describe_all did
        except Exception:  # noqa: BLE001 - the worker reads it, and says what fails
            return False
        self._loaded(self.Loaded(found, lang=self._lang))
        return True

    @work(thread=True, exclusive=True, group="log-load", exit_on_error=False)
    def _load(self, open_reader: Callable[[], LogReader], lang: str,
              wanted: Callable[[], tuple[int, ...]] = tuple) -> None:
        """Read the whole log, its lines in ``lang`` (the app's language: this
        thread does not share the app's context): the newest entries first (a
        replay of the tail from the last snapshot), then every entry from the
        events alone (``history.sketch``: usable, filterable, with the newest
        entries' game times), then the replay that settles the older entries'
        game times and what time passing did, in place. A failure is posted as
        ``LoadFailed`` and shown in the pane: it never ends the app."""
        with i18n.using(lang, i18n.game_of(self.app.state)):
            self._read_log(open_reader, lang, wanted)

    def _read_log(self, open_reader: Callable[[], LogReader], lang: str,
                  wanted: Callable[[], tuple[int, ...]]) -> None:
        worker = get_current_worker()
        try:
            with self._reader.use(open_reader) as log:  # kept: its timeline remembers
                head = log.head()
                known = len(self.all)
                # lines made in another language are all made again
                found = self._grown(log, head) if lang == self._lang else None
                if found is not None:  # only the entries added since: a keystroke's worth
                    self.post_message(self.Loaded(found, lang=lang))
                    try:
                        describe_all(found[known:])
                    except Exception:  # noqa: BLE001 - as below
                        pass
                    return
                start = head - TAIL_FIRST + 1
                tail = before = None
                if start > 1:  # a long log: its newest entries at once
                    before = log.state_at(start - 1)
                    tail = entries(list(log.read(start, head)), log.timeline, before)
                    if not self.all:
                        self.post_message(self.Loaded(tail, complete=False, lang=lang))
                # the rows undecoded: the sketch decodes only the events it reads
                with collector_off():
                    rows, ids = listed_rows(log, head) if tail else ([], None)
                    found = sketch_rows(rows, log.decoded, (before.ruleset,), ids) if tail \
                        else None
                if found is not None:
                    found = with_tail(found, tail)
                    # the command ids, which the list shown does not need: read while
                    # the screen's thread shows it (SQLite's work lets go of the GIL)
                    self._hand_over(self.Loaded(found, settled=False, lang=lang), ids.fill)
                    parts = Settling(found, rows_read(rows, found), log.timeline,
                                     log.state_at(head))
                    if not self._settle(parts, wanted, lambda: worker.is_cancelled):
                        return  # a newer load took over
                    del parts, rows
                else:
                    found = entries(list(log.read()), log.timeline)
        except Exception as e:  # noqa: BLE001 - shown on screen, see _load_failed
            self.post_message(self.LoadFailed(e))
            return
        self.post_message(self.Loaded(found, lang=lang))
        # then every line described, so the first text search need not
        try:
            describe_all(found, lambda: worker.is_cancelled)
        except Exception:  # noqa: BLE001 - that line fails again when drawn, and is shown there
            pass

    def _hand_over(self, loaded: Loaded, meanwhile: Callable[[], None] = lambda: None) -> None:
        """Post the whole list, then let the screen's thread show it before the
        settle takes the interpreter back: both want it, and the list drawn
        is what the GM waits for (at most ``HAND_OVER`` seconds). ``meanwhile``
        is done in between."""
        self._taken.clear()
        self.post_message(loaded)
        meanwhile()
        self._taken.wait(HAND_OVER)

    def _settle(self, parts: Settling, wanted: Callable[[], tuple[int, ...]],
                stop: Callable[[], bool]) -> bool:
        """Settle the sketched list a part at a time: a part the GM has on
        screen unsettled first (a jump into the middle of 100,000 entries waits
        for one part's replay, not for everything before it), then the oldest
        part left. False: stopped (a newer load took over)."""
        while not parts.done:
            if stop():
                return False
            seen = wanted()
            part = parts.next_part(seen)
            if not parts.settle(part, stop):
                return False
            if any(part[0] <= seq <= part[1] for seq in seen):
                self.post_message(self.Settled())
        return True

    def _grown(self, log: LogReader, head: int) -> list[LogEntry] | None:
        """The whole list built before, extended by what was added since (None:
        build it whole). Read in the worker; the list shown is never changed."""
        old, complete = self.all, self.complete and self.settled
        if not complete or not old or head < len(old):
            return None
        envs = list(log.read(len(old), head))  # from the last entry known, to check it
        if envs[0].command_id != old[-1].command_id:
            return None
        return extended(old, envs[1:], log.timeline, log.state_at(len(old)))

    @on(Loaded)
    def _loaded(self, message: Loaded) -> None:
        if message.lang and message.lang != i18n.current():
            return  # read before a change of language: the reading in the new one follows
        if message.complete and self.complete and len(message.entries) < len(self.all):
            # read before entries the screen has added since (``_grow_here``): the
            # log only grows, so a shorter whole list is an older one
            self._taken.set()
            return
        self.all = message.entries
        if message.complete and message.settled:
            self._failed = None  # read whole: an earlier failure is over
        self.complete = message.complete
        self.settled = message.settled
        self._lang = message.lang
        self.call_after_refresh(self._taken.set)  # drawn: the worker goes on (_hand_over)
        follow = self._follow and message.complete and self.all and \
            self.all[-1].seq > self._follow
        if follow:  # a correction or rewind made here: the cursor goes to its entry
            self._follow = 0  # a correction: on the entry corrected; a rewind: its entry
            self.apply_filters(self._stay_on or self.all[-1].seq)
        else:
            self.apply_filters()

    @on(Settled)
    def _settled_in_view(self) -> None:
        self.query_one(LogView).refresh()  # its lines' looks changed: drawn again

    @on(LoadFailed)
    def _load_failed(self, message: LoadFailed) -> None:
        e = message.error
        what = str(e) if isinstance(e, Refused) else f"{type(e).__name__}: {e}"
        self.complete = True
        said = _("Could not read the log: {error}").format(error=what)
        # the whole list may be shown already (a damaged row found as it settles):
        # the pane keeps saying it above each entry the cursor shows, until a
        # reading succeeds, and a toast says it once
        self._failed = said
        self.query_one("#log-state", Static).update(safe.plain(said, "bold red"))
        self.notify(said, severity="error", timeout=REFUSED_SECONDS)
        n = len(self.all)
        self.query_one("#log-filter-status", Static).update(safe.plain(ngettext(
            "{n} entry shown; reading the log failed",
            "{n} entries shown; reading the log failed", n).format(n=i18n.number(n))))
        if not isinstance(e, Refused):
            self.app.report_error(e, "reading the log")

    # -- filters -------------------------------------------------------------------------

    def apply_filters(self, keep_seq: int | None = None) -> None:
        view = self.query_one(LogView)
        if keep_seq is None and view.current is not None and view.cursor < len(view.entries) - 1:
            keep_seq = view.current.seq
        if self.session is None and not (self.area or self.character or self.text):
            shown = self.all  # no filter: the list itself (never changed in place)
        else:
            shown = self._narrowed()
            if shown is None:
                shown = filtered(self.all, self.session, self.area, self.character,
                                 self.text or None)
        self._last_filter = (self.all, self.session, self.area, self.character,
                             self.text.casefold(), shown, self.complete and self.settled)
        view.show(shown, keep_seq)
        bits = [session_name(self.session) if self.session is not None else "",
                area_name(self.area) if self.area else "", self.character or ""]
        bits = [b for b in bits if b] or [_("all entries")]
        bits.append(_("{shown} of {total}").format(shown=i18n.number(len(shown)),
                                                   total=i18n.number(len(self.all))))
        if not self.complete:
            bits.append(_("reading older…"))
        elif not self.settled:
            bits.append(_("older game times follow…"))
        line = safe.plain(" · ".join(bits))
        update_same_size(self.query_one("#log-filter-status", Static), line, line.cell_length)
        if not shown:
            self.query_one("#log-state", Static).update(_("No entry matches the filters."))

    def _narrowed(self) -> list[LogEntry] | None:
        """A search typed a letter further: the entries the last search kept,
        searched again, instead of all 100,000 (each letter typed filtered the
        whole list). Only once the list is settled: while it settles an
        entry's words grow ("— Torch burned out"), and one the last search
        left out may match now."""
        last = self._last_filter
        if last is None:
            return None
        everything, session, area, character, text, shown, settled = last
        what = self.text.casefold()
        if not (settled and self.complete and self.settled and everything is self.all
                and (session, area, character) == (self.session, self.area, self.character)
                and text and text in what):
            return None
        return filtered(shown, text=self.text)

    @on(Input.Changed, "#log-search")
    def _search(self, event: Input.Changed) -> None:
        self.text = event.value.strip()
        self.apply_filters()

    @on(Input.Submitted, "#log-search")
    def _search_done(self) -> None:
        self.query_one(LogView).focus()

    def action_search(self) -> None:
        search = self.query_one("#log-search", Input)
        search.can_focus = True
        search.focus()

    def _cycle(self, options: list, current):
        return options[(options.index(current) + 1) % len(options)] if current in options \
            else options[0]

    def action_cycle_session(self) -> None:
        sessions = [None, *sorted({e.session for e in self.all})]
        self.session = self._cycle(sessions, self.session)
        self.apply_filters()

    def action_cycle_area(self) -> None:
        # only the areas this log has entries of: a new area adds no empty stop
        present = {e.area for e in self.all}
        self.area = self._cycle([a for a in AREA_CYCLE if a is None or a in present], self.area)
        self.apply_filters()

    def action_cycle_character(self) -> None:
        names = sorted({n for e in self.all for n in e.names})
        self.character = self._cycle([None, *names], self.character)
        self.apply_filters()

    def action_clear(self) -> None:
        self.session = self.area = self.character = None
        self.text = ""
        self.query_one("#log-search", Input).value = ""
        self.apply_filters()

    # -- the campaign at the highlighted entry ------------------------------------------

    def _cursor_moved(self, _cursor: int) -> None:
        """The pane follows the cursor in the same frame as the list (a watcher
        runs as the cursor moves; the view's ``Highlighted`` message came after
        the list was drawn, so each keystroke drew twice)."""
        self._highlighted(LogView.Highlighted(self.query_one(LogView).current))

    def _highlighted(self, message: LogView.Highlighted) -> None:
        # A key pressed once shows its entry at once, in the same frame as the
        # list; while the GM holds a key down (the highlight moves again within
        # PANE_HELD seconds), only the entry they stop on is shown, that long
        # after the last move. Before, every entry waited 0.05 s on a timer: the
        # keystroke's pane came a frame or three after its list (seventh pass).
        now = monotonic()
        held, self._last_highlight = now - self._last_highlight < PANE_HELD, now
        shows = self._pane_shows
        if self._pane_timer is None and shows is not None and \
                all(a is b for a, b in zip(shows, self._pane_for(message.entry))):
            return  # shown already (the same entry, the campaign as it was)
        if self._pane_timer is not None:
            self._pane_timer.stop()
            self._pane_timer = None
        if held:
            self._pane_timer = self.set_timer(PANE_HELD, lambda: self._show_entry(message.entry))
        else:
            self._show_entry(message.entry)

    def _pane_for(self, e: LogEntry | None) -> tuple:
        app = self.app
        return (e, app.state if app.campaign is not None else None, self._failed, i18n.current())

    def _show_entry(self, e: LogEntry | None) -> None:
        self._pane_timer = None
        self._pane_shows = self._pane_for(e)
        pane = self.query_one("#log-state", Static)
        if e is None or self.app.campaign is None:
            return
        # the log as it stands: a later correction's state, as the log's lines read it
        state = self.app.campaign.state_now_at(e.seq)
        pane.border_title = _("After #{seq}").format(seq=e.seq)
        shown = as_it_stood(state, e)  # no wrapping: its lines are its height
        if self._failed is not None:
            shown = Text.assemble((self._failed, "bold red"), "\n\n", shown)
        update_same_size(pane, shown, shown.plain.count("\n"))

    def action_read(self) -> None:
        """The highlighted entry whole, however long, at any width."""
        e = self.query_one(LogView).current
        if e is None or self.app.campaign is None:
            return
        self.app.push_screen(ReadDialog(_("Entry #{seq}").format(seq=e.seq),
                                        as_it_stood(self.app.campaign.state_now_at(e.seq), e)))

    # -- correcting the past ---------------------------------------------------------

    def _entry(self) -> LogEntry | None:
        e = self.query_one(LogView).current
        if e is None:
            self.notify(_("No entry selected."))
        return e

    def _trial(self, make: Callable[[], Command]) -> tuple[Command | None, Preview | None, str]:
        """Build the command and preview it: (command, its preview, '') or the reason.
        A correction that needs dice the GM rolls (manual dice) is let through:
        they are asked for once the dialog closes; so is one whose replay is
        long (an early entry of years of bastion turns): the confirmation
        replays it with progress and a Stop (``_confirm_and_run``)."""
        try:
            command = make()
            known, seen = self.app.jobs.quick(lambda: self.app.campaign.explain(command))
            return command, seen if known else None, ""
        except DiceNeeded:
            return None, None, ""
        except Refused as err:
            return None, None, str(err)

    async def _trial_long(self, make: Callable[[], Command]) -> tuple[Command | None, Preview | None, str]:
        """``_trial`` for the confirmation: the replay may take its time, with
        progress, and the GM may stop it (then nothing is recorded)."""
        def both():
            command = make()
            return command, self.app.campaign.explain(command)
        try:
            command, seen = await self.app.jobs.run(both, _("Checking what follows the entry"))
            return command, seen, ""
        except progress.Stopped:
            self.notify(_("Stopped; nothing was recorded."), title=_("Stopped"), timeout=6)
            return None, None, ""
        except DiceNeeded:
            return None, None, ""
        except Refused as err:
            return None, None, str(err)

    def _validator(self, form: Callable[[str], str], make: Callable[[str], Command]):
        """A dialog check that builds and previews the correction the text makes,
        so a refused one stays in the dialog with its reason."""
        def check(text: str) -> str:
            return form(text) or self._trial(lambda: make(text))[2]
        return check

    async def _confirm_and_run(self, title: str, make: Callable[[], Command],
                               stay_on: int = 0) -> None:
        """Build the command, show what it would change, and record it on a yes;
        the cursor then stays on entry ``stay_on`` (else goes to the new entry)."""
        campaign = self.app.campaign
        command, seen, why = await self._trial_long(make)
        if why:
            self.notify(why, title=_("Refused"), severity="error", timeout=REFUSED_SECONDS)
            return
        if command is None:
            return
        # the dialog's frame, title and two choices take about 12 rows; its text
        # wraps at about 56 columns (dialogs.tcss: 60 wide, at most 90%)
        size = self.app.size
        text = preview_text(seen, max(3, size.height - 12), min(56, size.width * 9 // 10 - 4))
        ok = await self.app.push_screen_wait(ChoiceDialog(
            title, [("yes", _("Record it")), ("no", _("Cancel"))], help=text))
        if ok == "yes":
            self._follow, self._stay_on = campaign.seq, stay_on
            self.app.run_command(command)

    def action_reveal(self) -> None:
        """Tell the players' view what the entry under the cursor kept from them."""
        e = self._entry()
        if e is None:
            return
        try:
            command = self.app.campaign.reveal_command(e.seq)
        except Refused as why:
            self.notify(str(why), title=_("Refused"), severity="error", timeout=REFUSED_SECONDS)
            return
        self._follow = self.app.campaign.seq
        self.app.run_command(command)

    @work(exit_on_error=False)
    async def action_rewind(self) -> None:
        e = self._entry()
        if e is None:
            return
        await self._confirm_and_run(_("Rewind to #{seq} ({time})?").format(seq=e.seq,
                                                                           time=e.game_time),
                                    lambda: self.app.campaign.rewind_command(e.seq))

    @work(exit_on_error=False)
    async def action_amend_dice(self) -> None:
        e = self._entry()
        if e is None:
            return
        if not e.dice:
            self.notify(_("#{seq} rolled no dice.").format(seq=e.seq), severity="warning")
            return
        now = "; ".join(f"{i18n.dice(r.expr)}: {' '.join(map(str, r.dice))}" for r in e.dice)

        def check(text: str) -> str:
            parts = number_parts(text)
            return "" if parts and all(whole(p, 7) for p in parts) else \
                _("dice as numbers, e.g. 1 3 4")

        typed = await self.app.push_screen_wait(TextDialog(
            _("Correct the dice of #{seq}").format(seq=e.seq),
            _("Recorded: {dice}\nType the dice in rolled order").format(dice=now),
            validate=self._validator(check, lambda t: self.app.campaign.amend_command(
                e.seq, [int(p) for p in number_parts(t)])), max_length=200))
        if typed is None:
            return
        dice = [int(p) for p in number_parts(typed)]
        while True:  # a quiet check typed into an encounter needs more dice: ask for them
            try:
                self.app.campaign.amend_command(e.seq, dice)
                break
            except DiceNeeded as need:
                got = await self.app.push_screen_wait(DiceDialog(need))
                if got is None:
                    return
                dice += got
            except Refused:
                break  # said by _confirm_and_run
        await self._confirm_and_run(_("Correct #{seq}?").format(seq=e.seq), stay_on=e.seq, make=
                                    lambda: self.app.campaign.amend_command(e.seq, dice))

    @work(exit_on_error=False)
    async def action_insert_turn(self) -> None:
        e = self._entry()
        if e is None:
            return
        state = self.app.state
        choices = [(f"{kind}\t{option}", insert_label(insert, option, state))
                   for kind, insert in INSERTS.items() for option in insert.options(state)]

        def make(key: str):
            return lambda: self.app.campaign.amend_command(e.seq, insert=tuple(key.split("\t")))

        key = await self.app.push_screen_wait(ChoiceDialog(
            _("Insert after #{seq}").format(seq=e.seq), choices,
            validate=lambda k: self._trial(make(k))[2]))
        if key:
            what = dict(choices)[key].lower()
            await self._confirm_and_run(_("Insert {what} after #{seq}?").format(
                what=what, seq=e.seq), make(key), e.seq)

    @work(exit_on_error=False)
    async def action_amend_field(self) -> None:
        """Choose one of the entry's fields (shown with its value), then type its
        new value: checked in place, the dialog keeps the text."""
        e = self._entry()
        if e is None:
            return
        campaign = self.app.campaign
        try:
            fields = campaign.entry_fields(e.seq)
        except Refused as err:
            self.notify(str(err), title=_("Refused"), severity="error", timeout=REFUSED_SECONDS)
            return
        if not fields:
            self.notify(_("#{seq} has no field to correct; try its dice (m) or rewind (w).")
                        .format(seq=e.seq), severity="warning", timeout=8)
            return
        ev, at = campaign.entry_events(e.seq)[0], campaign.state_at(e.seq)
        key = await self.app.push_screen_wait(ChoiceDialog(
            _("Correct a field of #{seq}").format(seq=e.seq),
            [(k, _("{field}: {value}").format(field=field_name(k),
                                              value=choice_names(at, ev, k)(field_value(v))))
             for k, v in fields.items()],
            help=e.text))
        if key is None:
            return
        added: list[int] = []  # dice the change adds, typed where the GM rolls by hand

        def make(text: str) -> Command:
            return campaign.amend_command(e.seq, added or None, fields={key: text})

        choices = field_choices(at, ev, key)
        if choices is not None:  # a fixed set of values (the ruleset's): choose one
            now = field_value(fields[key])
            named = choice_names(at, ev, key)
            chosen = await self.app.push_screen_wait(ChoiceDialog(  # "=" keeps "" an id
                _("#{seq}: new {field}").format(seq=e.seq, field=field_name(key)),
                [(f"={c}", (_("{value}  (now)") if c == now else "{value}").format(
                    value=named(c) if c else pgettext("value", "none"))) for c in choices],
                help=_("Now: {value}").format(value=named(now) if now else pgettext("value", "none")),
                validate=lambda c: self._trial(lambda: make(c[1:]))[2]))
            if chosen is not None and await self._dice_added(lambda: make(chosen[1:]), added):
                await self._confirm_and_run(_("Correct #{seq}?").format(seq=e.seq),
                                            lambda: make(chosen[1:]), e.seq)
            return
        # a short list (a Vast Garden's types) reads and is typed in the GM's words
        now = choice_names(at, ev, key)(field_value(fields[key])) \
            if list_field(ev, key) is not None else field_value(fields[key])
        text = await self.app.push_screen_wait(TextDialog(
            _("#{seq}: new {field}").format(seq=e.seq, field=field_name(key)),
            _("Now: {value}").format(value=now if list_field(ev, key) is not None
                                     else shown_value(fields[key])),
            value=now, validate=self._validator(lambda t: "", make),
            max_length=max(200, len(now))))  # a long note stays whole
        if text is None or not await self._dice_added(lambda: make(text), added):
            return
        await self._confirm_and_run(_("Correct #{seq}?").format(seq=e.seq),
                                    lambda: make(text), e.seq)

    async def _dice_added(self, make: Callable[[], Command], added: list[int]) -> bool:
        """Ask for the dice a corrected field adds where the GM rolls by hand (a
        damage made a critical hit rolls its dice again), into ``added``; False:
        the GM stopped."""
        while True:
            try:
                make()
                return True
            except DiceNeeded as need:
                got = await self.app.push_screen_wait(DiceDialog(need))
                if got is None:
                    return False
                added += got
            except Refused:
                return True  # said by _confirm_and_run


def field_value(v) -> str:
    """A field's value as the GM types it (``yes``/``no``: what amend reads)."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    return "" if v is None else str(v)


def shown_value(v) -> str:
    """A field's value as the GM reads it: yes and no in their language."""
    return value_words(v) if isinstance(v, bool) else field_value(v)


def insert_label(insert, option: str, state) -> str:
    """"A forgotten turn: explore", the option named as the ruleset names it."""
    name = term(state.rules, f"{insert.names}.{option}", option) if insert.names else option
    label = _(insert.label)
    return _("{what}: {option}").format(what=label[:1].upper() + label[1:], option=name)


def choice_names(state, ev, key: str) -> Callable[[str], str]:
    """How the values of ``key`` read: the ruleset's names, yes and no in words."""
    if (listed := list_field(ev, key)) is not None:  # "food+herb" -> "Food + Herb"
        words = listed[1]
        return lambda c: words(state, ev, tuple(x for x in c.split("+") if x)) or c
    path = choices_named(ev, key)
    if path:
        return lambda c: term(state.rules, f"{path}.{c}", c)
    if isinstance(getattr(ev, key, None), bool):
        return lambda c: value_words(c == "yes")
    return lambda c: c


def preview_text(seen: Preview, room: int, width: int) -> str:
    """A correction or rewind in the GM's words, in about ``room`` rows of
    ``width``: the entry before and after, the later corrections it undoes,
    and what changes (cut short with "… and N more")."""
    lines = []
    if seen.entry_after:
        # TRANSLATORS: "Now:" and "After:" are two lines, their texts aligned
        lines += [_("Now:   {entry}").format(entry=seen.entry_now),
                  _("After: {entry}").format(entry=seen.entry_after), ""]
    elif seen.entry_now:
        lines += [_("Back to: {entry}").format(entry=seen.entry_now), ""]
    if seen.undoes:
        lines += [_("This also undoes {corrections}.").format(
            corrections=", ".join(seen.undoes)), ""]
    lines.append(_("What changes:"))
    used = sum(-(-max(1, len(line)) // max(1, width)) for line in lines)  # wrapped rows
    changes = [_wrapped(c, width) for c in seen.changes
               or [_("Nothing else in the campaign changes.")]]
    return "\n".join(lines + _fitted(changes, max(2, room - used)))


def _wrapped(line: str, width: int) -> list[str]:
    """A change's rows, whole: a long one ("#15 moves with it and will read:
    …") wraps under its own start rather than being cut at the dialog's edge."""
    return textwrap.wrap(line, max(8, width), initial_indent="  ", subsequent_indent="    ",
                         break_on_hyphens=False) or [f"  {line}"]


def _fitted(changes: list[list[str]], rows: int) -> list[str]:
    """The changes (each its rows) that fit in ``rows``, each whole, the rest
    counted ("… and 4 more"); the first is shown whole however long."""
    if sum(map(len, changes)) <= rows:
        return [row for rows_of in changes for row in rows_of]
    shown: list[str] = []
    for i, rows_of in enumerate(changes):
        if i and len(shown) + len(rows_of) > rows - 1:  # a row kept for the count
            n = len(changes) - i
            return shown + [ngettext("… and {n} more", "… and {n} more", n).format(n=n)]
        shown += rows_of
    return shown
