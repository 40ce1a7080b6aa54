"""The recap screen: a session (or all of them) in a few lines, with charts,
and the same Markdown that `tracker export --format markdown` writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer

from ..widgets.header import Header
from ..widgets.recap_view import RecapView
from ... import recap
from ... import atomic, i18n
from ...core.errors import Refused
from ...i18n import N_, _
from ...service import LogReader
from .. import safe
from ..areas import area_screen
from ..repaint import follow_state


@area_screen("recap", key="3", title=N_("Recap"), help=N_("A session in a few lines, as Markdown"),
             css="recap.tcss", order=30)
class RecapScreen(Screen):
    BINDINGS = [
        Binding("left", "session(-1)", N_("Previous"), id="recap.previous"),
        Binding("right", "session(1)", N_("Next"), id="recap.next"),
        Binding("a", "all", N_("All"), id="recap.all"),
        Binding("x", "export", N_("Export"), id="recap.export"),
    ]
    PALETTE = [
        (N_("Previous session"), N_("Recap the session before"), "session(-1)"),
        (N_("Next session"), N_("Recap the session after"), "session(1)"),
        (N_("All sessions"), N_("One recap of the whole campaign"), "all"),
        (N_("Export recap"), N_("Write the recap as Markdown into the saves folder"), "export"),
    ]

    @dataclass
    class Built(Message):
        markdown: str  # names and notes escaped, for the screen
        export: str  # as `tracker export --format markdown` writes it
        sessions: list[int]
        played: list[int]
        number: int = 0  # the build's (RecapScreen.builds)

    # a change while shown rebuilds after this long without another: a GM
    # typing turns pays for one rebuild when they pause, not one per key
    SETTLE = 0.25

    def __init__(self):
        super().__init__()
        self.played: list[int] = []
        self.sessions: list[int] | None = None
        self.text = ""
        self.shown_markdown: str | None = None
        self.shown_sessions: list[int] = []  # the sessions of the recap shown
        self.recapper = recap.Recapper()  # what the last build read and worked out
        self.builds = 0  # each build's number: only the newest one's result is shown
        self._settle_timer = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield RecapView(_("Building the recap…"), id="recap", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        # shown (or shown again after changes): built at once; a change while
        # shown: rebuilt once the GM pauses
        follow_state(self, lambda _state: self.rebuild_when_settled(),
                     when_shown=lambda _state: self.rebuild())

    def dress(self) -> None:
        """After a change of language (the app recomposed the screen): built again in it."""
        self.shown_markdown = None
        self.rebuild()

    def rebuild_when_settled(self) -> None:
        """Rebuild ``SETTLE`` seconds after the last change; until then the recap
        of the state before stays (it is rebuilt from the log as it then stands)."""
        if self._settle_timer is not None:
            self._settle_timer.stop()
        self._settle_timer = self.set_timer(self.SETTLE, self.rebuild)

    def rebuild(self) -> None:
        if self._settle_timer is not None:
            self._settle_timer.stop()
            self._settle_timer = None
        if self.app.campaign is not None:
            self.builds += 1
            self._build(self.app.campaign.reader, self.app.campaign.name, self.sessions,
                        self.builds, i18n.current())

    @work(thread=True, exclusive=True, group="recap", exit_on_error=False)
    def _build(self, open_reader: Callable[[], LogReader], name: str,
               sessions: list[int] | None, number: int = 0, lang: str = i18n.ENGLISH) -> None:
        """Build the recap in ``lang`` (the app's: this thread does not share its
        context). Any failure becomes a line on screen (and, when it is a bug, a
        notification): it never ends the app."""
        with i18n.using(lang, i18n.game_of(self.app.state)):
            self._build_in(open_reader, name, sessions, number)

    def _build_in(self, open_reader: Callable[[], LogReader], name: str,
                  sessions: list[int] | None, number: int) -> None:
        r, played, export = None, [], ""
        try:
            with open_reader() as log:  # opened here: its connection is this thread's
                r, played = self.recapper.build(name, log, sessions)
                text = recap.markdown(r, escape=True)
                export = recap.markdown(r)
        except (ValueError, Refused) as e:  # nothing to recap, or a file that cannot be read
            text, played, r = f"*{safe.md(e)}*", [], None
        except Exception as e:  # noqa: BLE001 - a bug: shown, reported, the app goes on
            text = "**" + _("Could not build the recap:") + "** " + \
                safe.md(f"{type(e).__name__}: {e}")
            r = None
            self.app.call_from_thread(self.app.report_error, e, "building the recap")
        self.post_message(self.Built(text, export, r.sessions if r else [], played, number))

    @on(Built)
    def _built(self, message: Built) -> None:
        if message.number != self.builds:
            return  # an older build that finished late: a newer one is on its way
        self.text = message.export
        self.played = message.played
        other = message.sessions != self.shown_sessions  # another recap: read from its top
        self.shown_sessions = message.sessions
        self.sessions = message.sessions or self.sessions
        if message.markdown != self.shown_markdown:  # the same text: nothing to redraw
            self.shown_markdown = message.markdown
            self.query_one(RecapView).update(message.markdown, top=other)

    def action_session(self, step: int) -> None:
        if not self.played:
            return
        current = (self.sessions or self.played[-1:])[0]
        i = self.played.index(current) if current in self.played else len(self.played) - 1
        self.sessions = [self.played[max(0, min(len(self.played) - 1, i + step))]]
        self.rebuild()

    def action_all(self) -> None:
        self.sessions = list(self.played)
        self.rebuild()

    def action_export(self) -> None:
        if not self.text or self.app.campaign is None:
            return
        which = "-".join(map(str, (self.sessions or [0])[:1] + (self.sessions or [0])[-1:]))
        path = self.app.saves / f"{self.app.campaign.name}-recap-{which}.md"
        try:
            atomic.write_text(path, self.text)  # a full disk keeps the recap there was
        except OSError as e:
            self.notify(_("cannot write {path}: {reason}").format(path=path, reason=e.strerror),
                        severity="error")
            return
        self.notify(_("Recap written to {path}").format(path=path))
