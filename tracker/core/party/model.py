"""The party's part of the state (its characters) and its ruleset section
(abilities, classes, saves, XP, hit points, exhaustion, encumbrance)."""

from __future__ import annotations

import msgspec

from ...i18n import _, ngettext
from ..parts import ruleset_section, state_part
from ..schema import BIG, Band, Bonus, Int, Pair, Problems, note_problems, table_gap
from .. import dice


class Character(msgspec.Struct, frozen=True, gc=False):
    id: int
    name: str
    level: int = 1
    cls: str = ""  # class id in the ruleset; "" for a classless hireling
    abilities: dict[str, int] = {}
    hp: int = 0
    hp_max: int = 0  # 0: hit points not tracked
    ac: int = 0
    xp: int = 0
    conditions: tuple[str, ...] = ()
    exhaustion: int = 0
    # levels of ``exhaustion`` no rest removes until their cause is met, by cause
    # ("dehydration": a full day's water, "malnutrition": a full day's food)
    held: tuple[tuple[str, int], ...] = ()
    load: int = 0  # coins of weight carried
    dead: bool = False  # killed outright (massive damage)
    hit_dice_spent: int = 0  # Hit Point Dice spent on short rests (rulesets with rests)
    death_successes: int = 0  # at 0 HP (zero_hp = "dying"); at the ruleset's count: stable
    death_failures: int = 0  # at the ruleset's count: dead
    long_rested_at: int = -1  # clock seconds when the last long rest ended; -1: never
    levelled_this_session: bool = False  # cleared when a session starts


class SaveRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    levels: Pair(1, 100)  # [first, last]
    values: list[Bonus]  # one per save, in the ruleset's save order


class XPRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    min: dict[str, Int(0, 1000)]  # every ability named must be at least this
    percent: Int(-100, 1000)


class ClassDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    hit_die: Int(2, dice.MAX_SIDES)
    prime: list[str]
    max_level: Int(1, 100)
    xp: list[Int(0, BIG)] = []  # XP needed for each level; empty: the party's table
    requires: dict[str, Int(0, 1000)] = {}  # ability -> minimum score
    hp_fixed_from: Int(0, 100) = 0  # from this level on, hp_fixed per level, no CON (0: never)
    hp_fixed: Int(0, 1000) = 0  # also the fixed value per level where level_hp = "fixed"
    saves: list[SaveRow] = []
    save_proficiencies: list[str] = []
    skills: dict[str, list[Bonus]] = {}  # skill -> value by level
    turning: dict[str, list[str]] = {}  # undead -> result by level
    xp_bonus: list[XPRule] = []  # replaces the prime-requisite bands when given


class Rests(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Short and long rests (D&D 2024): what each restores."""
    short_hours: Int(1, 1000)
    long_hours: Int(1, 1000)
    min_hp: Int(0, 1000)  # hit points a character needs to benefit from a rest
    hit_die_min: Int(0, 1000)  # each Hit Point Die heals its roll + CON, at least this
    long_hit_dice_percent: Int(0, 100)  # of the character's level, rounded down, at least 1
    long_exhaustion_removed: Int(0, 100)
    long_gap_hours: Int(0, 1000) = 0  # from the end of one long rest to the start of the next


class DeathSaves(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Death saving throws at 0 HP: one die against a target, counted to a number."""
    die: str
    success: Int(1, 1000)  # the roll at or over this is a success
    fumble: Int(0, 1000)  # at or under this, fumble_failures failures (0: none)
    fumble_failures: Int(1, 10)
    wake: Int(0, 1000)  # at or over this, the character regains wake_hp (0: never)
    wake_hp: Int(1, 1000)
    successes: Int(1, 10)  # this many successes: stable
    failures: Int(1, 10)  # this many failures: dead
    hit_failures: Int(1, 10)  # damage at 0 HP counts as this many failures
    critical_failures: Int(1, 10)  # a critical hit at 0 HP


class Party(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    abilities: dict[str, str]  # id -> name, in the order they are rolled
    ability_range: Pair(0, 1000)
    ability_roll: str
    modifiers: list[Band]
    ac_base: Int(-100, 100)
    ac_descending: bool
    speed: Int(1, 10_000)
    speed_unit: str
    classes: dict[str, ClassDef]
    # the ability whose modifier unarmoured AC takes (better AC: up, or down when
    # descending); "": none, as every text before this key meant
    ac_ability: str = ""
    saves: list[str] = []
    save_names: dict[str, str] = {}
    save_rule: str = ""
    skill_rule: str = ""
    xp_bonus: list[Band] = []  # from the lowest prime requisite, in percent
    xp: list[Int(0, BIG)] = []  # shared XP table
    proficiency: list[Int(-100, 100)] = []  # proficiency bonus by level
    first_level_hp: str = "roll"  # "roll" or "max"
    level_hp: str = "roll"  # "roll" or "fixed"
    zero_hp: str = "dead"  # "dead" or "dying"
    conditions: list[str] = []
    # gm-review3 R9: conditions that keep a character from acting (lighting,
    # taking or relighting a light), those whose bearer drops what they hold,
    # and those a character at 0 HP who is not dead has (D&D 2024: unconscious).
    # Empty, as every text before these keys meant: nobody is kept from it.
    cannot_act: list[str] = []
    drops_held: list[str] = []
    zero_hp_conditions: list[str] = []
    # conditions that may still be given to the dead (known-issue 6); empty: none.
    # Every text before this key allowed any: a correction meets the refusal
    dead_conditions: list[str] = []
    exhaustion_max: Int(0, 100) = 0  # 0: no exhaustion levels; at the maximum, death
    exhaustion_speed: Int(0, 1000) = 0
    exhaustion_d20: Int(0, 100) = 0  # taken from every d20 test per level (saves on the sheet)
    exhaustion_effects: list[str] = []
    encumbrance: list[Band] = []  # coins carried -> speed
    rests: Rests | None = None  # short and long rests; None: the ruleset has none
    death_saves: DeathSaves | None = None  # with zero_hp = "dying"
    one_level_per_session: bool = False  # a second level waits for the next session
    critical_dice: Int(1, 10) = 1  # a critical hit rolls its damage dice this many times
    not_in_source: dict[str, str] = {}  # dotted path under party -> "KIND: why"


def _check_party(p: Party) -> Problems:
    problems = Problems()
    lo, hi = p.ability_range
    if lo > hi:
        problems.append(("party.ability_range", _("expected [lowest, highest]")))
    problems.check("party.ability_roll", dice.parse, p.ability_roll)
    for key, bands, cover in (("modifiers", p.modifiers, True), ("xp_bonus", p.xp_bonus, False),
                              ("encumbrance", p.encumbrance, False)):
        gap = table_gap([b.range for b in bands], lo, hi if cover else lo - 1,
                        "score" if key != "encumbrance" else "load")
        if gap:
            problems.append((f"party.{key}", gap))
    if p.ac_ability and p.ac_ability not in p.abilities:
        problems.append(("party.ac_ability", _("{ability} is not one of the abilities").format(
            ability=repr(p.ac_ability))))
    if p.level_hp not in ("roll", "fixed") or p.first_level_hp not in ("roll", "max"):
        problems.append(("party.level_hp",
                         _('expected "roll"/"fixed" (first level: "roll"/"max")')))
    if p.zero_hp not in ("dead", "dying"):
        problems.append(("party.zero_hp", _('expected "dead" or "dying"')))
    if p.death_saves is not None:
        problems.check("party.death_saves.die", dice.parse, p.death_saves.die)
    if p.death_saves is not None and p.zero_hp != "dying":
        problems.append(("party.death_saves", _('expected with zero_hp = "dying", and only then')))
    if p.death_saves is None and p.zero_hp == "dying":  # schema 1: dying until healed
        problems.add("party.death_saves", _('expected with zero_hp = "dying", and only then'),
                     since=2)
    for key in ("cannot_act", "drops_held", "zero_hp_conditions", "dead_conditions"):
        if unknown := [x for x in getattr(p, key) if x not in p.conditions]:
            problems.append((f"party.{key}", _("not in party.conditions: {names}").format(
                names=", ".join(unknown))))
    if p.exhaustion_max and len(p.exhaustion_effects) != p.exhaustion_max:
        problems.append(("party.exhaustion_effects", _("expected one effect per exhaustion level")))
    for cid, c in p.classes.items():
        where = f"party.classes.{cid}"
        table = c.xp or p.xp
        if len(table) < c.max_level:
            problems.append((f"{where}.xp", ngettext(
                "expected XP for each of the {n} level", "expected XP for each of the {n} levels",
                c.max_level).format(n=c.max_level)))
        elif any(b <= a for a, b in zip(table, table[1:c.max_level])):
            problems.append((f"{where}.xp", _("expected rising XP thresholds")))
        for a in [*c.prime, *c.requires, *c.save_proficiencies]:
            if a not in p.abilities:
                problems.append((where, _("{ability} is not one of the abilities").format(
                    ability=repr(a))))
        if any(len(row.values) != len(p.saves) for row in c.saves):
            problems.append((f"{where}.saves", ngettext(
                "expected levels [a, b] and {n} value", "expected levels [a, b] and {n} values",
                len(p.saves)).format(n=len(p.saves))))
        elif c.saves:
            gap = table_gap([row.levels for row in c.saves], 1, c.max_level, "level")
            if gap or max(row.levels[1] for row in c.saves) > c.max_level:
                problems.append((f"{where}.saves",
                                 _("expected one row for every level 1-{top}").format(
                                     top=c.max_level) + (f" ({gap})" if gap else "")))
        for name, by_level in [*c.skills.items(), *c.turning.items()]:
            if len(by_level) != c.max_level:
                problems.append((f"{where}.{name}", ngettext(
                    "expected {n} value, one per level", "expected {n} values, one per level",
                    c.max_level).format(n=c.max_level)))
    problems += note_problems("party", p, p.not_in_source)
    return problems


def _party_from_1(party: dict | None) -> dict | None:
    """Schema 1 (2026-11-30 and before): what a key added since meant when
    absent, pinned, so a later change of its default cannot change an old
    replay. A D&D 2024 text of then said zero_hp = "dying" with no death
    saves: a character at 0 HP stayed dying until healed or killed outright
    (the check asking for [party.death_saves] came with schema 2)."""
    if party is None:
        return None
    party.setdefault("exhaustion_d20", 0)  # no d20 penalty for exhaustion before it
    party.setdefault("one_level_per_session", False)
    return party


state_part("party", tuple[Character, ...], ())
ruleset_section("party", Party | None, default=None,
                check=lambda rules: _check_party(rules.party) if rules.party else [],
                upgrades={1: _party_from_1},
                # the names the party screen, log and refusals show (issue 23)
                terms=("party.classes.*", "party.conditions.*", "party.abilities.*",
                       "party.saves.*", "party.classes.*.skills.*", "party.save_rule",
                       "party.skill_rule", "party.speed_unit", "party.exhaustion_effects.*"))
