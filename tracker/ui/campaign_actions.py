"""What a GM may do on any campaign screen: notes, sessions, manual dice, house
rules. They live on the app, so every area screen (and every future one) has
them without repeating them."""

from __future__ import annotations

from textual import work

from ..core import campaign as camp
from ..core import table
from .dialogs import TextDialog, checked_by

CAMPAIGN_PALETTE = [  # (title, help, action): the palette lists these on every campaign screen
    ("GM note", "Write a note into the log", "app.note"),
    ("Private GM note", "A note the players' view never shows", "app.note_private"),
    ("Start session", "Begin the next session", "app.session_start"),
    ("End session", "End the running session", "app.session_end"),
    ("Manual dice on/off", "Type every roll yourself, or let tracker roll", "app.manual_dice"),
    ("House rule", "Change one ruleset value for this campaign", "app.house_rule"),
    ("Players see hit points: bands/exact", "How the players' view (tracker serve) shows "
     "hit points: wounded, ... or 5/7", "app.players_hp"),
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
            "Private GM note" if private else "GM note",
            "Goes into the log; the players' view never shows it" if private else
            "Goes into the log (and the players' view)",
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
            "House rule: key = value", "e.g. dungeon.wandering.every_turns = 3",
            validate=checked_by(self, lambda t: "" if "=" in t else "write key = value",
                                _house_rule), max_length=500))
        if text is not None:
            self.run_command(_house_rule(text))
