"""What the dungeon screen shows, rendered from the state (no I/O here)."""

from __future__ import annotations

from rich.text import Text

from ...core import clock, dice
from ...core.dungeon import rest_count, rest_due_in, rest_status, turns_to_next_check
from ...core.dungeon.rules import Encounter, is_encounter
from ...core.party import rules as party_rules
from ...core.schema import note_kind, seconds, source_note
from ...core.lights.model import Light
from ...core.lights.rules import dropped_by
from ...core.state import State
from ...core.terms import term
from ...history import LogEntry
from ...i18n import _, ngettext, number, pgettext
from ...i18n import dice as lettered
from ..as_it_stood import shows_as_it_stood
from .log_view import append_pane_line

BAR_WIDTH = 6


def had_a_delve(state: State) -> bool:
    """The party has been in a dungeon (the state keeps that delve's counters
    after it leaves: they are the past, never shown as running)."""
    d = state.dungeon
    return bool(d.turn or d.name or d.checks or d.last_hasty_exit)


def turn_panel(state: State) -> Text:
    rules = state.rules
    d = state.dungeon
    t = Text()
    if not d.active:
        return _no_delve(state)
    t.append(_("Turn {n}").format(n=d.turn), style="bold")
    t.append(f" · {clock.stamp(rules, state.clock)}\n")
    t.append(_("{name}, level {depth}").format(name=d.name or _("Dungeon"), depth=d.depth)
             + "\n", style="cyan")
    nxt = turns_to_next_check(state)
    chance = dice.chance_text(rules.dungeon.wandering.chance)
    if nxt is None:
        t.append(_("Checks: on demand ({chance})").format(chance=chance) + "\n", style="dim")
    elif nxt == 1:
        t.append(_("Check: NEXT TURN ({chance})").format(chance=chance) + "\n",
                 style="bold yellow")
    else:
        t.append(ngettext("Check: in {n} turn ({chance})", "Check: in {n} turns ({chance})",
                          nxt).format(n=nxt, chance=chance) + "\n")
    rest = rules.dungeon.rest
    status = rest_status(state)
    since, penalty = rest_count(state)
    if rest is None:
        t.append(_("Rest: no rule") + "\n", style="dim")
    elif status == "overdue":
        t.append(ngettext("REST OVERDUE ({n} turn)", "REST OVERDUE ({n} turns)",
                          since).format(n=since) + "\n",
                 style="bold white on red")
    elif status == "due":
        t.append(_("Rest: next turn must be a rest") + "\n", style="bold yellow")
    else:
        left = rest_due_in(rest, since)
        t.append(_("Rest: {n} since; due in {left}").format(n=since, left=left)
                 + "\n")
    last = d.checks[-1] if d.checks else None
    if last is not None and last.interrupted_rest and last.turn == d.turn:
        t.append(_("Rest interrupted: not taken") + "\n", style="bold yellow")
    if penalty:
        t.append(_("Rest penalty {n} until rested").format(n=penalty) + "\n", style="bold red")
    _party_line(state, t)
    return t


def _no_delve(state: State) -> Text:
    """The turn panel outside a dungeon: no delve is under way, so no turn,
    check or rest count runs; the last delve, if any, is told as past
    (gm-review F14: its counters read as a delve still going)."""
    d = state.dungeon
    t = Text()
    t.append(_("No delve under way") + "\n", style="bold")  # (the header has the time)
    t.append(_("Not in a dungeon (g to enter)") + "\n", style="dim")
    if had_a_delve(state):
        t.append(_("Last delve (over):") + "\n", style="dim")
        where = _("{name}, level {depth}").format(name=d.name or _("Dungeon"), depth=d.depth)
        t.append(ngettext("{where}, {n} turn", "{where}, {n} turns", d.turn).format(
            where=where, n=d.turn) + "\n", style="dim")
    _party_line(state, t)
    return t


def _party_line(state: State, t: Text) -> None:
    alive = party_rules.living(state)  # the dead are no longer of the party that delves
    party = ", ".join(c.name for c in alive) or \
        (_("nobody living") if state.party else _("nobody yet (p adds one)"))
    t.append(_("Party: {names}").format(names=party), style="dim" if not alive else "")
    dead = [c.name for c in state.party if c not in alive]
    if dead:  # one line: the panel's height stays
        t.append(" " + _("(dead: {names})").format(names=", ".join(dead)), style="dim")
    t.no_wrap, t.overflow = True, "ellipsis"


def turn_sources(state: State) -> str:
    """What the turn panel shows that the book does not give, for its border:
    "OSE fill: checks, rest" (the full notes are in the ruleset file)."""
    notes = state.rules.dungeon.not_in_source
    shown = [(_("checks"), "wandering.chance"), (_("rest"), "rest.every_turns")]
    if rest_count(state)[1]:
        shown.append((_("rest penalty"), "rest.penalty_step"))
    kinds: dict[str, list[str]] = {}
    seen = set()
    for label, path in shown:
        note = source_note(notes, path)
        if note and note not in seen:  # "rest" covers its penalty too: say it once
            seen.add(note)
            kinds.setdefault(note_kind(notes, path), []).append(label)
    return " · ".join(f"{_(kind)}: {', '.join(labels)}" for kind, labels in kinds.items())


def light_cells(state: State, light: Light) -> tuple[Text, Text, Text, Text, Text]:
    """A light's #, name, carrier, turns left ("5/6 LAST") and its bar, apart:
    the dungeon screen's table puts the bar last, to be cut first."""
    rules = state.rules
    kind = rules.lights.get(light.kind)
    name = term(rules, f"lights.{light.kind}", light.kind)
    total = clock.turns(rules, max(1, _capacity(state, light)))
    left = clock.turns(rules, light.left(state.clock))
    warn = kind.warn_turns if kind else 1
    if light.spent:
        style, label = "dim", _("out")
    elif not light.lit:
        style, label = "dim", _("off")
    elif left <= warn:
        style, label = "bold white on red", _("LAST")
    elif left * 3 <= total:
        style, label = "yellow", ""
    else:
        style, label = "green", ""
    filled = 0 if total == 0 else round(BAR_WIDTH * min(left, total) / total)
    # the count first, then LAST, then the bar: a narrow screen cuts the bar,
    # never the turns left the GM reads the table for (GM review 5 C5)
    count = Text(f"{number(left)}/{number(total)}")
    if label:
        count.append(f" {label}", style=style)
    gauge = Text("█" * filled, style=style) + Text("░" * (BAR_WIDTH - filled), style="dim")
    name = name.split(" (")[0]  # "Fakkel (torch)": the ruleset's own word is enough here
    return (Text(str(light.id)), Text(name, style="dim" if not light.lit else ""),
            Text(_carrier(state, light)), count, gauge)


def light_row(state: State, light: Light) -> tuple[Text, Text, Text, Text]:
    """#, light, carrier, and "20/24 █████░" (the count first)."""
    light_id, name, by, count, gauge = light_cells(state, light)
    return light_id, name, by, count + Text(" ") + gauge


def _carrier(state: State, light: Light) -> str:
    """Who carries ``light``: "-" for nobody, "dropped (Bo)" where its carrier died."""
    who = dropped_by(state, light)
    return _("dropped ({who})").format(who=who) if who else light.by or "-"


def spent_lights(state: State) -> str:
    """"spent: Fakkel ×3, Candle ×1": the burnt-out lights, counted by kind."""
    counts: dict[str, int] = {}
    for light in state.lights:
        if light.spent:
            name = term(state.rules, f"lights.{light.kind}", light.kind).split(" (")[0]
            counts[name] = counts.get(name, 0) + 1
    return _("spent: {lights}").format(lights=", ".join(f"{n} ×{k}" for n, k in counts.items())) \
        if counts else ""


def _capacity(state: State, light: Light) -> int:
    kind = state.rules.lights.get(light.kind)
    return seconds(state.rules, kind.duration) if kind else light.left(state.clock)


def checks_panel(state: State, rows: int = 12) -> Text:
    d = state.dungeon
    t = Text()
    if not d.checks:
        t.append(_("No checks yet this delve.") if d.active else _("No delve under way."),
                 style="dim")
        return t
    if not d.active:  # the last delve's checks, told as past (F14)
        t.append(_("The last delve's checks (over):") + "\n", style="dim")
        rows = max(1, rows - 1)
    shown = d.checks[-rows:]
    # TRANSLATORS: T12 = turn 12, in the checks panel (one letter)
    labels = [_("T{n}").format(n=str(c.turn)) for c in shown]  # a column label, never grouped
    wide = max(map(len, labels))  # turn 144 and its die keep a space between
    for c, label in reversed(list(zip(shown, labels))):
        t.append(label.ljust(wide) + " ", style="bold")
        t.append(f"{lettered(c.roll.expr)}={c.roll.total}")
        t.append("✎ " if c.roll.typed else "  ", style="dim")
        if not c.scheduled:
            t.append(_("extra") + " ", style="dim")
        if c.encounter:
            t.append(" " + _("ENCOUNTER"), style="bold white on red")
            if c.distance_ft is not None:
                t.append(" " + _("{feet}ft").format(feet=c.distance_ft))
            if c.surprise_party is not None:  # its own row: in Danish one row cannot hold it
                t.append("\n" + " " * (wide + 1)
                         + _surprise_short(c.surprise_party, c.surprise_monsters),
                         style="yellow")
        else:
            t.append(" " + _("quiet"), style="green")
        t.append("\n")
    t.rstrip()
    if not d.active:
        t.stylize("dim")
    return t


def _surprise_short(party: bool, monsters: bool) -> str:
    """Who was surprised, in the checks panel's few columns: one whole phrase
    for each case (never "surp:" + "+".join(...)), so each language words it."""
    if party and monsters:
        # TRANSLATORS: the checks panel (narrow): party and monsters both surprised
        return pgettext("checks panel", "surp:party+foe")
    if party:
        # TRANSLATORS: the checks panel (narrow): the party was surprised
        return pgettext("checks panel", "surp:party")
    if monsters:
        # TRANSLATORS: the checks panel (narrow): the monsters were surprised
        return pgettext("checks panel", "surp:foe")
    # TRANSLATORS: the checks panel (narrow): nobody was surprised
    return pgettext("checks panel", "surp:none")


def effects_panel(state: State) -> Text:
    t = Text()
    if not state.effects:
        return Text(_("None running."), style="dim")
    for e in state.effects:
        left = e.ends - state.clock
        # the name on a row of its own, what is left under it: the narrow panel
        # wrapped "3 ture ·" | "slutter 09:30" in every language
        t.append(f"#{e.id} {e.name}\n", style="bold")
        t.append(f"  {clock.in_turns(state.rules, left)}")
        t.append(" · " + _("ends {time}").format(time=clock.time_of_day(state.rules, e.ends))
                 + "\n", style="dim")
    t.rstrip()
    return t


def supplies_panel(state: State) -> Text:
    rules = state.rules
    s = state.supplies
    t = Text()
    for kind in rules.supplies:
        n = s.count(kind)
        name = term(rules, f"supplies.{kind}")
        t.append(f"{name.split(' (')[0]} ", style="dim" if n == 0 else "")
        t.append(f"{n}", style="bold red" if n == 0 else "bold")
        t.append("\n")
    if s.spoiled:
        t.append(_("Spoiled {n}").format(n=s.spoiled) + "\n", style="yellow")
    if s.missed_meals:
        t.append(_("Meals missed {n}").format(n=s.missed_meals) + "\n", style="bold red")
    t.rstrip()
    return t


def log_lines(recent: list[LogEntry], rows: int) -> Text:
    """The latest entries, newest last, as the log screen reads them
    (``history.last_entries``): an old check is an encounter by the chance in
    force when it was rolled, not by a house rule made since."""
    t = Text()
    for e in recent[-rows:]:
        met = isinstance(e.event, Encounter) and is_encounter(e.rules, e.event)
        style = "strike dim" if not e.stands else ("bold red" if met else "")
        append_pane_line(t, e, style)  # as the log screen marks it
    t.rstrip()
    t.no_wrap, t.overflow = True, "ellipsis"
    return t


@shows_as_it_stood("dungeon", "supplies", fallback=True)
def dungeon_as_it_stood(state: State) -> Text:
    """The log's "as it stood" pane for a dungeon entry (and any area that
    shows nothing of its own): the turn, the lights, the supplies."""
    t = Text()
    t.append_text(turn_panel(state))
    t.append("\n")
    for light in state.lights:
        _id, name, by, bar = light_row(state, light)
        t.append(f"#{light.id} {name.plain} {by.plain} ")
        t.append_text(bar)
        t.append("\n")
    sup = ", ".join(f"{term(state.rules, f'supplies.{k}').split(' (')[0]} {state.supplies.count(k)}"
                    for k in state.rules.supplies if state.supplies.count(k))
    if sup:
        t.append(sup + "\n", style="dim")
    t.rstrip()
    return t
