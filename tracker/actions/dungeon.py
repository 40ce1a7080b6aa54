"""The dungeon's actions: entering and leaving, levels, turns, checks, fast travel."""

from ..core import dungeon as dun
from .spec import Action, arg

ACTIONS = (
    Action("enter-dungeon", "enter a dungeon",
           (arg("dungeon", nargs="?", default=""), arg("--depth", type=int, default=1)),
           lambda a, c: dun.EnterDungeon(a.dungeon, a.depth)),
    Action("leave-dungeon", "leave the dungeon (--hasty: save versus Doom, Dolmenwood)",
           (arg("--hasty", action="store_true"),
            arg("--map", action="store_true", help="the party has a map with its position marked"),
            arg("--route", action="store_true", help="the party knows a safe route out"),
            arg("--gm", type=int, default=0, metavar="N",
                help="the GM's bonus (a very small dungeon) or penalty (a sprawling one)")),
           lambda a, c: dun.LeaveDungeon(a.hasty, a.map, a.route, a.gm)),
    Action("depth", "go to dungeon level N", (arg("level", type=int),),
           lambda a, c: dun.ChangeDepth(a.level)),
    Action("turn", "advance one or more turns (several stop at an encounter, a light going "
           "out or a rest falling due; never into the rest penalty)",
           (arg("n", type=int, nargs="?", metavar="N", help="how many turns (or --count)"),
            arg("--count", type=int, default=1), arg("--activity", default="explore")),
           lambda a, c: dun.AdvanceTurn(a.n if a.n is not None else a.count, a.activity)),
    Action("rest", "take a rest turn", (), lambda a, c: dun.AdvanceTurn(1, "rest")),
    Action("check", "roll an extra wandering-monster check", (), lambda a, c: dun.RollCheck()),
    Action("fast-travel", "move through explored areas (Dolmenwood)",
           (arg("--feet", type=int, required=True),), lambda a, c: dun.FastTravel(a.feet)),
)
