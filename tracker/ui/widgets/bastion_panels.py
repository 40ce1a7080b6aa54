"""What the bastion screen shows, rendered from the state (no I/O here):
its summary, a facility's row, the turns' results and the ledger."""

from __future__ import annotations

import textwrap

from rich.text import Text

from ...core import bastion as bas
from ...core import clock
from ...core.bastion.model import Bastion
from ...core.state import State
from ..as_it_stood import shows_as_it_stood


def due(state: State, b: Bastion) -> str:
    if b.queued:
        return f"{b.queued} turn(s) WAITING"
    return f"next turn Day {clock.day(state.rules, b.next_due)}, in {bas.days_left(state, b)} day(s)"


def combined_with(state: State, b: Bastion) -> str:
    """Who ``b`` is combined with and when their turns fall, and what the source leaves open."""
    mates = bas.partners(state, b)
    if not mates:
        return ""
    rule = state.rules.bastion.combining
    unstated = f" · not in the source: {rule.unstated}" if rule and rule.unstated else ""
    return "Combined with " + "; ".join(
        f"{p.owner} (level {bas.owner_level(state, p)}, {bas.defenders(p)} defenders, "
        + (f"{p.queued} turn(s) waiting" if p.queued else f"turn in {bas.days_left(state, p)} d")
        + ")" for p in mates) + unstated


def summary(state: State, b: Bastion, index: int, count: int, width: int) -> str:
    rules = state.rules
    waiting = due(state, b) + (" (t runs one, a all)" if b.queued else "")
    squares, enclosed = bas.walls_built(b, state.clock)
    building = sum(n for n, at, _ in b.walls if at > state.clock)
    flags = [x for x, on_ in (("armory stocked", b.armory_stocked),
                              ("guest monster", b.guest_monster),
                              (f"{b.refugees} refugees " + _refugees_where(state, b), b.refugees),
                              ("meditating", b.meditating)) if on_]
    level = bas.owner_level(state, b)
    combined = combined_with(state, b)
    return "\n".join([
        f"{b.owner} (level {level})" + (f", {b.name}" if b.name else "")
        + (f"  [{index + 1}/{count}, b: next]" if count > 1 else "") + f" · {waiting}",
        f"Treasury {b.treasury:,} GP · defenders {bas.defenders(b)}"
        f" (housed {b.defenders}/{bas.housing(rules, b, state.clock)})"
        f" · walls {squares} sq{' enclosing' if enclosed else ''}"
        + (f" (+{building} building)" if building else "")
        + f" · neglect {b.neglect}/{level}" + (" ABANDONED" if b.abandoned else ""),
        "Basic: " + ", ".join(bas.facility_name(rules, f) + ("" if bas.ready(f, state.clock)
                                                           else " (building)")
                              for f in b.facilities if f.basic)
        + (" · " + ", ".join(flags) if flags else ""),
    ] + ([textwrap.fill(combined, width)] if combined else []))


def _refugees_where(state: State, b: Bastion) -> str:
    if not b.refugees_in:
        return "outside"
    return f"in #{b.refugees_in}"


def kind_name(state: State, f) -> str:
    fdef = state.rules.bastion.facilities.get(f.kind)
    return fdef.name if fdef else f.kind


def _doing(rules, f, oid: str, days: int) -> str:
    o = bas.option(rules, f, oid)
    return f"{o.order}: {o.id} {days}/{o.days} d"


def facility_row(state: State, b: Bastion, f, whose: str = "") -> tuple[str, ...]:
    """A facility's row; ``whose`` names a combined partner owning it."""
    rules = state.rules
    fdef = rules.bastion.facilities.get(f.kind)
    if not bas.ready(f, state.clock):
        doing = "building"
    elif f.shut:
        doing = "shut next turn"
    elif f.order:
        doing = _doing(rules, f, f.order, f.progress) + (
            "; " + _doing(rules, f, f.order2, f.progress2) if f.order2 else "")
    else:
        doing = "idle"
    if f.stock:
        doing += f", stock {f.stock:,} GP"
    if bas.stalls(rules, f):
        per = rules.bastion.medium_per_large
        used = bas.stalls(rules, f) - bas.stall_room(rules, f, f.animals) / per
        doing += f", stalls {used:g}/{bas.stalls(rules, f)}"  # the animals: in its dialog
    if bas.houses(rules, f):
        doing += f", {f.housed}/{bas.houses(rules, f)} housed"
    names = [d.name for d in b.roster if d.home == f.id]
    if names:
        doing += " · " + ", ".join(names)
    space = rules.bastion.spaces[f.space].name
    if f.vast_at and f.space != "vast":
        space += " →Vast" + (" (next turn)" if f.vast_at <= state.clock
                             else f" Day {clock.day(rules, f.vast_at)}")
    return (str(f.id), (f"{whose}: " if whose else "") + bas.facility_name(rules, f), space,
            str(f.hirelings), ", ".join(sorted({o.order for o in fdef.orders})) if fdef else "",
            doing)


def results(state: State, b: Bastion, rows: int, width: int) -> str:
    """The latest turns first: one line each where the dice fit beside the
    results, else the dice on a second line. An event says Maintain by itself."""
    out: list[str] = []
    for r in reversed(b.results):
        gold = f", {r.gp:+,} GP" if r.gp else ""
        lines = [line for line in r.lines if not line.startswith("Maintain")] or list(r.lines)
        text = f"Turn {r.number}, Day {clock.day(state.rules, r.clock)}{gold}: " + \
            " · ".join(lines)
        typed = r.dice and all(d.endswith(" typed") for d in r.dice)
        dice = ("typed " if typed else "") + " ".join(d.removesuffix(" typed") for d in r.dice)
        if dice and len(text) + len(dice) + 3 <= width:
            out.append(f"{text} · {dice}")
        else:
            out += [text] + ([f"   dice {dice}"] if dice else [])
    return "\n".join(out[:rows]) or "No turns run yet."


def ledger(state: State, b: Bastion, rows: int) -> str:
    out = [f"Day {clock.day(state.rules, l.clock):>3} "
           + (f"{l.gp:>+8,}" if l.gp else "    item") + f" {l.balance:>8,}  {l.why}"
           + (f": {l.item}" if l.item else "") for l in reversed(b.ledger)]
    return "\n".join(out[:rows]) or "Nothing in or out yet."


@shows_as_it_stood("bastion")
def bastion_as_it_stood(state: State) -> Text:
    """The log's "as it stood" pane for a bastion entry: every bastion's summary."""
    all_ = state.bastions.all
    if not all_:
        return Text("No bastions yet.", style="dim")
    return Text("\n\n".join(summary(state, b, i, len(all_), 40) for i, b in enumerate(all_)))
