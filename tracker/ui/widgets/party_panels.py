"""What the party screen shows, rendered from the state (no I/O here)."""

from __future__ import annotations

from rich.text import Text

from ...core.party import sheet
from ...core.party.model import Character
from ...core.schema import note_kind
from ...core.state import State
from ...core.party.names import (ability_abbreviation, class_name, condition_name,
                                  exhaustion_effect, rules_text, save_name,
                                  short_class_name, skill_name)
from ...core.party.views import status_word
from ...i18n import N_, _, number
from ...i18n import dice
from ..as_it_stood import shows_as_it_stood

BAR = 6


def hp_bar(c: Character, hp: int) -> Text:
    """``hp`` of ``c.hp_max`` as a bar (``sheet.hp_left``: none for the dead)."""
    if not c.hp_max:
        return Text("-", style="dim")
    filled = round(BAR * max(0, hp) / c.hp_max)
    style = "red" if hp * 4 <= c.hp_max else ("yellow" if hp * 2 <= c.hp_max else "green")
    t = Text("█" * filled, style=style) + Text("░" * (BAR - filled), style="dim")
    t.append(f" {number(hp)}/{number(c.hp_max)}")
    return t


def party_row(state: State, c: Character) -> tuple:
    rules = state.rules
    k = sheet.class_of(rules, c)
    status = sheet.status(rules, c)
    nxt = sheet.xp_next(rules, c)
    xp = f"{number(c.xp)}/{number(nxt)}" if nxt is not None else (
        _("{xp} (max)").format(xp=number(c.xp)) if k else "-")
    xp_text = Text(xp, style="bold green" if sheet.can_level_up(rules, c) else "")
    marks = [status_word(status).upper()] if status != "ok" else []
    if status == "dying" and (c.death_successes or c.death_failures):
        marks.append(death_marks(c))
    marks += [condition_name(rules, x) for x in c.conditions]
    if c.exhaustion:
        # TRANSLATORS: exhaustion level in the party table's narrow State column
        marks.append(_("exh {n}").format(n=c.exhaustion))
    state_text = Text(", ".join(marks) or status_word("ok"),
                      style="bold white on red" if status != "ok"
                      else ("yellow" if marks else "dim"))
    # the dead carry none: a dead carrier's light has fallen (core/lights dropped_by)
    lights = ", ".join(f"#{l.id}" for l in state.lights
                       if l.by == c.name and l.lit and status != "dead")
    name = Text(c.name, style="strike dim" if status == "dead" else "bold")
    cls = short_class_name(rules, c.cls) if k else "-"
    ac = str(c.ac) if (c.ac or k) else "-"
    return (name, Text(cls), str(c.level), hp_bar(c, sheet.hp_left(rules, c)), ac, xp_text, state_text, lights or "-")


def death_marks(c: Character) -> str:
    return f"✓{c.death_successes} ✗{c.death_failures}"


def character_sheet(state: State, c: Character) -> Text:
    rules = state.rules
    p = rules.party
    k = sheet.class_of(rules, c)
    t = Text()
    if k:
        t.append(_("{cls}, level {level}").format(cls=class_name(rules, c.cls), level=c.level),
                 style="bold")
    else:
        t.append(_("No class, level {level}").format(level=c.level), style="bold")
    t.append(f" · {status_word(sheet.status(rules, c))}\n")
    if c.abilities and p is not None:
        for i, (a, v) in enumerate(c.abilities.items()):
            m = sheet.modifier(p, v)
            t.append(f"{ability_abbreviation(rules, a):<3}{v:>3}({m:+d})",
                     style="bold" if k and a in k.prime else "")
            t.append("\n" if i % 3 == 2 else "  ")
    bonus = sheet.xp_bonus(rules, c)
    nxt = sheet.xp_next(rules, c)
    if k:
        t.append(_("XP {xp}, next level at {next}").format(xp=number(c.xp), next=number(nxt))
                 if nxt is not None else _("XP {xp}, top level").format(xp=number(c.xp)))
        # the bonus comes in as "+10%"
        t.append(" " + _("({bonus} XP)").format(bonus=f"{bonus:+d}%") + "\n" if bonus else "\n")
        if sheet.can_level_up(rules, c):
            t.append(_("Ready to level up (u)") + "\n", style="bold green")
        elif nxt is not None and c.xp >= nxt and sheet.waits_for_next_session(rules, c):
            t.append(_("Level {level} waits for the next session (one a session)").format(
                level=c.level + 1) + "\n", style="yellow")
    left = sheet.hit_dice_left(rules, c)
    if left is not None:
        t.append(_("Hit Point Dice {left}/{level} {die}").format(
            left=left, level=c.level, die=dice(f"d{k.hit_die}")) + "\n")
    if sheet.status(rules, c) == "dying":
        t.append(_("Death saves {marks} · v to roll").format(marks=death_marks(c)) + "\n",
                 style="bold red")
    elif sheet.status(rules, c) == "stable":
        t.append(_("Stable at 0 HP: a hit starts the count again") + "\n", style="yellow")
    if p is not None:
        t.append(_("Speed {speed} {unit}, load {load} coins").format(
            speed=sheet.speed(rules, c), unit=rules_text(rules, "speed_unit"), load=number(c.load))
            + "\n")
        if c.exhaustion and p.exhaustion_effects:
            t.append(_("Exhaustion {level}: {effect}").format(
                level=c.exhaustion, effect=exhaustion_effect(rules, c.exhaustion)) + "\n",
                style="yellow")
    pb = sheet.proficiency(rules, c)
    if pb is not None and k:
        t.append(_("Proficiency +{pb}, passive Perception {pp}").format(
            pb=pb, pp=sheet.passive_perception(rules, c)) + "\n")
    t.rstrip()
    return t


CLASS_KEYS = {"xp": N_("XP table"), "saves": N_("saves"), "max_level": N_("top level"),
              "prime": N_("prime requisite"), "hp_fixed": N_("HP after level 9"),
              "xp_bonus": N_("XP bonus"), "requires": N_("requirements")}


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
        rule = rules_text(rules, "save_rule") if p else ""
        t.append((_("Saves ({rule})").format(rule=rule) if rule else _("Saves")) + "\n",
                 style="bold")
        t.append("  ".join(f"{save_name(rules, n)} {v:+d}" if not sheet.class_of(rules, c).saves
                           else f"{save_name(rules, n)} {v}" for n, v in saves.items()) + "\n")
    skills = sheet.skills(rules, c)
    if skills:
        rule = rules_text(rules, "skill_rule") if p else ""
        t.append((_("Skills ({rule})").format(rule=rule) if rule else _("Skills")) + "\n",
                 style="bold")
        t.append("  ".join(f"{skill_name(rules, c.cls, n).split()[0]} {v}"
                           for n, v in skills.items()) + "\n")
    turning = sheet.turning(rules, c)
    notes = p.not_in_source if p else {}
    if turning:
        t.append(_("Turning (2d6 ≥, B turned, D destroyed)") + "\n", style="bold")
        marked = {n for n in turning if note_kind(notes, f"classes.{c.cls}.turning.{n}")}
        t.append("  ".join(f"{n} {v}" + ("*" * (n in marked)) for n, v in turning.items()
                           if v != "–") + "\n")
        if any(v != "–" for n, v in turning.items() if n in marked):
            t.append(_("* rebuilt: not in the source as printed") + "\n", style="dim")
    filled = _class_fills(notes, c.cls)
    if filled:
        kind, keys = filled
        words = [_(CLASS_KEYS[k]) if k in CLASS_KEYS else k for k in keys]
        t.append(_("{kind}, not in the source: {what}").format(kind=_(kind), what=", ".join(words))
                 + "\n", style="dim")
    if not t.plain:
        t.append(_("No class: no saves or skills."), style="dim")
    t.rstrip()
    return t


@shows_as_it_stood("party")
def party_as_it_stood(state: State) -> Text:
    """The log's "as it stood" pane for a party entry: each character's
    level, hit points, XP and marks, a line each."""
    t = Text()
    if not state.party:
        return Text(_("No characters yet."), style="dim")
    for c in state.party:
        name, cls, level, hp, _ac, xp, marks, _lights = party_row(state, c)
        t.append_text(name)
        t.append(f" {cls.plain} {level} ")
        t.append_text(hp)
        t.append(" " + _("XP") + " ")
        t.append_text(xp)
        t.append(" ")
        t.append_text(marks)
        t.append("\n")
    t.rstrip()
    return t
