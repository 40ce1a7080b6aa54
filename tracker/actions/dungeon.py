"""The dungeon's actions: entering and leaving, levels, turns, checks, fast travel."""

from ..core import dungeon as dun
from ..i18n import N_
from .spec import Action, arg

ACTIONS = (
    Action("enter-dungeon", N_("enter a dungeon"),
           (arg("dungeon", nargs="?", default=""), arg("--depth", type=int, default=1)),
           lambda a, c: dun.EnterDungeon(a.dungeon, a.depth)),
    Action("leave-dungeon", N_("leave the dungeon (--hasty: save versus Doom, Dolmenwood)"),
           (arg("--hasty", action="store_true"),
            arg("--map", action="store_true", help=N_("the party has a map with its position marked")),
            arg("--route", action="store_true", help=N_("the party knows a safe route out")),
            arg("--gm", type=int, default=0, metavar="N",
                help=N_("the GM's bonus (a very small dungeon) or penalty (a sprawling one)"))),
           lambda a, c: dun.LeaveDungeon(a.hasty, a.map, a.route, a.gm)),
    Action("depth", N_("go to dungeon level N"), (arg("level", type=int),),
           lambda a, c: dun.ChangeDepth(a.level)),
    Action("turn", N_("advance one or more turns (several stop at an encounter, a light going "
           "out or a rest falling due; never into the rest penalty)"),
           (arg("n", type=int, nargs="?", metavar="N", help=N_("how many turns (or --count)")),
            arg("--count", type=int, default=1), arg("--activity", default="explore")),
           lambda a, c: dun.AdvanceTurn(a.n if a.n is not None else a.count, a.activity)),
    Action("rest", N_("take a rest turn"), (), lambda a, c: dun.AdvanceTurn(1, "rest")),
    Action("check", N_("roll an extra wandering-monster check"), (), lambda a, c: dun.RollCheck()),
    Action("fast-travel", N_("move through explored areas (Dolmenwood)"),
           (arg("--feet", type=int, required=True),), lambda a, c: dun.FastTravel(a.feet)),
)
