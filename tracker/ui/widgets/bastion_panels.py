"""What the bastion screen shows, rendered from the state (no I/O here):
its summary, a facility's row, the turns' results and the ledger, each in
the GM's language and wrapped to the panel's width (never cut with "…":
Danish and Ukrainian run longer than English)."""

from __future__ import annotations

import textwrap

from rich.cells import cell_len
from rich.text import Text

from ... import i18n
from ...i18n import _, ngettext, pgettext
from ...core import bastion as bas
from ...core import clock
from ...core.bastion.model import Bastion
from ...core.bastion.said import text as said
from ...core.bastion.turn import MAINTAIN, MAINTAIN_AWAY
from ...core.describe import roll_text
from ...core.state import State
from ...core.terms import term
from ..as_it_stood import shows_as_it_stood
from .kept import held, released


def _gp(n: int) -> str:
    return _("{gp} GP").format(gp=i18n.number(n))


def wrap(line: str, width: int, indent: str = "") -> list[str]:
    """``line`` in lines of at most ``width`` cells, the later ones indented;
    never a number apart from its label or unit ("· 5" | "flygtninge": kept.py)."""
    room = max(8, width)
    parts = textwrap.wrap(held(line, room - len(indent)), room, subsequent_indent=indent,
                          break_on_hyphens=False)
    return [released(part) for part in parts] or [""]


def due(state: State, b: Bastion) -> str:
    if b.abandoned:  # no turn falls due (gm-review3 R5)
        return _("abandoned")
    if b.queued:
        return ngettext("{n} turn WAITING", "{n} turns WAITING", b.queued).format(n=b.queued)
    left = bas.days_left(state, b)
    return ngettext("next turn Day {day}, in {n} day", "next turn Day {day}, in {n} days",
                    left).format(day=clock.day(state.rules, b.next_due), n=left)


def combined_with(state: State, b: Bastion) -> str:
    """Who ``b`` is combined with and when their turns fall, and what the source leaves open."""
    mates = bas.partners(state, b)
    if not mates:
        return ""
    rule = state.rules.bastion.combining

    def mate(p: Bastion) -> str:
        when = ngettext("{n} turn waiting", "{n} turns waiting", p.queued).format(
            n=p.queued) if p.queued else _("turn in {n} d").format(n=bas.days_left(state, p))
        return ngettext("{owner} (level {level}, {n} defender, {when})",
                        "{owner} (level {level}, {n} defenders, {when})",
                        bas.defenders(p)).format(owner=p.owner, level=bas.owner_level(state, p),
                                                 n=bas.defenders(p), when=when)
    who = "; ".join(mate(p) for p in mates)
    if rule and rule.unstated:
        return _("Combined with {who} · not in the source: {unstated}").format(
            who=who, unstated=term(state.rules, "bastion.combining.unstated", rule.unstated))
    return _("Combined with {who}").format(who=who)


def _flags(state: State, b: Bastion) -> list[str]:
    out = []
    if b.armory_stocked:
        out.append(_("armory stocked"))
    if b.guest_monster:
        out.append(_("guest monster"))
    if b.refugees:
        out.append((ngettext("{n} refugees in #{id}", "{n} refugees in #{id}", b.refugees)
                    if b.refugees_in else
                    ngettext("{n} refugees outside", "{n} refugees outside", b.refugees)).format(
            n=b.refugees, id=b.refugees_in))
    if b.meditating:
        out.append(_("meditating"))
    return out


def summary(state: State, b: Bastion, index: int, count: int, width: int) -> str:
    rules = state.rules
    waiting = due(state, b) + (_(" (t runs one, a all)") if b.queued else "")
    squares, enclosed = bas.walls_built(b, state.clock)
    building = sum(n for n, at, _x in b.walls if at > state.clock)
    level = bas.owner_level(state, b)
    who = (_("{owner} (level {level}), {name}") if b.name else
           _("{owner} (level {level})")).format(owner=b.owner, level=level, name=b.name)
    if count > 1:
        who += _("  [{index}/{count}, b: next]").format(index=index + 1, count=count)
    walls = ngettext("walls {n} sq enclosing", "walls {n} sq enclosing", squares) if enclosed \
        else ngettext("walls {n} sq", "walls {n} sq", squares)
    walls = walls.format(n=squares) + (_(" (+{n} building)").format(n=building)
                                        if building else "")
    held = _("Treasury {gp} · defenders {n} (housed {housed}/{room})").format(
        gp=_gp(b.treasury), n=bas.defenders(b), housed=b.defenders,
        room=bas.housing(rules, b, state.clock))
    neglect = _("neglect {n}/{level}").format(n=b.neglect, level=level) + \
        (" " + _("ABANDONED") if b.abandoned else "")
    basics = ", ".join(bas.facility_name(rules, f) if bas.ready(f, state.clock) else
                       _("{facility} (building)").format(facility=bas.facility_name(rules, f))
                       for f in b.facilities if f.basic)
    flags = _flags(state, b)
    lines = [f"{who} · {waiting}", f"{held} · {walls} · {neglect}",
             _("Basic: {facilities}").format(facilities=basics)
             + (" · " + ", ".join(flags) if flags else "")]
    combined = combined_with(state, b)
    if combined:
        lines.append(combined)
    return "\n".join(part for line in lines for part in wrap(line, width, "  "))


def kind_name(state: State, f) -> str:
    fdef = state.rules.bastion.facilities.get(f.kind)
    return term(state.rules, f"bastion.facilities.{f.kind}", fdef.name if fdef else f.kind)


def order_name(rules, f, o) -> str:
    """What an order is, in the ruleset's words in the GM's language."""
    return term(rules, f"bastion.facilities.{f.kind}.orders.{o.id}.text", o.text)


def trainer_name(rules, kind: str, tid: str) -> str:
    t = rules.bastion.facilities[kind].trainers[tid]
    return term(rules, f"bastion.facilities.{kind}.trainers.{tid}", t.name)


def order_kind(kind: str) -> str:
    """An order's kind (craft, trade, ...: core/bastion/model.py ORDERS) in words."""
    said_as = _ORDER_KINDS.get(kind)
    return said_as() if said_as else kind


_ORDER_KINDS = {  # the D&D 2024 order names (the seed's words in Ukrainian)
    "craft": lambda: pgettext("bastion order", "craft"),
    "empower": lambda: pgettext("bastion order", "empower"),
    "harvest": lambda: pgettext("bastion order", "harvest"),
    "recruit": lambda: pgettext("bastion order", "recruit"),
    "research": lambda: pgettext("bastion order", "research"),
    "trade": lambda: pgettext("bastion order", "trade"),
    "maintain": lambda: pgettext("bastion order", "maintain"),
}


def _doing(rules, f, oid: str, days: int) -> str:
    o = bas.option(rules, f, oid)
    # in English the order's id, as the CLI takes it; in another language its name
    order = o.id if i18n.current() == i18n.ENGLISH else bas.order_name(rules, f.kind, o)
    if o.rechooses:  # a change of choice (a Garden's type) is no order of a kind
        return _("{order} {days}/{of} d").format(order=bas.order_name(rules, f.kind, o),
                                                 days=days, of=o.days)
    return _("{kind}: {order} {days}/{of} d").format(kind=order_kind(o.order), order=order,
                                                     days=days, of=o.days)


def facility_row(state: State, b: Bastion, f, whose: str = "") -> tuple[str, ...]:
    """A facility's row; ``whose`` names a combined partner owning it."""
    rules = state.rules
    fdef = rules.bastion.facilities.get(f.kind)
    if not bas.ready(f, state.clock):
        doing = _("building")
    elif f.shut:
        doing = _("shut next turn")
    elif f.order:
        doing = _doing(rules, f, f.order, f.progress) + (
            "; " + _doing(rules, f, f.order2, f.progress2) if f.order2 else "")
    else:
        doing = _("idle")
    if f.order and f.order_chosen:  # the choice a change under way makes (a Garden's new type)
        doing += " → " + bas.text(bas.chosen_words(rules, f.kind, f.order_chosen), rules)
    if f.stock:
        doing += _(", stock {gp}").format(gp=_gp(f.stock))
    if bas.stalls(rules, f):
        per = rules.bastion.medium_per_large
        used = bas.stalls(rules, f) - bas.stall_room(rules, f, f.animals) / per
        doing += _(", stalls {used}/{of}").format(used=f"{used:g}", of=bas.stalls(rules, f))
    if bas.houses(rules, f):
        doing += _(", {n}/{of} housed").format(n=f.housed, of=bas.houses(rules, f))
    names = [d.name for d in b.roster if d.home == f.id]
    if names:
        doing += " · " + ", ".join(names)
    space = term(rules, f"bastion.spaces.{f.space}", rules.bastion.spaces[f.space].name)
    if f.vast_at and f.space != "vast":
        vast = term(rules, "bastion.spaces.vast", "Vast")
        space += " " + (_("→{vast} (next turn)").format(vast=vast) if f.vast_at <= state.clock
                        else _("→{vast} Day {day}").format(vast=vast,
                                                            day=clock.day(rules, f.vast_at)))
    name = bas.facility_name(rules, f)
    if chosen := bas.chosen_now(rules, f):  # what was chosen when built: a Garden's type
        name = _("{facility} ({chosen})").format(
            facility=name, chosen=bas.text(bas.chosen_words(rules, f.kind, chosen), rules))
    return (str(f.id), _("{owner}: {facility}").format(owner=whose, facility=name) if whose
            else name, space, i18n.number(f.hirelings),
            ", ".join(order_kind(k) for k in sorted({o.order for o in fdef.orders}))
            if fdef else "", doing)


# the columns that give way first when a row is too wide: Now, Space, Orders, Facility
_GIVES_WAY = ((5, 14), (2, 8), (4, 8), (1, 10))


def fit_rows(heads: list[str], rows: list[tuple[str, ...]], room: int) -> tuple[list[int],
                                                                            list[list[str]]]:
    """Each column's width and each cell wrapped to it, so the rows fit ``room``
    cells (a DataTable's own padding taken off): the Now column wraps first."""
    widths = [max([cell_len(h)] + [cell_len(r[i]) for r in rows]) for i, h in enumerate(heads)]
    over = sum(widths) - room
    for col, least in _GIVES_WAY:
        if over <= 0:
            break
        give = min(over, max(0, widths[col] - max(least, cell_len(heads[col]))))
        widths[col] -= give
        over -= give
    cells = [["\n".join(wrap(c, widths[i])) if cell_len(c) > widths[i] else c
              for i, c in enumerate(r)] for r in rows]
    return widths, cells


def _dice(r) -> str:
    rolls = [roll_text(x) for x in r.rolls]
    typed_mark = " " + _("typed")
    if rolls and all(x.endswith(typed_mark) for x in rolls):
        return _("typed {dice}").format(dice=" ".join(x.removesuffix(typed_mark) for x in rolls))
    return " ".join(rolls)


def results(state: State, b: Bastion, rows: int, width: int) -> str:
    """The latest turns first, whole (wrapped, never cut): one line where the
    dice fit beside the results, else the dice under them. An event says
    Maintain by itself."""
    out: list[str] = []
    rules = state.rules
    for r in reversed(b.results):
        said_lines = [said(x, rules) for x in r.said]
        shown = [x for x in said_lines if x not in (_(MAINTAIN), _(MAINTAIN_AWAY))] or said_lines
        day = clock.day(rules, r.clock)
        head = (_("Turn {number}, Day {day}, {gp} GP: {lines}") if r.gp else
                _("Turn {number}, Day {day}: {lines}")).format(
            number=r.number, day=day, gp=i18n.signed(r.gp), lines=" · ".join(shown))
        dice = _dice(r)
        if dice and cell_len(head) + cell_len(dice) + 3 <= width:
            turn = [f"{head} · {dice}"]
        else:
            turn = wrap(head, width, "   ") + (wrap(_("   dice {dice}").format(dice=dice), width,
                                                   "   ") if dice else [])
        if out and len(out) + len(turn) > rows:
            break  # a turn shows whole, or not at all
        out += turn
    return "\n".join(out[:rows]) or _("No turns run yet.")


def ledger(state: State, b: Bastion, rows: int, width: int = 76) -> str:
    """The latest lines first, each whole (wrapped under its note)."""
    rules = state.rules
    out: list[str] = []
    no_gold = _("item")  # a line of the ledger that moves an item, not gold
    for l in reversed(b.ledger):
        why = said(l.note, rules)
        item = said(l.thing, rules)
        gp = i18n.signed(l.gp) if l.gp else no_gold
        line = _("Day {day}").format(day=f"{clock.day(rules, l.clock):>3}") + \
            f" {gp:>8} {i18n.number(l.balance):>8}  " + (f"{why}: {item}" if item else why)
        entry = wrap(line, width, " " * 24)
        if out and len(out) + len(entry) > rows:
            break  # a line shows whole, or not at all
        out += entry
    return "\n".join(out[:rows]) or _("Nothing in or out yet.")


@shows_as_it_stood("bastion")
def bastion_as_it_stood(state: State) -> Text:
    """The log's "as it stood" pane for a bastion entry: every bastion's summary."""
    all_ = state.bastions.all
    if not all_:
        return Text(_("No bastions yet."), style="dim")
    return Text("\n\n".join(summary(state, b, i, len(all_), 40) for i, b in enumerate(all_)))
