"""Rulesets: TOML data checked at load, with errors naming file, key and line.

Every number a ruleset decides lives in the TOML; this module only knows the
shape. Durations are written as text (``"6 turns"``, ``"1 hour"``) and turned
into campaign-clock seconds with the ruleset's own time units.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from functools import lru_cache

import msgspec

from . import dice
from .errors import Refused


class RulesetError(Refused):
    """A ruleset file that cannot be used."""


class Meta(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    description: str = ""
    source: str = ""


class Time(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    round_seconds: int
    turn_seconds: int
    hour_seconds: int = 3600
    day_seconds: int = 86400
    start_hour: int = 8  # in-game time of day when the campaign begins


class Wandering(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    every_turns: int  # 0: no scheduled check (only on demand)
    chance: str  # "X-in-Y"
    distance: str  # dice, in feet
    distance_both_surprised: str = ""  # dice; empty: same as distance
    surprise: str = ""  # "X-in-Y" per side; empty: the ruleset rolls none


class Rest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    every_turns: int  # one turn in this many must be a rest
    penalty: str  # what the party suffers when a rest is skipped
    penalty_step: int = -1
    penalty_max: int = -1  # the penalty never goes below this


class FastTravel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    speed: int  # party speed in feet, until the party tracks its own
    feet_per_turn_per_speed: int = 10
    check_every_turn: bool = False


class DoomEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: list[int]  # [low, high]
    result: str


class HastyExit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    save: str
    default_target: int
    per_level_below_first: int
    marked_map: int
    known_route: int
    save_die: str = "1d20"
    doom_die: str = "1d10"
    doom: list[DoomEntry] = []


class Dungeon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    turn_steps: list[str]
    activities: list[str]
    wandering: Wandering
    rest: Rest | None = None
    fast_travel: FastTravel | None = None
    hasty_exit: HastyExit | None = None
    douse_on_leave: bool = True


class LightKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    duration: str  # per item, or per flask of fuel
    supply: str = ""  # supply used when lit (or refuelled); empty: none
    refuel: bool = False  # a spent one can take more fuel (lanterns)
    radius_ft: int = 0
    warn_turns: int = 1  # notify when this many turns or fewer remain


class RationKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    spoils_in_dungeon: str = ""  # duration; empty: keeps


class Rations(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    per_character_per_day: int
    kinds: dict[str, RationKind]


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``value`` for a number from ``range[0]`` to ``range[1]``."""

    range: list[int]
    value: int


class SaveRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    levels: list[int]  # [first, last]
    values: list[int]  # one per save, in the ruleset's save order


class XPRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    min: dict[str, int]  # every ability named must be at least this
    percent: int


class ClassDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    hit_die: int
    prime: list[str]
    max_level: int
    xp: list[int] = []  # XP needed for each level; empty: the party's table
    requires: dict[str, int] = {}  # ability -> minimum score
    hp_fixed_from: int = 0  # from this level on, hp_fixed per level, no CON (0: never)
    hp_fixed: int = 0  # also the fixed value per level where level_hp = "fixed"
    saves: list[SaveRow] = []
    save_proficiencies: list[str] = []
    skills: dict[str, list[int]] = {}  # skill -> value by level
    turning: dict[str, list[str]] = {}  # undead -> result by level
    xp_bonus: list[XPRule] = []  # replaces the prime-requisite bands when given


class Party(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    abilities: dict[str, str]  # id -> name, in the order they are rolled
    ability_range: list[int]
    ability_roll: str
    modifiers: list[Band]
    ac_base: int
    ac_descending: bool
    speed: int
    speed_unit: str
    classes: dict[str, ClassDef]
    saves: list[str] = []
    save_names: dict[str, str] = {}
    save_rule: str = ""
    skill_rule: str = ""
    xp_bonus: list[Band] = []  # from the lowest prime requisite, in percent
    xp: list[int] = []  # shared XP table
    proficiency: list[int] = []  # proficiency bonus by level
    first_level_hp: str = "roll"  # "roll" or "max"
    level_hp: str = "roll"  # "roll" or "fixed"
    zero_hp: str = "dead"  # "dead" or "dying"
    conditions: list[str] = []
    exhaustion_max: int = 0  # 0: no exhaustion levels; at the maximum, death
    exhaustion_speed: int = 0
    exhaustion_effects: list[str] = []
    encumbrance: list[Band] = []  # coins carried -> speed


class Ruleset(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    meta: Meta
    time: Time
    dungeon: Dungeon
    lights: dict[str, LightKind]
    rations: Rations
    supplies: dict[str, str]  # supply id -> display name
    party: Party | None = None


class LoadedRuleset(msgspec.Struct, frozen=True):
    """A checked ruleset with the exact text it came from and its hash."""

    rules: Ruleset
    text: str
    hash: str


# --- durations ----------------------------------------------------------------

_UNIT = re.compile(r"^\s*(\d+)\s*([a-z]+)\s*$")
_UNITS = {
    "round": "round", "rounds": "round",
    "turn": "turn", "turns": "turn",
    "second": "second", "seconds": "second", "s": "second",
    "minute": "minute", "minutes": "minute", "min": "minute",
    "hour": "hour", "hours": "hour", "h": "hour",
    "day": "day", "days": "day",
    "week": "week", "weeks": "week",
}


@lru_cache(maxsize=512)
def _seconds(text: str, time: Time) -> int:
    m = _UNIT.match(text.lower())
    if not m or m.group(2) not in _UNITS:
        raise RulesetError(
            f"bad duration {text!r}: expected a number and a unit "
            "(rounds, turns, minutes, hours, days, weeks)"
        )
    per = {
        "round": time.round_seconds, "turn": time.turn_seconds, "second": 1,
        "minute": 60, "hour": time.hour_seconds, "day": time.day_seconds,
        "week": 7 * time.day_seconds,
    }[_UNITS[m.group(2)]]
    return int(m.group(1)) * per


def seconds(rules: Ruleset, text: str) -> int:
    """A duration written in the ruleset (``"24 turns"``) in clock seconds."""
    return _seconds(text, rules.time)


# --- loading ------------------------------------------------------------------

_KNOWN_STEPS = {"wandering", "actions", "end"}


def _check_semantics(r: Ruleset) -> list[tuple[str, str]]:
    """Checks msgspec cannot express. Returns (key path, problem) pairs."""
    problems: list[tuple[str, str]] = []

    def try_(path: str, fn, *args) -> None:
        try:
            fn(*args)
        except Refused as e:
            problems.append((path, str(e).splitlines()[0]))

    t = r.time
    for key in ("round_seconds", "turn_seconds", "hour_seconds", "day_seconds"):
        if getattr(t, key) <= 0:
            problems.append((f"time.{key}", "expected a positive number of seconds"))
    if not 0 <= t.start_hour < 24:
        problems.append(("time.start_hour", "expected an hour from 0 to 23"))
    d = r.dungeon
    if sorted(d.turn_steps) != sorted(_KNOWN_STEPS):
        problems.append(("dungeon.turn_steps",
                         f"expected each of {sorted(_KNOWN_STEPS)} exactly once"))
    if "rest" not in d.activities:
        problems.append(("dungeon.activities", "expected a list that includes \"rest\""))
    w = d.wandering
    if w.every_turns < 0:
        problems.append(("dungeon.wandering.every_turns", "expected 0 (none) or more"))
    try_("dungeon.wandering.chance", dice.parse_chance, w.chance)
    try_("dungeon.wandering.distance", dice.parse, w.distance)
    if w.distance_both_surprised:
        try_("dungeon.wandering.distance_both_surprised", dice.parse, w.distance_both_surprised)
    if w.surprise:
        try_("dungeon.wandering.surprise", dice.parse_chance, w.surprise)
    if d.rest is not None:
        if d.rest.every_turns < 2:
            problems.append(("dungeon.rest.every_turns", "expected 2 or more"))
        if d.rest.penalty_max > 0 or d.rest.penalty_step >= 0:
            problems.append(("dungeon.rest.penalty_step",
                             "expected a negative step and a maximum of 0 or less"))
    if d.fast_travel is not None and d.fast_travel.speed <= 0:
        problems.append(("dungeon.fast_travel.speed", "expected a positive speed in feet"))
    if (h := d.hasty_exit) is not None:
        try_("dungeon.hasty_exit.save_die", dice.parse, h.save_die)
        try_("dungeon.hasty_exit.doom_die", dice.parse, h.doom_die)
        if not h.doom:
            problems.append(("dungeon.hasty_exit.doom", "expected a table of entries"))
        else:
            lo, hi = dice.parse(h.doom_die).bounds()
            covered = set()
            for i, e in enumerate(h.doom):
                if len(e.roll) != 2 or e.roll[0] > e.roll[1]:
                    problems.append((f"dungeon.hasty_exit.doom[{i}].roll", "expected [low, high]"))
                else:
                    covered.update(range(e.roll[0], e.roll[1] + 1))
            missing = sorted(set(range(lo, hi + 1)) - covered)
            if missing:
                problems.append(("dungeon.hasty_exit.doom",
                                 f"no entry for a roll of {missing[0]} on {h.doom_die}"))
    for kid, k in r.lights.items():
        try_(f"lights.{kid}.duration", _seconds, k.duration, t)
        if k.supply and k.supply not in r.supplies:
            problems.append((f"lights.{kid}.supply", f"{k.supply!r} is not in [supplies]"))
    if not r.lights:
        problems.append(("lights", "expected at least one kind of light"))
    for kid, k in r.rations.kinds.items():
        if k.spoils_in_dungeon:
            try_(f"rations.kinds.{kid}.spoils_in_dungeon", _seconds, k.spoils_in_dungeon, t)
        if kid not in r.supplies:
            problems.append((f"rations.kinds.{kid}", f"{kid!r} is not in [supplies]"))
    if not r.rations.kinds:
        problems.append(("rations.kinds", "expected at least one kind of ration"))
    if r.party is not None:
        problems += _check_party(r.party)
    return problems


def _check_party(p: Party) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    lo, hi = p.ability_range if len(p.ability_range) == 2 else (0, -1)
    if lo > hi:
        problems.append(("party.ability_range", "expected [lowest, highest]"))
    try:
        dice.parse(p.ability_roll)
    except Refused as e:
        problems.append(("party.ability_roll", str(e).splitlines()[0]))
    covered = {n for b in p.modifiers for n in range(b.range[0], b.range[-1] + 1)}
    missing = [n for n in range(lo, hi + 1) if n not in covered]
    if missing:
        problems.append(("party.modifiers", f"no modifier for a score of {missing[0]}"))
    if p.level_hp not in ("roll", "fixed") or p.first_level_hp not in ("roll", "max"):
        problems.append(("party.level_hp", 'expected "roll"/"fixed" (first level: "roll"/"max")'))
    if p.zero_hp not in ("dead", "dying"):
        problems.append(("party.zero_hp", 'expected "dead" or "dying"'))
    if p.exhaustion_max and len(p.exhaustion_effects) != p.exhaustion_max:
        problems.append(("party.exhaustion_effects", "expected one effect per exhaustion level"))
    for cid, c in p.classes.items():
        where = f"party.classes.{cid}"
        table = c.xp or p.xp
        if len(table) < c.max_level:
            problems.append((f"{where}.xp", f"expected XP for each of the {c.max_level} levels"))
        elif any(b <= a for a, b in zip(table, table[1:c.max_level])):
            problems.append((f"{where}.xp", "expected rising XP thresholds"))
        for a in [*c.prime, *c.requires, *c.save_proficiencies]:
            if a not in p.abilities:
                problems.append((where, f"{a!r} is not one of the abilities"))
        levels = set()
        for row in c.saves:
            if len(row.values) != len(p.saves) or len(row.levels) != 2:
                problems.append((f"{where}.saves", f"expected levels [a, b] and {len(p.saves)} values"))
                break
            levels.update(range(row.levels[0], row.levels[1] + 1))
        if c.saves and levels != set(range(1, c.max_level + 1)):
            problems.append((f"{where}.saves", f"expected a row for every level 1-{c.max_level}"))
        for name, by_level in [*c.skills.items(), *c.turning.items()]:
            if len(by_level) != c.max_level:
                problems.append((f"{where}.{name}", f"expected {c.max_level} values, one per level"))
    return problems


def _line_of(text: str, path: str) -> int | None:
    """The line where ``path`` (``a.b.c``) is defined, as well as we can tell."""
    parts = [p.split("[")[0] for p in path.split(".") if p]
    if not parts:
        return None
    table: list[str] = []
    best = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        m = re.match(r"^\[\[?\s*([^\]]+?)\s*\]\]?$", line)
        if m:
            table = [p.strip().strip('"') for p in m.group(1).split(".")]
            if table == parts:
                best = n
            continue
        key = line.split("=", 1)[0].strip().strip('"') if "=" in line else None
        if key is None:
            continue
        full = table + [p.strip().strip('"') for p in key.split(".")]
        if full == parts:
            return n
        if full == parts[:len(full)] and best is None:
            best = n  # an inline table that holds the key
        if full == parts[:len(full)] and table and len(full) > len(table):
            best = n
    return best


def load_text(text: str, origin: str = "<ruleset>") -> LoadedRuleset:
    """Parse and check ruleset TOML; raise ``RulesetError`` naming what is wrong."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(f"{origin}: not valid TOML: {e}") from None
    try:
        rules = msgspec.convert(raw, Ruleset)
    except msgspec.ValidationError as e:
        msg = str(e)
        m = re.search(r"at `\$\.?(.*)`", msg)
        path = m.group(1) if m else ""
        unknown = re.search(r"unknown field `([^`]+)`", msg)
        if unknown:
            path = f"{path}.{unknown.group(1)}" if path else unknown.group(1)
        what = re.sub(r"\s*-\s*at `.*`$", "", msg)
        if "Object missing required field" in what:
            field = re.search(r"`([^`]+)`", what).group(1)
            path = f"{path}.{field}" if path else field
            what = "this key is required but missing"
        line = _line_of(text, path)
        where = f"{origin}" + (f", line {line}" if line else "")
        raise RulesetError(f"{where}: key {path or '(top)'}: {what}") from None
    problems = _check_semantics(rules)
    if problems:
        path, what = problems[0]
        line = _line_of(text, path)
        where = f"{origin}" + (f", line {line}" if line else "")
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise RulesetError(f"{where}: key {path}: {what}{more}")
    digest = hashlib.sha256(text.encode()).hexdigest()
    return LoadedRuleset(rules, text, digest)


@lru_cache(maxsize=32)
def load_cached(text: str) -> LoadedRuleset:
    """``load_text`` memoised by content: replay meets the same text often."""
    return load_text(text)
