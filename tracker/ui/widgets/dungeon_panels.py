"""What the dungeon screen shows, rendered from the state (no I/O here)."""

from __future__ import annotations

from rich.text import Text

from ...core import clock
from ...core.describe import describe
from ...core.dungeon import rest_status, turns_to_next_check
from ...core.party import rules as party_rules
from ...core.events import Envelope
from ...core.schema import note_kind, seconds, source_note
from ...core.lights.model import Light
from ...core.state import State
from ...history import undone_commands
from ..as_it_stood import shows_as_it_stood

BAR_WIDTH = 6


def turn_panel(state: State) -> Text:
    rules = state.rules
    d = state.dungeon
    t = Text()
    t.append(f"Turn {d.turn}", style="bold")
    t.append(f" · {clock.stamp(rules, state.clock)}\n")
    if d.active:
        t.append(f"{d.name or 'Dungeon'}, level {d.depth}\n", style="cyan")
    else:
        t.append("Not in a dungeon (g to enter)\n", style="dim")
    nxt = turns_to_next_check(state)
    chance = rules.dungeon.wandering.chance
    if nxt is None:
        t.append(f"Checks: on demand ({chance})\n", style="dim")
    elif nxt == 1:
        t.append(f"Check: NEXT TURN ({chance})\n", style="bold yellow")
    else:
        t.append(f"Check: in {nxt} turns ({chance})\n")
    rest = rules.dungeon.rest
    status = rest_status(state)
    if rest is None:
        t.append("Rest: no rule\n", style="dim")
    elif status == "overdue":
        t.append(f"REST OVERDUE ({d.turns_since_rest} turns)\n", style="bold white on red")
    elif status == "due":
        t.append("Rest: next turn must be a rest\n", style="bold yellow")
    else:
        left = rest.every_turns - 1 - d.turns_since_rest
        t.append(f"Rest: {d.turns_since_rest} since; due in {left}\n")
    last = d.checks[-1] if d.checks else None
    if last is not None and last.interrupted_rest and last.turn == d.turn:
        t.append("Rest interrupted: not taken\n", style="bold yellow")
    if d.penalty:
        t.append(f"Rest penalty {d.penalty} until rested\n", style="bold red")
    alive = party_rules.living(state)  # the dead are no longer of the party that delves
    party = ", ".join(c.name for c in alive) or \
        ("nobody living" if state.party else "nobody yet (p adds one)")
    t.append(f"Party: {party}", style="dim" if not alive else "")
    dead = [c.name for c in state.party if c not in alive]
    if dead:  # one line: the panel's height stays
        t.append(f" (dead: {', '.join(dead)})", style="dim")
    t.no_wrap, t.overflow = True, "ellipsis"
    return t


def turn_sources(state: State) -> str:
    """What the turn panel shows that the book does not give, for its border:
    "OSE fill: checks, rest" (the full notes are in the ruleset file)."""
    notes = state.rules.dungeon.not_in_source
    shown = [("checks", "wandering.chance"), ("rest", "rest.every_turns")]
    if state.dungeon.penalty:
        shown.append(("rest penalty", "rest.penalty_step"))
    kinds: dict[str, list[str]] = {}
    seen = set()
    for label, path in shown:
        note = source_note(notes, path)
        if note and note not in seen:  # "rest" covers its penalty too: say it once
            seen.add(note)
            kinds.setdefault(note_kind(notes, path), []).append(label)
    return " · ".join(f"{kind}: {', '.join(labels)}" for kind, labels in kinds.items())


def light_row(state: State, light: Light) -> tuple[Text, Text, Text, Text]:
    rules = state.rules
    kind = rules.lights.get(light.kind)
    name = kind.name if kind else light.kind
    total = clock.turns(rules, max(1, _capacity(state, light)))
    left = clock.turns(rules, light.seconds_left)
    warn = kind.warn_turns if kind else 1
    if not light.lit and light.seconds_left == 0:
        style, label = "dim", "out"
    elif not light.lit:
        style, label = "dim", "off"
    elif left <= warn:
        style, label = "bold white on red", "LAST"
    elif left * 3 <= total:
        style, label = "yellow", ""
    else:
        style, label = "green", ""
    filled = 0 if total == 0 else round(BAR_WIDTH * min(left, total) / total)
    bar = Text("█" * filled, style=style) + Text("░" * (BAR_WIDTH - filled), style="dim")
    bar.append(f" {left}/{total}")
    if label:
        bar.append(f" {label}", style=style)
    name = name.split(" (")[0]  # "Fakkel (torch)": the ruleset's own word is enough here
    return (Text(str(light.id)), Text(name, style="dim" if not light.lit else ""),
            Text(light.by or "-"), bar)


def spent_lights(state: State) -> str:
    """"spent: Fakkel ×3, Candle ×1": the burnt-out lights, counted by kind."""
    counts: dict[str, int] = {}
    for light in state.lights:
        if not light.lit and light.seconds_left == 0:
            kind = state.rules.lights.get(light.kind)
            name = (kind.name if kind else light.kind).split(" (")[0]
            counts[name] = counts.get(name, 0) + 1
    return "spent: " + ", ".join(f"{n} ×{k}" for n, k in counts.items()) if counts else ""


def _capacity(state: State, light: Light) -> int:
    kind = state.rules.lights.get(light.kind)
    return seconds(state.rules, kind.duration) if kind else light.seconds_left


def checks_panel(state: State, rows: int = 12) -> Text:
    d = state.dungeon
    t = Text()
    if not d.checks:
        t.append("No checks yet this delve.", style="dim")
        return t
    shown = d.checks[-rows:]
    wide = max(len(str(c.turn)) for c in shown)  # turn 144 and its die keep a space between
    for c in reversed(shown):
        t.append(f"T{c.turn:<{wide}} ", style="bold")
        t.append(f"{c.roll.expr}={c.roll.total}")
        t.append("✎ " if c.roll.typed else "  ", style="dim")
        if not c.scheduled:
            t.append("extra ", style="dim")
        if c.encounter:
            t.append(" ENCOUNTER", style="bold white on red")
            if c.distance_ft is not None:
                t.append(f" {c.distance_ft}ft")
            if c.surprise_party is not None:
                who = [w for w, s in (("party", c.surprise_party),
                                      ("foe", c.surprise_monsters)) if s]
                t.append(" surp:" + ("+".join(who) if who else "none"), style="yellow")
        else:
            t.append(" quiet", style="green")
        t.append("\n")
    t.rstrip()
    return t


def effects_panel(state: State) -> Text:
    t = Text()
    if not state.effects:
        return Text("None running.", style="dim")
    for e in state.effects:
        left = e.ends - state.clock
        t.append(f"#{e.id} {e.name}", style="bold")
        t.append(f" {clock.in_turns(state.rules, left)}")
        t.append(f" · ends {clock.time_of_day(state.rules, e.ends)}\n", style="dim")
    t.rstrip()
    return t


def supplies_panel(state: State) -> Text:
    rules = state.rules
    s = state.supplies
    t = Text()
    for kind, name in rules.supplies.items():
        n = s.count(kind)
        t.append(f"{name.split(' (')[0]} ", style="dim" if n == 0 else "")
        t.append(f"{n}", style="bold red" if n == 0 else "bold")
        t.append("\n")
    if s.spoiled:
        t.append(f"Spoiled {s.spoiled}\n", style="yellow")
    if s.missed_meals:
        t.append(f"Meals missed {s.missed_meals}\n", style="bold red")
    t.rstrip()
    return t


def log_lines(state: State, recent: list[Envelope], rows: int) -> Text:
    undone = undone_commands(recent)
    t = Text()
    for env in recent[-rows:]:
        line = f"#{env.seq} {describe(env.event, state.rules, state)}"
        style = "strike dim" if env.command_id in undone else \
            ("bold red" if "ENCOUNTER" in line else "")
        t.append(line + "\n", style=style)
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
        _, name, by, bar = light_row(state, light)
        t.append(f"#{light.id} {name.plain} {by.plain} ")
        t.append_text(bar)
        t.append("\n")
    sup = ", ".join(f"{name.split(' (')[0]} {state.supplies.count(k)}"
                    for k, name in state.rules.supplies.items() if state.supplies.count(k))
    if sup:
        t.append(sup + "\n", style="dim")
    t.rstrip()
    return t
