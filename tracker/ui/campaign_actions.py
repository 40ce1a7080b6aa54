"""What a GM may do on any campaign screen: notes, sessions, manual dice, house
rules, language. They live on the app, so every area screen (and every future
one) has them without repeating them."""

from __future__ import annotations

from textual import work

from .. import i18n
from ..core import campaign as camp
from ..core import table
from ..i18n import N_, _
from .dialogs import ChoiceDialog, TextDialog, checked_by, refusal

CAMPAIGN_PALETTE = [  # (title, help, action): the palette lists these on every campaign screen
    (N_("GM note"), N_("Write a note into the log"), "app.note"),
    (N_("Private GM note"), N_("A note the players' view never shows"), "app.note_private"),
    (N_("Start session"), N_("Begin the next session"), "app.session_start"),
    (N_("End session"), N_("End the running session"), "app.session_end"),
    (N_("Manual dice on/off"), N_("Type every roll yourself, or let tracker roll"),
     "app.manual_dice"),
    (N_("House rule"), N_("Change one ruleset value for this campaign"), "app.house_rule"),
    (N_("Language"), N_("The language this campaign reads in (en, da, uk)"), "app.language"),
    (N_("Players see hit points: bands/exact"), N_("How the players' view (tracker serve) "
                                                    "shows hit points: wounded, ... or 5/7"),
     "app.players_hp"),
]
CAMPAIGN_ACTIONS = {action.removeprefix("app.") for _, _, action in CAMPAIGN_PALETTE}


def _house_rule(text: str) -> camp.ChangeHouseRule:
    key, value = (p.strip() for p in text.split("=", 1))
    return camp.ChangeHouseRule(key, value)


class CampaignActions:
    """Mixed into the app. Each action sends its command through ``run_command``."""

    @work(exit_on_error=False)
    async def action_note(self, private: bool = False) -> None:
        text = await self.push_screen_wait(TextDialog(
            _("Private GM note") if private else _("GM note"),
            _("Goes into the log; the players' view never shows it") if private else
            _("Goes into the log (and the players' view)"),
            validate=checked_by(self, None, camp.AddNote), max_length=10_000))
        if text is not None:
            self.run_command(camp.AddNote(text, private))

    def action_note_private(self) -> None:
        self.action_note(True)

    def action_players_hp(self) -> None:
        self.run_command(table.SetPlayersHp("exact" if self.state.table.hp == "bands"
                                            else "bands"))

    def action_session_start(self) -> None:
        self.run_command(camp.StartSession())

    def action_session_end(self) -> None:
        self.run_command(camp.EndSession())

    def action_manual_dice(self) -> None:
        self.run_command(camp.SetManualDice(not self.state.manual_dice))

    @work(exit_on_error=False)
    async def action_house_rule(self) -> None:
        text = await self.push_screen_wait(TextDialog(
            _("House rule: key = value"), _("e.g. dungeon.wandering.every_turns = 3"),
            validate=checked_by(self, lambda t: "" if "=" in t else _("write key = value"),
                                _house_rule), max_length=500))
        if text is not None:
            self.run_command(_house_rule(text))

    @work(exit_on_error=False)
    async def action_language(self) -> None:
        """The campaign's language, recorded in its log like a house rule; this
        run shows it at once (unless --lang or the locale variables say otherwise)."""
        options = [(code, f"{i18n.NATIVE_NAMES.get(code, code)} ({code})")
                   for code in i18n.available()]
        code = await self.push_screen_wait(ChoiceDialog(
            _("Language"), options, help=_("From now on; the whole log reads in it"),
            validate=lambda c: refusal(self, camp.SetLanguage(c))))
        if code:
            self.run_command(camp.SetLanguage(code))
