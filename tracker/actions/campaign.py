"""Campaign-wide actions: notes, sessions, manual dice, house rules, language."""

from ..core import campaign as camp
from ..i18n import N_
from .spec import Action, arg

ACTIONS = (
    Action("note", N_("add a GM note (--private: kept from the players' view)"),
           (arg("text"), arg("--private", action="store_true",
                             help=N_("the players' view (tracker serve) never shows it"))),
           lambda a, c: camp.AddNote(a.text, a.private)),
    Action("session-start", N_("start the next session"), (), lambda a, c: camp.StartSession()),
    Action("session-end", N_("end the running session"), (), lambda a, c: camp.EndSession()),
    Action("manual-dice", N_("switch manual dice on or off for this campaign"),
           (arg("switch", choices=["on", "off"]),),
           lambda a, c: camp.SetManualDice(a.switch == "on")),
    Action("house-rule", N_("change one ruleset value for this campaign, e.g. "
           "dungeon.wandering.every_turns 3"), (arg("key"), arg("value")),
           lambda a, c: camp.ChangeHouseRule(a.key, a.value)),
    Action("language", N_("the language the campaign reads in from now on: en, da, uk"),
           (arg("code"),), lambda a, c: camp.SetLanguage(a.code)),
)
