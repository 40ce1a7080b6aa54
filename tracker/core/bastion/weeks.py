"""Several bastion weeks at home in one command, the GM's job between
sessions: a turn's length of days passes (downtime), each turn falling due
is run at once, and every facility is given again the orders of its last
turn with orders (``Facility.usual``, the turn dialog's defaults), where
they need nothing the GM types (a price, animals, what is made). An order
that cannot be given that week (no room for recruits, a facility still
busy) is left out of it; a turn that gets no order is a Maintain, the
owner being at home. An owner dead or gone from the party gives no order,
not even that: the turn runs without orders and neglect counts. The events
are the ones the GM would write by hand: ``DowntimePassed`` and
``BastionTurnRun``, so replay and corrections know nothing new."""

from __future__ import annotations

from msgspec.structs import replace

from ...i18n import _, ngettext
from ..errors import Refused
from ..events import Event
from ..handlers import EVOLVERS, decides
from ..state import State
from ..timeline.hooks import counts
from .commands import BastionTurnRun, DowntimePassed, RunWeeks
from .lookups import (bastion_rules, chosen_now, find, gives_orders, option, orders_at_once, partners,
                      ready, run_by_living, typed_gp)
from .model import Bastion
from .turn import _decided, _given

WEEKS_MOST = 52  # our limit: a year at home in one command


class _Given(Exception):
    """Raised by the trial's dice at the turn's first roll: every order was given."""


class _NoDice:
    def faces(self, group, label):
        raise _Given


def _usual(state: State, b: Bastion) -> list[tuple]:
    """The orders of each facility's last turn with orders that can be given
    again without the GM: (facility, option, 0, (), trainer) for RunTurn."""
    rules, out = state.rules, []
    for f in b.facilities:
        if f.basic or not f.usual or not ready(f, state.clock):
            continue
        free = orders_at_once(rules, f) - bool(f.order) - bool(f.order2)
        for oid in f.usual[:max(free, 0)]:
            try:
                o = option(rules, f, oid)
            except Refused:  # a house rule took the option away
                continue
            if typed_gp(o) or o.buys or o.sells or o.asks or o.rechooses:
                continue  # a price, animals or what is made: the GM's to say each time
            # a trainer chosen for the facility is its own; else the last one named
            named = f.trainer if o.trainer and not chosen_now(rules, f) else ""
            out.append((f.id, oid, 0, (), named))
    return out


def _orders(state: State, b: Bastion, ch) -> tuple:
    """The usual orders that can be given this turn: each tried with those kept
    before it (an order refused, say a Barrack full, is left out)."""
    kept: list = []
    for order in _usual(state, b):
        try:
            given = _given(state, b, order)
            _decided(state, b, tuple(kept) + (given,), False, False, ch, _NoDice())
        except _Given:
            pass
        except Refused:
            continue
        kept.append(given)
    return tuple(kept)


def _turns(state: State, owners: list[str], choices, dice, out: list[Event]) -> State:
    for owner in owners:
        while (b := find(state, owner)).queued and not b.abandoned:
            # losses moved only between combined bastions, as RunQueued does
            ch = choices if partners(state, b) else replace(choices, shift=0, shift_to="")
            if gives_orders(state, b):
                orders = _orders(state, b, ch)
                ev = _decided(state, b, orders, not orders, False, ch, dice)
            else:  # the dead and the departed give none: neglect counts
                ev = _decided(state, b, (), False, False, ch, dice)
            out.append(ev)
            state = EVOLVERS[BastionTurnRun](state, ev)
    return state


def _weeks(types) -> int:
    """A command of bastion weeks: its days at home, one ``downtime_passed`` a
    week, with the turns they bring."""
    return types.count("downtime_passed") if "bastion_turn_run" in types else 0


counts("bastion week", "bastion weeks",  # what undo names ``bastion-weeks N``
       lambda n: ngettext("{n} bastion week", "{n} bastion weeks", n).format(n=n), _weeks,
       first=True)


@decides(RunWeeks)
def decide_weeks(state: State, cmd: RunWeeks, dice) -> list[Event]:
    br = bastion_rules(state)
    if not 1 <= cmd.weeks <= WEEKS_MOST:
        raise Refused(ngettext("bastion weeks: 1 to {most} week at a time",
                               "bastion weeks: 1 to {most} weeks at a time",
                               WEEKS_MOST).format(most=WEEKS_MOST))
    if state.dungeon.active:
        raise Refused(_("the party is in a dungeon: leave it before downtime"))
    owners = [run_by_living(state, cmd.owner).owner] if cmd.owner else \
        [b.owner for b in state.bastions.all if not b.abandoned]
    if not owners:
        raise Refused(_("no bastion yet: found one first"))
    out: list[Event] = []
    state = _turns(state, owners, cmd.choices, dice, out)  # turns already waiting first
    for _week in range(cmd.weeks):
        ev = DowntimePassed(br.turn_days)
        out.append(ev)
        state = EVOLVERS[DowntimePassed](state, ev)
        state = _turns(state, owners, cmd.choices, dice, out)
    return out
