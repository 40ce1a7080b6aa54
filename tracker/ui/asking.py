"""What an area screen asks the GM with: a choice, a line of text checked in
place before the dialog closes, and a refusal said before asking any more."""

from __future__ import annotations

from ..i18n import _
from .dialogs import REFUSED_SECONDS, ChoiceDialog, TextDialog, checked_by, refusal


class Asking:
    """Mixed into an area screen (``class XScreen(Asking, Screen)``)."""

    ASK_MAX = 200  # characters a text answer may have unless the question says

    async def _choose(self, title, options: list[tuple[str, str]], help="",
                      validate=None, initial: str | None = None) -> str | None:
        """``title`` and ``help`` may be functions of the campaign: read again
        when another tracker writes while the dialog is open."""
        _caught_up(self.app)
        return await self.app.push_screen_wait(ChoiceDialog(title, options, help, validate,
                                                            initial))

    async def _ask(self, title: str, help: str = "", validate=None, value: str = "",
                   max_length: int | None = None) -> str | None:
        _caught_up(self.app)
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


def _caught_up(app) -> None:
    """The campaign as another tracker left it, before a dialog reads it: the
    answers' checks and the flow's next steps read ``app.state`` (gm-review7 C3)."""
    catch_up = getattr(app, "catch_up_now", None)
    if catch_up is not None:
        catch_up()
