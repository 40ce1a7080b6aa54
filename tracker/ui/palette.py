"""The command palette reaches every action of the current screen and the app."""

from __future__ import annotations

import re
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

APP_ACTIONS = [
    ("Undo", "Undo the last action (it stays in the log, struck through)", "app.undo"),
    ("Redo", "Redo the last undone action", "app.redo"),
    ("Dungeon screen", "The turn clock (1)", "app.show_area('dungeon')"),
    ("Log screen", "Every entry, filters, corrections and rewind (2)", "app.show_area('log')"),
    ("Recap screen", "A session in a few lines, as Markdown (3)", "app.show_area('recap')"),
    ("Party screen", "Characters, hit points, XP, conditions (4)", "app.show_area('party')"),
    ("Campaigns", "Close this campaign and pick another", "app.picker"),
]
ALWAYS = [
    ("Keys", "The keys of this screen", "app.keys"),
    ("Quit", "Leave tracker (offers to end the session)", "app.quit"),
]
_TYPED_KEY = re.compile(r"\s*\([^()]*\)$")  # "(t)" at the end of a help line


class ScreenActions(Provider):
    """Lists ``PALETTE`` of the screen the palette was opened over, then the app's."""

    def _items(self) -> list[tuple[str, str, str]]:
        items = list(getattr(self.screen, "PALETTE", []))
        if getattr(self.app, "campaign", None) is not None:
            items += APP_ACTIONS
        items += ALWAYS
        return [(title, self._with_key(help_, action), action) for title, help_, action in items]

    def _with_key(self, help_: str, action: str) -> str:
        """The help line with the key that runs ``action`` now, read from the
        bindings (a remapped key shows as remapped), not from the text."""
        help_ = _TYPED_KEY.sub("", help_)
        bare = action.removeprefix("app.")
        for active in self.screen.active_bindings.values():
            b = active.binding
            if b.action in (action, bare, f"app.{bare}") or \
                    (action.startswith("app.") and b.action == bare):
                return f"{help_} ({self.app.get_key_display(b)})"
        return help_

    async def _run(self, action: str) -> None:
        await self.app.run_action(action, self.screen)

    async def discover(self) -> Hits:
        for title, help_, action in self._items():
            yield DiscoveryHit(title, partial(self._run, action), help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_, action in self._items():
            score = max(matcher.match(title), matcher.match(help_) * 0.5)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._run, action), help=help_)
