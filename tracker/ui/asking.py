"""What an area screen asks the GM with: a choice, a line of text checked in
place before the dialog closes, and a refusal said before asking any more."""

from __future__ import annotations

from ..i18n import _
from .dialogs import REFUSED_SECONDS, ChoiceDialog, TextDialog, checked_by, refusal


class Asking:
    """Mixed into an area screen (``class XScreen(Asking, Screen)``)."""

    ASK_MAX = 200  # characters a text answer may have unless the question says

    async def _choose(self, title: str, options: list[tuple[str, str]], help: str = "",
                      validate=None, initial: str | None = None) -> str | None:
        return await self.app.push_screen_wait(ChoiceDialog(title, options, help, validate,
                                                            initial))

    async def _ask(self, title: str, help: str = "", validate=None, value: str = "",
                   max_length: int | None = None) -> str | None:
        return await self.app.push_screen_wait(TextDialog(
            title, help, value, validate=validate, max_length=max_length or self.ASK_MAX))

    def _check(self, form, make):
        """A dialog validator that previews the command the text makes."""
        return checked_by(self.app, form, make)

    def _refused(self, command) -> bool:
        """Say so, and True, when ``command`` cannot be done now (before asking more)."""
        why = refusal(self.app, command)
        if why:
            self.notify(why, title=_("Refused"), severity="error", timeout=REFUSED_SECONDS)
        return bool(why)
