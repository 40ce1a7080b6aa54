"""What a character's numbers come to under the ruleset: modifiers, saves,
skills, XP needed, speed, status. Derived, never stored, so a house rule or a
corrected entry changes them everywhere at once."""

from __future__ import annotations

from ..ruleset import Ruleset
from ..schema import Band
from ..state import State
from .model import Character, ClassDef, Party


def band(bands: list[Band], n: int, default: int = 0) -> int:
    for b in bands:
        if b.range[0] <= n <= b.range[-1]:
            return b.value
    return default


def modifier(p: Party, score: int) -> int:
    return band(p.modifiers, score)


def unarmoured_ac(p: Party, abilities: dict[str, int]) -> int:
    """The ruleset's AC without armour: its base, bettered by the modifier of
    ``ac_ability`` where it names one (D&D 2024: 10 + DEX modifier)."""
    if not p.ac_ability or p.ac_ability not in abilities:
        return p.ac_base
    mod = modifier(p, abilities[p.ac_ability])
    return p.ac_base - mod if p.ac_descending else p.ac_base + mod


def class_of(rules: Ruleset, c: Character) -> ClassDef | None:
    p = rules.party
    return p.classes.get(c.cls) if p is not None and c.cls else None


def xp_table(rules: Ruleset, c: Character) -> list[int]:
    k = class_of(rules, c)
    return (k.xp or rules.party.xp) if k else []


def xp_next(rules: Ruleset, c: Character) -> int | None:
    """XP the next level needs, or None at the class's maximum (or without a class)."""
    k = class_of(rules, c)
    table = xp_table(rules, c)
    if k is None or c.level >= k.max_level or c.level >= len(table):
        return None
    return table[c.level]


def xp_bonus(rules: Ruleset, c: Character) -> int:
    """Percent added to (or taken from) XP awards, from the prime requisites."""
    k = class_of(rules, c)
    if k is None or not c.abilities:
        return 0
    if k.xp_bonus:
        return max((r.percent for r in k.xp_bonus
                    if all(c.abilities.get(a, 0) >= n for a, n in r.min.items())), default=0)
    if not rules.party.xp_bonus or not k.prime:
        return 0
    return band(rules.party.xp_bonus, min(c.abilities.get(a, 0) for a in k.prime))


def proficiency(rules: Ruleset, c: Character) -> int | None:
    table = rules.party.proficiency if rules.party else []
    return table[min(c.level, len(table)) - 1] if table else None


def saves(rules: Ruleset, c: Character) -> dict[str, int]:
    """The save targets (OSR) or save bonuses (D&D) by the ruleset's save names."""
    p, k = rules.party, class_of(rules, c)
    if p is None or k is None:
        return {}
    if k.saves:
        row = next((r for r in k.saves if r.levels[0] <= c.level <= r.levels[1]), None)
        return dict(zip(p.saves, row.values)) if row else {}
    pb = proficiency(rules, c) or 0
    tired = d20_penalty(rules, c)  # a save is a d20 test
    return {s: modifier(p, c.abilities.get(s, 10)) + (pb if s in k.save_proficiencies else 0)
            - tired for s in p.saves}


def d20_penalty(rules: Ruleset, c: Character) -> int:
    """What exhaustion takes from every d20 test (saves, death saves included):
    ``party.exhaustion_d20`` a level. Every d20 test a character makes takes it
    from here: saves (``saves``), ability checks (``check``), initiative."""
    return rules.party.exhaustion_d20 * c.exhaustion if rules.party else 0


def check(rules: Ruleset, c: Character | None, ability: str) -> tuple[int, int]:
    """An ability check ``c`` makes with ``ability`` (a d20 test: the navigator's
    and the forager's Survival, initiative): (the ability's modifier, what
    exhaustion takes from the roll). Kept apart, as a found amount adds the
    modifier (foraging's food) but exhaustion weighs only on the d20 (5e2024.md
    §3.3; gm-review4 R8). (0, 0) for no one, or an ability not on the sheet."""
    p = rules.party
    if c is None or p is None:
        return 0, 0
    mod = modifier(p, c.abilities[ability]) if ability in c.abilities else 0
    return mod, d20_penalty(rules, c)


def skills(rules: Ruleset, c: Character) -> dict[str, int]:
    k = class_of(rules, c)
    if k is None:
        return {}
    return {name: by_level[min(c.level, len(by_level)) - 1] for name, by_level in k.skills.items()}


def turning(rules: Ruleset, c: Character) -> dict[str, str]:
    k = class_of(rules, c)
    if k is None:
        return {}
    return {name: by_level[min(c.level, len(by_level)) - 1] for name, by_level in k.turning.items()}


def speed(rules: Ruleset, c: Character) -> int:
    p = rules.party
    if p is None:
        return 0
    s = band(p.encumbrance, c.load, p.speed) if p.encumbrance else p.speed
    return max(0, s - p.exhaustion_speed * c.exhaustion)


def party_speed(state: State) -> int | None:
    """The party moves at the pace of its slowest living member."""
    alive = [c for c in state.party if status(state.rules, c) != "dead"]
    return min((speed(state.rules, c) for c in alive), default=None)


def hp_left(rules: Ruleset, c: Character) -> int:
    """``c``'s hit points as the GM reads them: none for the dead, however they
    died (exhaustion kills at any hit points, and a Doom death recorded before
    it set 0 kept them: gm-review F11)."""
    return 0 if c.hp > 0 and status(rules, c) == "dead" else c.hp


def status(rules: Ruleset, c: Character) -> str:
    """"ok", "dying", "stable" (0 HP, death saves made) or "dead", as the ruleset says."""
    p = rules.party
    if c.dead:
        return "dead"
    if p is not None and p.exhaustion_max and c.exhaustion >= p.exhaustion_max:
        return "dead"
    if c.hp_max and c.hp <= 0:
        if p is None or p.zero_hp == "dead":
            return "dead"
        ds = p.death_saves
        if ds is not None and c.death_failures >= ds.failures:
            return "dead"
        return "stable" if ds is not None and c.death_successes >= ds.successes else "dying"
    return "ok"


def hit_dice_left(rules: Ruleset, c: Character) -> int | None:
    """Hit Point Dice not yet spent (one per level), or None where the ruleset
    has no rests or the character no class."""
    if rules.party is None or rules.party.rests is None or class_of(rules, c) is None:
        return None
    return max(0, c.level - c.hit_dice_spent)


def passive_perception(rules: Ruleset, c: Character) -> int | None:
    """10 + Wisdom modifier (D&D); proficiency in Perception is not tracked."""
    if rules.party is None or not rules.party.proficiency or not c.abilities:
        return None
    return 10 + modifier(rules.party, c.abilities.get("wis", 10))


def can_level_up(rules: Ruleset, c: Character) -> bool:
    nxt = xp_next(rules, c)
    return nxt is not None and c.xp >= nxt and status(rules, c) != "dead" \
        and not waits_for_next_session(rules, c)


def waits_for_next_session(rules: Ruleset, c: Character) -> bool:
    """Whether the ruleset's one-level-per-session rule holds ``c`` back."""
    return rules.party is not None and rules.party.one_level_per_session \
        and c.levelled_this_session
