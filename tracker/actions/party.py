"""The party's actions: characters, damage and healing, XP and levels, conditions,
rests, death saves and combat rounds."""

from ..core import party
from ..core.party.names import ability_abbreviation
from ..i18n import N_
from .spec import Action, arg, ints

_CHAR = arg("char", metavar="NAME")


def _ability_order(rules) -> str:
    """The abilities as --abilities takes them, in the ruleset's order, as the
    sheet abbreviates them in the run's language ("STR,DEX,CON,INT,WIS,CHA")."""
    if rules.party is None or not rules.party.abilities:
        return ""
    return ",".join(ability_abbreviation(rules, a) for a in rules.party.abilities)


ACTIONS = (
    Action("add-character", N_("add a character: --class C with --abilities (its scores, in "
           "the ruleset's order) or --roll-abilities (the ruleset's procedure); without a "
           "class, a hireling"),
           (_CHAR, arg("--class", dest="cls", metavar="C", names="party.classes.*"), arg("--level", type=int, default=1),
            # the campaign's order where the help is for one (D&D 2024: STR,DEX,CON,...)
            arg("--abilities", type=ints, metavar="S,I,W,D,C,CH", metavar_of=_ability_order,
                help=N_("in the ruleset's order (tracker state shows it)")),
            arg("--roll-abilities", action="store_true", help=N_("roll them, in order")),
            arg("--hp", type=int, help=N_("hit points (default: rolled as the ruleset says)")),
            arg("--ac", type=int, help=N_("armour class (default: the ruleset's unarmoured AC)"))),
           lambda a, c: party.AddCharacter(a.char, a.cls or "", a.level,
                                           tuple(a.abilities or ()), a.roll_abilities,
                                           a.hp, a.ac)),
    Action("damage", N_("NAME N|DICE: a character takes N damage, or rolls it (2d6+1; "
           "--dice to type the dice)"),
           (_CHAR, arg("amount", metavar="N|DICE"),
            arg("--critical", action="store_true",
                help=N_("a critical hit: its damage dice rolled as often as the ruleset says "
                        "(D&D 2024: twice), and at 0 HP two failed death saves"))),
           lambda a, c: party.damage_from(a.char, a.amount, a.critical)),
    Action("heal", N_("NAME N|DICE: heal N hit points, or roll them (2d4+2; --dice to type "
           "the dice); never above the maximum"),
           (_CHAR, arg("amount", metavar="N|DICE")),
           lambda a, c: party.heal_from(a.char, a.amount)),
    Action("xp", N_("N [--to NAME ...]: award N XP split among the named (default: every living "
           "character with a class), each with their prime-requisite bonus"),
           (arg("amount", type=int), arg("--to", nargs="+", default=[], metavar="NAME")),
           lambda a, c: party.AwardXP(a.amount, tuple(a.to))),
    Action("condition", N_("NAME COND [--off]: set or clear a condition"),
           (_CHAR, arg("condition", names="party.conditions.*"), arg("--off", action="store_true")),
           lambda a, c: party.SetCondition(a.char, a.condition, not a.off)),
    Action("exhaustion", N_("NAME N: set the exhaustion level (D&D 2024: 6 is death)"),
           (_CHAR, arg("level", type=int)), lambda a, c: party.SetExhaustion(a.char, a.level)),
    Action("level-up", N_("NAME: gain a level when the XP table allows, with its hit points"),
           (_CHAR,), lambda a, c: party.LevelUp(a.char)),
    Action("load", N_("NAME COINS: weight carried, in coins, for the movement rate"),
           (_CHAR, arg("coins", type=int)), lambda a, c: party.SetLoad(a.char, a.coins)),
    Action("short-rest", N_("[NAME[=N] ...]: a short rest (D&D 2024, 1 hour); each named "
           "character spends N Hit Point Dice (default 1)"),
           (arg("spend", nargs="*", metavar="NAME[=N]"),),
           lambda a, c: party.short_rest_from(",".join(a.spend))),
    Action("long-rest", N_("a long rest (D&D 2024, 8 hours): all hit points and Hit Point Dice "
           "back, one exhaustion level less"), (), lambda a, c: party.LongRest()),
    Action("death-save", N_("NAME: roll a death save for a character at 0 HP (D&D 2024)"),
           (_CHAR,), lambda a, c: party.DeathSave(a.char)),
    Action("rounds", N_("N: N combat rounds pass on the clock (effects in rounds end on time)"),
           (arg("rounds", type=int, metavar="N"),), lambda a, c: party.AdvanceRounds(a.rounds)),
    Action("rename-character", N_("rename a character"), (arg("old"), arg("new")),
           lambda a, c: party.RenameCharacter(a.old, a.new)),
    Action("remove-character", N_("remove a character from the party"), (_CHAR,),
           lambda a, c: party.RemoveCharacter(a.char)),
)
