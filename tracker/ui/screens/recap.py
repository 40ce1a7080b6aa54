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
from textual.widgets import Footer, Header, Markdown

from ... import recap
from ...core.errors import Refused
from ...service import LogReader
from .. import safe
from ..areas import area_screen
from ..repaint import follow_state


@area_screen("recap", key="3", title="Recap", help="A session in a few lines, as Markdown",
             css="recap.tcss", order=30)
class RecapScreen(Screen):
    BINDINGS = [
        Binding("left", "session(-1)", "Previous", id="recap.previous"),
        Binding("right", "session(1)", "Next", id="recap.next"),
        Binding("a", "all", "All", id="recap.all"),
        Binding("x", "export", "Export", id="recap.export"),
    ]
    PALETTE = [
        ("Previous session", "Recap the session before", "session(-1)"),
        ("Next session", "Recap the session after", "session(1)"),
        ("All sessions", "One recap of the whole campaign", "all"),
        ("Export recap", "Write the recap as Markdown into the saves folder", "export"),
    ]

    @dataclass
    class Built(Message):
        markdown: str  # names and notes escaped, for the screen
        export: str  # as `tracker export --format markdown` writes it
        sessions: list[int]
        played: list[int]

    def __init__(self):
        super().__init__()
        self.played: list[int] = []
        self.sessions: list[int] | None = None
        self.text = ""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Markdown("Building the recap…", id="recap", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        follow_state(self, lambda _: self.rebuild())

    def rebuild(self) -> None:
        if self.app.campaign is not None:
            self._build(self.app.campaign.reader, self.app.campaign.name, self.sessions)

    @work(thread=True, exclusive=True, group="recap", exit_on_error=False)
    def _build(self, open_reader: Callable[[], LogReader], name: str,
               sessions: list[int] | None) -> None:
        """Build the recap. Any failure becomes a line on screen (and, when it is
        a bug, a notification): it never ends the app."""
        r, played, export = None, [], ""
        try:
            with open_reader() as log:  # opened here: its connection is this thread's
                envs = list(log.read())
                played = sorted({e.session for e in envs if e.session > 0}) or [0]
                r = recap.build(name, envs, log.state_at, sessions)
                text = recap.markdown(r, escape=True)
                export = recap.markdown(r)
        except (ValueError, Refused) as e:  # nothing to recap, or a file that cannot be read
            text, played, r = f"*{safe.md(e)}*", [], None
        except Exception as e:  # noqa: BLE001 - a bug: shown, reported, the app goes on
            text, r = f"**Could not build the recap:** {safe.md(f'{type(e).__name__}: {e}')}", None
            self.app.call_from_thread(self.app.report_error, e, "building the recap")
        self.post_message(self.Built(text, export, r.sessions if r else [], played))

    @on(Built)
    def _built(self, message: Built) -> None:
        self.text = message.export
        self.played = message.played
        self.sessions = message.sessions or self.sessions
        self.query_one(Markdown).update(message.markdown)

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
            path.write_text(self.text, encoding="utf-8")
        except OSError as e:
            self.notify(f"cannot write {path}: {e.strerror}", severity="error")
            return
        self.notify(f"Recap written to {path}")
