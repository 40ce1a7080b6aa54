"""A bastion's gold and walls: the ledger every GP and item goes through
(``book``; ``pay`` refuses what the treasury cannot cover), gold the GM moves
in or out, and walls ordered and standing."""

from __future__ import annotations

from msgspec.structs import replace

from ... import i18n
from ...i18n import N_, _, ngettext
from ..errors import Refused
from ..events import Event
from ..handlers import decides, evolves
from ..state import State
from .commands import BuildWalls, GoldMoved, MoveGold, WallsOrdered
from .lookups import bastion_of, owned, put, run_by_living
from .model import LEDGER_KEPT, Bastion, LedgerLine
from .said import Text, say, say_n, text, verbatim


def book(b: Bastion, clock: int, why: Text, gp: int = 0, item: Text = "") -> Bastion:
    """``b`` with gold or an item in or out of its ledger (``why`` and ``item``
    as messages, said.py: the fold makes no text)."""
    balance = b.treasury + gp
    ledger = b.ledger + (LedgerLine(clock, why, gp, item, balance),)
    return replace(b, treasury=balance, ledger=ledger[-LEDGER_KEPT:])


def pay(b: Bastion, clock: int, why: Text, gp: int, rules=None) -> Bastion:
    if gp > b.treasury:
        raise Refused(_("{what} costs {gp} GP; {owner}'s bastion treasury holds {treasury} GP "
                        "(add gold first)").format(what=text(why, rules), gp=i18n.number(gp),
                                                   owner=b.owner,
                                                   treasury=i18n.number(b.treasury)))
    return book(b, clock, why, -gp) if gp else b


def walls_built(b: Bastion, clock: int) -> tuple[int, bool]:
    """Squares of wall standing, and whether they enclose the bastion."""
    done = [(n, enc) for n, at, enc in b.walls if at <= clock]
    return sum(n for n, _ in done), any(enc for _, enc in done)


@decides(BuildWalls)
def decide_walls(state: State, cmd: BuildWalls, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner, "build nothing")
    if not 1 <= cmd.squares <= 10_000:
        raise Refused(_("build 1 to {most} squares of wall at a time").format(
            most=i18n.number(10_000)))
    return [WallsOrdered(b.owner, cmd.squares, cmd.encloses)]


@decides(MoveGold)
def decide_gold(state: State, cmd: MoveGold, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    if cmd.gp == 0:
        raise Refused(_("give an amount of gold other than 0 (+N in, -N out)"))
    if len(cmd.why) > 200:
        raise Refused(ngettext("a ledger note is limited to {n} character",
                               "a ledger note is limited to {n} characters", 200).format(n=200))
    return [GoldMoved(b.owner, cmd.gp, cmd.why.strip())]


@evolves(WallsOrdered)
def evolve_walls(state: State, ev: WallsOrdered) -> State:
    b = owned(state, ev.owner)
    w = state.rules.bastion.walls
    b = pay(b, state.clock, say_n("{n} square of wall", "{n} squares of wall",
                                  ev.squares), ev.squares * w.gp_per_square, state.rules)
    done = state.clock + ev.squares * w.days_per_square * state.rules.time.day_seconds
    return put(state, replace(b, walls=b.walls + ((ev.squares, done, ev.encloses),)))


@evolves(GoldMoved)
def evolve_gold(state: State, ev: GoldMoved) -> State:
    b = owned(state, ev.owner)
    why = verbatim(ev.why) if ev.why else \
        say(N_("gold brought in") if ev.gp > 0 else N_("gold taken out"))
    b = pay(b, state.clock, why, -ev.gp, state.rules) if ev.gp < 0 else \
        book(b, state.clock, why, ev.gp)
    return put(state, b)
