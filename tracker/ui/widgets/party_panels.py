"""What the party screen shows, rendered from the state (no I/O here)."""

from __future__ import annotations

from rich.text import Text

from ...core.party import sheet
from ...core.party.model import Character
from ...core.schema import note_kind
from ...core.state import State
from ..as_it_stood import shows_as_it_stood

BAR = 6


def hp_bar(c: Character) -> Text:
    if not c.hp_max:
        return Text("-", style="dim")
    filled = round(BAR * max(0, c.hp) / c.hp_max)
    style = "red" if c.hp * 4 <= c.hp_max else ("yellow" if c.hp * 2 <= c.hp_max else "green")
    t = Text("█" * filled, style=style) + Text("░" * (BAR - filled), style="dim")
    t.append(f" {c.hp}/{c.hp_max}")
    return t


def party_row(state: State, c: Character) -> tuple:
    rules = state.rules
    k = sheet.class_of(rules, c)
    status = sheet.status(rules, c)
    nxt = sheet.xp_next(rules, c)
    xp = f"{c.xp}/{nxt}" if nxt is not None else (f"{c.xp} (max)" if k else "-")
    xp_text = Text(xp, style="bold green" if sheet.can_level_up(rules, c) else "")
    marks = [status.upper()] if status != "ok" else []
    if status == "dying" and (c.death_successes or c.death_failures):
        marks.append(death_marks(c))
    marks += list(c.conditions)
    if c.exhaustion:
        marks.append(f"exh {c.exhaustion}")
    state_text = Text(", ".join(marks) or "ok",
                      style="bold white on red" if status != "ok" else ("yellow" if marks else "dim"))
    lights = ", ".join(f"#{l.id}" for l in state.lights if l.by == c.name and l.lit)
    name = Text(c.name, style="strike dim" if status == "dead" else "bold")
    cls = (k.name.split(" (")[0] if k else "-")
    ac = str(c.ac) if (c.ac or k) else "-"
    return (name, Text(cls), str(c.level), hp_bar(c), ac, xp_text, state_text, lights or "-")


def death_marks(c: Character) -> str:
    return f"✓{c.death_successes} ✗{c.death_failures}"


def character_sheet(state: State, c: Character) -> Text:
    rules = state.rules
    p = rules.party
    k = sheet.class_of(rules, c)
    t = Text()
    t.append(f"{k.name if k else 'No class'}, level {c.level}", style="bold")
    t.append(f" · {sheet.status(rules, c)}\n")
    if c.abilities and p is not None:
        for i, (a, v) in enumerate(c.abilities.items()):
            m = sheet.modifier(p, v)
            t.append(f"{a.upper():<3}{v:>3}({m:+d})", style="bold" if k and a in k.prime else "")
            t.append("\n" if i % 3 == 2 else "  ")
    bonus = sheet.xp_bonus(rules, c)
    nxt = sheet.xp_next(rules, c)
    if k:
        t.append(f"XP {c.xp}" + (f", next level at {nxt}" if nxt is not None else ", top level"))
        t.append(f" ({bonus:+d}% XP)\n" if bonus else "\n")
        if sheet.can_level_up(rules, c):
            t.append("Ready to level up (u)\n", style="bold green")
        elif nxt is not None and c.xp >= nxt and sheet.waits_for_next_session(rules, c):
            t.append(f"Level {c.level + 1} waits for the next session (one a session)\n",
                     style="yellow")
    left = sheet.hit_dice_left(rules, c)
    if left is not None:
        t.append(f"Hit Point Dice {left}/{c.level} d{k.hit_die}\n")
    if sheet.status(rules, c) == "dying":
        t.append(f"Death saves {death_marks(c)} · v to roll\n", style="bold red")
    elif sheet.status(rules, c) == "stable":
        t.append("Stable at 0 HP: a hit starts the count again\n", style="yellow")
    if p is not None:
        t.append(f"Speed {sheet.speed(rules, c)} {p.speed_unit}, load {c.load} coins\n")
        if c.exhaustion and p.exhaustion_effects:
            t.append(f"Exhaustion {c.exhaustion}: {p.exhaustion_effects[c.exhaustion - 1]}\n",
                     style="yellow")
    pb = sheet.proficiency(rules, c)
    if pb is not None and k:
        t.append(f"Proficiency +{pb}, passive Perception {sheet.passive_perception(rules, c)}\n")
    t.rstrip()
    return t


CLASS_KEYS = {"xp": "XP table", "saves": "saves", "max_level": "top level",
              "prime": "prime requisite", "hp_fixed": "HP after level 9",
              "xp_bonus": "XP bonus", "requires": "requirements"}


def _class_fills(notes: dict[str, str], cls: str) -> tuple[str, list[str]] | None:
    """The first kind of fill and the class keys it covers ("OSE fill", [xp, saves]),
    for one dim line on the sheet; turning rows are marked in place."""
    keys: dict[str, list[str]] = {}
    prefix = f"classes.{cls}."
    for path in notes:
        if cls and path.startswith(prefix) and ".turning." not in path:
            keys.setdefault(note_kind(notes, path), []).append(path[len(prefix):])
    return next(iter(keys.items()), None)


def saves_and_skills(state: State, c: Character) -> Text:
    rules = state.rules
    p = rules.party
    t = Text()
    saves = sheet.saves(rules, c)
    if saves:
        t.append("Saves" + (f" ({p.save_rule})" if p and p.save_rule else "") + "\n", style="bold")
        t.append("  ".join(f"{n} {v:+d}" if not sheet.class_of(rules, c).saves else f"{n} {v}"
                           for n, v in saves.items()) + "\n")
    skills = sheet.skills(rules, c)
    if skills:
        t.append("Skills" + (f" ({p.skill_rule})" if p and p.skill_rule else "") + "\n",
                 style="bold")
        t.append("  ".join(f"{n.split()[0]} {v}" for n, v in skills.items()) + "\n")
    turning = sheet.turning(rules, c)
    notes = p.not_in_source if p else {}
    if turning:
        t.append("Turning (2d6 ≥, B turned, D destroyed)\n", style="bold")
        marked = {n for n in turning if note_kind(notes, f"classes.{c.cls}.turning.{n}")}
        t.append("  ".join(f"{n} {v}" + ("*" * (n in marked)) for n, v in turning.items()
                           if v != "–") + "\n")
        if any(v != "–" for n, v in turning.items() if n in marked):
            t.append("* rebuilt: not in the source as printed\n", style="dim")
    filled = _class_fills(notes, c.cls)
    if filled:
        kind, keys = filled
        words = [CLASS_KEYS.get(k, k) for k in keys]
        t.append(f"{kind}, not in the source: {', '.join(words)}\n", style="dim")
    if not t.plain:
        t.append("No class: no saves or skills.", style="dim")
    t.rstrip()
    return t


@shows_as_it_stood("party")
def party_as_it_stood(state: State) -> Text:
    """The log's "as it stood" pane for a party entry: each character's
    level, hit points, XP and marks, a line each."""
    t = Text()
    if not state.party:
        return Text("No characters yet.", style="dim")
    for c in state.party:
        name, cls, level, hp, _ac, xp, marks, _lights = party_row(state, c)
        t.append_text(name)
        t.append(f" {cls.plain} {level} ")
        t.append_text(hp)
        t.append(" XP ")
        t.append_text(xp)
        t.append(" ")
        t.append_text(marks)
        t.append("\n")
    t.rstrip()
    return t
