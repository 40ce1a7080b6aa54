"""Campaign-wide actions: notes, sessions, manual dice, house rules."""

from ..core import campaign as camp
from .spec import Action, arg

ACTIONS = (
    Action("note", "add a GM note (--private: kept from the players' view)",
           (arg("text"), arg("--private", action="store_true",
                             help="the players' view (tracker serve) never shows it")),
           lambda a, c: camp.AddNote(a.text, a.private)),
    Action("session-start", "start the next session", (), lambda a, c: camp.StartSession()),
    Action("session-end", "end the running session", (), lambda a, c: camp.EndSession()),
    Action("manual-dice", "switch manual dice on or off for this campaign",
           (arg("switch", choices=["on", "off"]),),
           lambda a, c: camp.SetManualDice(a.switch == "on")),
    Action("house-rule", "change one ruleset value for this campaign, e.g. "
           "dungeon.wandering.every_turns 3", (arg("key"), arg("value")),
           lambda a, c: camp.ChangeHouseRule(a.key, a.value)),
)
