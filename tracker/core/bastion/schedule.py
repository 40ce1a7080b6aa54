"""When bastion turns fall due: every turn's length of days on the clock
(queued however many pass), a house rule changing that length, and downtime
passing days at home."""

from __future__ import annotations

from msgspec.structs import replace

from ..campaign.rules import RulesetChanged
from ... import i18n
from ...i18n import _, ngettext
from ..errors import Refused
from ..events import Event
from ..handlers import decides, evolves
from ..state import State
from ..timeflow import on_time, pass_time
from .commands import Downtime, DowntimePassed
from .lookups import turn_seconds
from .model import Bastion, Bastions


def _fall_due(b: Bastion, due: int, clock: int, step: int) -> Bastion:
    """``b`` with its next turn due at ``due``, and then every ``step``: those
    the ``clock`` has reached wait, each with its day."""
    n = max(0, (clock - due) // step + 1)
    days = tuple(due + i * step for i in range(n))
    return replace(b, queued=b.queued + n, next_due=due + n * step, period=step,
                   waiting=b.waiting + days if len(b.waiting) == b.queued else ())


@decides(Downtime)
def decide_downtime(state: State, cmd: Downtime, dice) -> list[Event]:
    if not 1 <= cmd.days <= 3660:
        raise Refused(ngettext("downtime is 1 to {most} day", "downtime is 1 to {most} days",
                               3660).format(most=i18n.number(3660)))
    if state.dungeon.active:
        raise Refused(_("the party is in a dungeon: leave it before downtime"))
    return [DowntimePassed(cmd.days)]


@evolves(DowntimePassed)
def evolve_downtime(state: State, ev: DowntimePassed) -> State:
    if state.dungeon.active:
        raise Refused(_("downtime cannot pass in a dungeon"))
    after = pass_time(state, ev.days * state.rules.time.day_seconds,
                      burning=ev.lights_burn)
    br = state.rules.bastion
    if br is not None and not br.downtime_eats_rations:  # fed at home: the pack stays full
        global _fed_elsewhere
        if _fed_elsewhere is None:  # imported once (an import statement per downtime cost)
            from ..supplies.hunger import fed_elsewhere as _fed_elsewhere
        after = _fed_elsewhere(state, after)
    return after


_fed_elsewhere = None  # supplies.hunger.fed_elsewhere, once a downtime needed it


def _next_due(all_: tuple[Bastion, ...], rules) -> int | None:
    """The clock at which the first bastion's next turn falls due."""
    return min((b.next_due for b in all_ if not b.abandoned), default=None)


# passing time changes no bastion until the first one's turn falls due (``due``)
@on_time(when="bastions.all", due=_next_due)
def _turns_fall_due(state: State, elapsed: int, clock: int, burning: bool,
                    changes: dict) -> None:
    """Each bastion's turns fall due on the clock, queued however many pass."""
    bs = changes.get("bastions", state.bastions)
    if not bs.all or state.ruleset.rules.bastion is None:
        return
    step = turn_seconds(state.ruleset.rules)
    out, changed = [], False
    for b in bs.all:
        if not b.abandoned and clock >= b.next_due:
            b = _fall_due(b, b.next_due, clock, step)
            changed = True
        out.append(b)
    if changed:
        changes["bastions"] = Bastions(tuple(out))


@evolves(RulesetChanged, when="bastions.all")
def evolve_turn_length(state: State, ev: RulesetChanged) -> State:
    """A house rule changing the turn's length counts the pending turn anew
    from where it began (a turn every 10 days: the first falls on day 10, not
    7); one that would already have ended falls due now. Turns waiting keep
    their days."""
    if state.rules.bastion is None:
        return state
    step = turn_seconds(state.rules)
    out = []
    for b in state.bastions.all:
        if b.period and b.period != step and not b.abandoned:
            b = _fall_due(b, b.next_due - b.period + step, state.clock, step)
        out.append(b)
    return replace(state, bastions=Bastions(tuple(out)))
