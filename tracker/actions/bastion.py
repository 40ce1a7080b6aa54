"""Bastions (D&D 2024): founding, facilities, walls, gold, downtime and turns."""

import argparse
import re

from ..core import bastion as bas
from ..core.errors import Refused
from ..core.numbers import parse_int
from ..i18n import N_, _
from .spec import Action, Usage, arg


def _order(text: str) -> tuple[str, str, int, tuple[str, ...], str]:
    """FACILITY:ORDER, FACILITY:ORDER:GP or FACILITY:ORDER:ANIMAL+ANIMAL...,
    each with :WHAT after it where the order asks what is made or for a
    trainer (facility by # or by kind; animals a Stable trades, by id)."""
    parts = text.split(":", 3)
    if len(parts) < 2 or not all(parts[:2]):
        raise argparse.ArgumentTypeError(
            _("expected FACILITY:ORDER or FACILITY:ORDER:GP, e.g. barrack:recruit (got {text!r})")
            .format(text=text))
    what = parts[3].strip() if len(parts) == 4 else ""
    last = parts[2].strip() if len(parts) >= 3 else ""
    if last and not re.fullmatch(r"[+-]?\d+", last):  # animals, e.g. stable:mounts:pony+mule
        return parts[0], parts[1], 0, tuple(a.strip() for a in last.split("+")), what
    try:
        return parts[0], parts[1], parse_int(last or "0", _("the GP in {text!r}").format(
            text=text[:40])), (), what
    except Refused as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _facility_id(c, owner: str, ref: str) -> int:
    number = ref.strip().removeprefix("#")
    if re.fullmatch(r"\d+", number):  # a number (any script's digits: refused unless ASCII)
        return parse_int(number, _("facility #"), 1, 1_000_000, signed=False)
    b = bas.find(c.state, owner) if c is not None else None
    found = [f.id for f in (b.facilities if b else ()) if f.kind == ref]
    if len(found) != 1:
        raise Usage((_("{ref!r}: name it by number (#N): there are several") if found else
                     _("{ref!r}: no such facility in the bastion")).format(ref=ref))
    return found[0]


def _choices(a) -> bas.Choices:
    return bas.Choices(a.bribe, a.opportunity, a.aid, a.pick, a.shift, a.shift_to)


def _chosen(a) -> tuple[str, ...]:
    return tuple(x.strip() for x in a.type.split("+") if x.strip()) if a.type else ()


TYPE = arg("--type", default="", metavar="TYPE[+TYPE]",
           help=N_("what is chosen for it when built, where its kind chooses (a Garden's type: "
                   "decorative, food, herb or poison)"))


CHOICES = (
    arg("--bribe", action="store_true", help=N_("pay a Criminal Hireling's bribe")),
    arg("--opportunity", action="store_true", help=N_("pay for an Extraordinary Opportunity")),
    arg("--aid", type=int, default=0, help=N_("defenders sent on a Request for Aid")),
    arg("--pick", type=int, default=1, choices=(1, 2),
        help=N_("which of two event rolls to keep (Meditation Chamber)")),
    arg("--shift", type=int, default=0,
        help=N_("defender losses moved to a combined partner's bastion")),
    arg("--shift-to", dest="shift_to", default="",
        help=N_("the partner taking them (default: the best defended first)")),
)

ACTIONS = (
    Action("bastion-new", N_("found a bastion for a character (D&D 2024, level 5+)"),
           (arg("owner"), arg("--name", dest="bastion_name", default="")),
           lambda a, c: bas.NewBastion(a.owner, a.bastion_name)),
    Action("facility-add", N_("add a special facility the owner's level allows (--type: "
           "what is chosen when it is built, e.g. a Garden's food)"),
           (arg("owner"), arg("kind", names="bastion.facilities.*"),
            arg("--qualifies", action="store_true", help=N_("the owner meets its prerequisite")),
            TYPE),
           lambda a, c: bas.AddFacility(a.owner, a.kind, a.qualifies, _chosen(a))),
    Action("facility-swap", N_("on a level-up, swap special facility #N for another KIND"),
           (arg("owner"), arg("facility", type=int), arg("kind", names="bastion.facilities.*"),
            arg("--qualifies", action="store_true", help=N_("the owner meets its prerequisite")),
            TYPE),
           lambda a, c: bas.SwapFacility(a.owner, a.facility, a.kind, a.qualifies,
                                         _chosen(a))),
    Action("facility-enlarge", N_("enlarge special facility #N to Vast (--days: the GM's, where "
           "the ruleset gives none; --type: what Vast adds to its choice, e.g. a Vast Garden's "
           "second type, else its first again)"),
           (arg("owner"), arg("facility", type=int), arg("--days", type=int, default=0), TYPE),
           lambda a, c: bas.EnlargeFacility(a.owner, a.facility, a.days, _chosen(a))),
    Action("facility-choose", N_("at a bastion turn, choose again what special facility #N has, "
           "where its kind allows (a Pub's drink on tap, a Training Area's trainer): "
           "CHOICE[+CHOICE]"),
           (arg("owner"), arg("facility", type=int), arg("chosen", metavar="CHOICE[+CHOICE]")),
           lambda a, c: bas.ChooseAgain(a.owner, a.facility, tuple(
               x.strip() for x in a.chosen.split("+") if x.strip()))),
    Action("refugees", N_("house a bastion's refugees in basic facility #N (0: outside the "
           "walls), or --leave: rehoused elsewhere"),
           (arg("owner"), arg("facility", type=int, nargs="?", default=0),
            arg("--leave", action="store_true")),
           lambda a, c: bas.HouseRefugees(a.owner, a.facility, a.leave)),
    Action("defender-name", N_("name one of a bastion's defenders, housed in facility #N "
           "(--home; 0: needs no housing)"),
           (arg("owner"), arg("defender"), arg("--home", type=int, default=0)),
           lambda a, c: bas.NameDefender(a.owner, a.defender, a.home)),
    Action("defender-move", N_("move defenders from Barrack #FROM to Barrack #TO (--count N "
           "unnamed, or --name one named), within its room"),
           (arg("owner"), arg("source", type=int, metavar="FROM"), arg("to", type=int),
            arg("--count", type=int, default=1), arg("--name", dest="defender", default="")),
           lambda a, c: bas.MoveDefenders(a.owner, a.source, a.to, a.count, a.defender)),
    Action("defender-strike", N_("take a named defender off the roster (fallen)"),
           (arg("owner"), arg("defender")),
           lambda a, c: bas.StrikeDefender(a.owner, a.defender)),
    Action("basic-add", N_("build a basic facility (cramped, roomy, vast) with its cost and days"),
           (arg("owner"), arg("space"), arg("--what", default="")),
           lambda a, c: bas.BuildBasic(a.owner, a.space, a.what)),
    Action("basic-enlarge", N_("enlarge basic facility #N one step"),
           (arg("owner"), arg("facility", type=int)),
           lambda a, c: bas.EnlargeBasic(a.owner, a.facility)),
    Action("walls", N_("build squares of defensive wall (--encloses: they close the ring)"),
           (arg("owner"), arg("squares", type=int), arg("--encloses", action="store_true")),
           lambda a, c: bas.BuildWalls(a.owner, a.squares, a.encloses)),
    Action("bastion-gold", N_("gold into (+N) or out of (-N) a bastion's treasury"),
           (arg("owner"), arg("gp", type=int), arg("--why", default="")),
           lambda a, c: bas.MoveGold(a.owner, a.gp, a.why)),
    Action("downtime", N_("let days pass between adventures (bastion turns fall due)"),
           (arg("days", type=int),), lambda a, c: bas.Downtime(a.days)),
    Action("bastion-turn", N_("run the owner's oldest due turn: --order "
           "FACILITY:ORDER[:GP[:WHAT]] (a Stable's :ANIMAL+ANIMAL...; WHAT: what is made, the "
           "trainer, or a Garden's new type: garden:retype::herb) for each facility, or "
           "--maintain"),
           (arg("owner"), arg("--order", type=_order, action="append", default=[]),
            arg("--maintain", action="store_true"), *CHOICES),
           lambda a, c: bas.RunTurn(a.owner, tuple((_facility_id(c, a.owner, f), o, gp, animals,
                                                    what)
                                                   for f, o, gp, animals, what in a.order),
                                    a.maintain, _choices(a))),
    Action("bastion-turns", N_("run every queued turn as Maintain (owners away)"),
           (arg("--owner", default=""), *CHOICES),
           lambda a, c: bas.RunQueued(a.owner, _choices(a))),
    Action("bastion-weeks", N_("WEEKS at home: each bastion turn run as it falls due, every "
           "facility given its last turn's orders again (those needing no price, animals or "
           "what is made), Maintain where none can be"),
           (arg("weeks", type=int), arg("--owner", default=""), *CHOICES),
           lambda a, c: bas.RunWeeks(a.weeks, a.owner, _choices(a))),
    Action("bastion-combine", N_("combine OWNER's bastion with PARTNER's (each keeps its own "
           "facilities, orders, hirelings and event rolls)"),
           (arg("owner"), arg("partner")), lambda a, c: bas.CombineBastions(a.owner, a.partner)),
    Action("divest", N_("give up a bastion"), (arg("owner"),), lambda a, c: bas.Divest(a.owner)),
)
