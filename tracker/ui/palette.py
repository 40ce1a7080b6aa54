"""The command palette reaches every action of the current screen and the app.
No key is typed into its text: each entry shows the key bound to its action
now, read from the live bindings, so a remapped key shows as remapped."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from ..i18n import N_, _
from .areas import area_screens
from .campaign_actions import CAMPAIGN_PALETTE

# (title, help, action), marked N_() and translated where the palette shows them
HISTORY = [
    (N_("Undo"), N_("Undo the last action (it stays in the log, struck through)"), "app.undo"),
    (N_("Redo"), N_("Redo the last undone action"), "app.redo"),
]
CAMPAIGNS = [(N_("Campaigns"), N_("Close this campaign and pick another"), "app.picker")]
ALWAYS = [
    (N_("Keys"), N_("The keys of this screen"), "app.keys"),
    (N_("Quit"), N_("Leave tracker (offers to end the session)"), "app.quit"),
]


def campaign_items() -> list[tuple[str, str, str]]:
    """What the palette offers on every screen while a campaign is open, translated."""
    screens = [(_("{screen} screen").format(screen=_(a.title)), _(a.help),
                f"app.show_area('{a.name}')") for a in area_screens()]
    return [(_(t), _(h), a) for t, h, a in CAMPAIGN_PALETTE + HISTORY] + screens + \
        [(_(t), _(h), a) for t, h, a in CAMPAIGNS]


class ScreenActions(Provider):
    """Lists ``PALETTE`` of the screen the palette was opened over, then the app's."""

    def _items(self) -> list[tuple[str, str, str]]:
        items = [(_(t), _(h), a) for t, h, a in getattr(self.screen, "PALETTE", [])]
        if getattr(self.app, "campaign", None) is not None:
            items += campaign_items()
        items += [(_(t), _(h), a) for t, h, a in ALWAYS]
        return [(title, self._with_key(help_, action), action) for title, help_, action in items]

    def _with_key(self, help_: str, action: str) -> str:
        """The help line and the key that runs ``action`` on this screen, if any."""
        on_app = action.startswith("app.")
        bare = action.removeprefix("app.")
        for active in self.screen.active_bindings.values():
            b = active.binding
            if b.action == action or (b.action == bare and (active.node is self.app) == on_app):
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
