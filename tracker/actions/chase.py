"""The chase's actions: the 2024 chase turn by turn, and B/X evasion."""

from ..core import chase
from ..i18n import N_
from .spec import Action, arg


def _names(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in text.split(",") if t.strip())


_WHO = arg("who", metavar="NAME")
# what a complication the turn rolls may need that the tracker does not know
_COMPLICATION = (
    arg("--save-bonus", type=int, help=N_("the afflicted runner's save modifier (default: known "
        "for party members and Con saves, else +0)")),
    arg("--creature", default="", help=N_("a creature that joins the chase: its name")),
    arg("--creature-speed", type=int, help=N_("its speed (default: its quarry's)")))


def _turn(a, dash: bool) -> chase.TakeTurn:
    return chase.TakeTurn(a.feet, dash, a.save_bonus, a.creature, a.creature_speed)

ACTIONS = (
    Action("start-chase", N_("begin a chase (D&D 2024): the setting's complication table and "
           "how far ahead the quarry starts"),
           (arg("--setting", default="urban"), arg("--distance", type=int, default=30)),
           lambda a, c: chase.StartChase(a.setting, a.distance)),
    Action("join-chase", N_("add a participant: a party member (numbers from the party) or "
           "someone named with --speed"),
           (_WHO, arg("--side", choices=("quarry", "pursuer"), default="quarry"),
            arg("--speed", type=int), arg("--con", type=int, default=0,
                help=N_("Con modifier, e.g. 2 (not the score; not a party member)")),
            arg("--stealth", type=int, default=0), arg("--perception", type=int, default=10),
            arg("--init", type=int, default=0, help=N_("initiative bonus (not a party member)")),
            arg("--target", default="", help=N_("a pursuer's quarry")),
            arg("--at", type=int, help=N_("feet along the route"))),
           lambda a, c: chase.JoinChase(a.who, a.side, a.speed, a.con, a.stealth,
                                        a.perception, a.init, a.target, a.at)),
    Action("chase-move", N_("the participant whose turn it is moves (and rolls a complication)"),
           (arg("--feet", type=int, help=N_("default: its speed")), *_COMPLICATION),
           lambda a, c: _turn(a, False)),
    Action("dash", N_("the participant whose turn it is dashes (a Con save past the free dashes)"),
           (arg("--feet", type=int, help=N_("default: twice its speed")), *_COMPLICATION),
           lambda a, c: _turn(a, True)),
    Action("escape", N_("a quarry out of its lead pursuer's sight rolls Stealth"),
           (_WHO, arg("--factors", type=_names, default=(),
                             help=N_("escape factors, comma-separated (e.g. cover,crowd)"))),
           lambda a, c: chase.TryEscape(a.who, a.factors)),
    Action("give-up", N_("a participant leaves the chase"), (_WHO,),
           lambda a, c: chase.LeaveChase(a.who)),
    Action("swap-side", N_("roles reverse: a quarry turns pursuer (of --target) or a pursuer flees"),
           (_WHO, arg("--target", default="")),
           lambda a, c: chase.SwapSide(a.who, a.target)),
    Action("end-chase", N_("end the chase or evasion: caught, gave up or escaped"),
           (arg("outcome", choices=("caught", "gave up", "escaped")),),
           lambda a, c: chase.EndChase(a.outcome)),
    Action("start-evasion", N_("B/X: the party flees (dungeon, wilderness or sea)"),
           (arg("where", choices=chase.WHERE), arg("--monster-speed", type=int, required=True),
            arg("--party-speed", type=int), arg("--morale", type=int, default=0),
            arg("--no-pursuit", action="store_true", help=N_("the GM says they do not pursue")),
            arg("--fleeing", type=int), arg("--pursuers", type=int, default=1),
            arg("--gap", type=int, help=N_("feet between the two sides (at sea: the ships); "
                "default: the distance of the encounter it follows")),
            arg("--surprised", choices=("party", "monsters", "nobody"),
                help=N_("wilderness: who was surprised (default: as the encounter it follows "
                "rolled)"))),
           lambda a, c: chase.StartEvasion(a.where, a.monster_speed, a.party_speed, a.morale,
                                           not a.no_pursuit, a.fleeing, a.pursuers, a.gap,
                                           "" if a.surprised == "nobody" else a.surprised)),
    Action("run", N_("B/X: a round of running"), (), lambda a, c: chase.RunRound()),
    Action("drop", N_("B/X: drop treasure or food to stop the pursuers"),
           (arg("kind", choices=("treasure", "food")),
            arg("--rations", type=int, default=1, help=N_("food: rations dropped (from supplies)"))),
           lambda a, c: chase.DropBait(a.kind, a.rations)),
    Action("evade", N_("B/X: the percentile evasion roll (wilderness, sea)"),
           (arg("--terrain", type=_names, default=()),),
           lambda a, c: chase.RollEvasion(a.terrain)),
    Action("pursuit-day", N_("B/X: a day of wilderness pursuit (the day passes)"),
           (arg("--direction", default="",
                help=N_("which way the party flees, where the ruleset has no table")),),
           lambda a, c: chase.PursueDay(a.direction)),
)
