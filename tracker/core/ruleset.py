"""Rulesets: TOML data checked at load, with errors naming file, key and line.

Every number a ruleset decides lives in the TOML; this module only knows the
shape. Durations are written as text (``"6 turns"``, ``"1 hour"``) and turned
into campaign-clock seconds with the ruleset's own time units.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import types
import typing
from functools import lru_cache
from typing import Annotated

import msgspec
import msgspec.inspect as mi
from msgspec import Meta as _M

from . import dice
from .errors import Refused


class RulesetError(Refused):
    """A ruleset file that cannot be used."""


MAX_TEXT = 1_000_000  # characters: the shipped rulesets are about 20k

# Every number in a ruleset has a range: positive where 0 or less makes no
# sense, and an upper cap where a larger value can only be a slip of the finger
# (a turn of a billion seconds). House rules are checked against the same ranges.


def _int(ge: int, le: int):
    return Annotated[int, _M(ge=ge, le=le)]


def _pair(ge: int, le: int):
    """``[low, high]``: exactly two numbers in the range."""
    return Annotated[list[_int(ge, le)], _M(min_length=2, max_length=2)]


BIG = 10**15  # beyond any table a ruleset needs, within a 64-bit integer
Bonus = _int(-1000, 1000)


class Meta(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    description: str = ""
    source: str = ""


class Time(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    round_seconds: _int(1, 3600)
    turn_seconds: _int(1, 86400)
    hour_seconds: _int(1, 86400) = 3600
    day_seconds: _int(1, 10 * 86400) = 86400
    start_hour: _int(0, 23) = 8  # in-game time of day when the campaign begins


class Wandering(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    every_turns: _int(0, 10_000)  # 0: no scheduled check (only on demand)
    chance: str  # "X-in-Y"
    distance: str  # dice, in feet
    distance_both_surprised: str = ""  # dice; empty: same as distance
    surprise: str = ""  # "X-in-Y" per side; empty: the ruleset rolls none


class Rest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    every_turns: _int(2, 10_000)  # one turn in this many must be a rest
    penalty: str  # what the party suffers when a rest is skipped
    penalty_step: _int(-100, -1) = -1
    penalty_max: _int(-100, 0) = -1  # the penalty never goes below this


class FastTravel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    speed: _int(1, 10_000)  # party speed in feet, until the party tracks its own
    feet_per_turn_per_speed: _int(1, 1000) = 10
    check_every_turn: bool = False


class TableEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A row of a rolled table: the totals it covers, [low, high], and what it means."""

    roll: _pair(-BIG, BIG)
    result: str


class RolledTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table rolled on ``die`` (d6, d12, d20, d100...): each entry covers a
    range of the totals, checked at load for gaps and overlaps. Weather,
    chase complications and bastion events are tables of this kind.

    In TOML: ``die = "1d12"`` and ``entries = [{ roll = [1, 2], result = "..." }, ...]``."""

    die: str
    entries: list[TableEntry]

    def lookup(self, total: int) -> TableEntry | None:
        return lookup(self.entries, total)


def lookup(entries: list[TableEntry], total: int) -> TableEntry | None:
    """The entry whose range holds ``total`` (ranges compared, never expanded)."""
    return next((e for e in entries if e.roll[0] <= total <= e.roll[1]), None)


def rolled_table_problem(die: str, entries: list[TableEntry]) -> str:
    """What is wrong with a rolled table, or '': a bad die, no entries, a
    range running backwards, two entries sharing a total, a total with none."""
    if not entries:
        return "expected a table of entries"
    try:
        lo, hi = dice.parse(die).bounds()
    except dice.DiceError as e:
        return str(e)
    gap = table_gap([e.roll for e in entries], lo, hi, "roll")
    return f"{gap} on {die}" if gap else ""


class HastyExit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    save: str
    default_target: _int(1, 1000)
    per_level_below_first: Bonus
    marked_map: Bonus
    known_route: Bonus
    save_die: str = "1d20"
    doom_die: str = "1d10"
    doom: list[TableEntry] = []


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
    radius_ft: _int(0, 10_000) = 0
    warn_turns: _int(0, 10_000) = 1  # notify when this many turns or fewer remain


class RationKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    spoils_in_dungeon: str = ""  # duration; empty: keeps


class Rations(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    per_character_per_day: _int(0, 100)
    kinds: dict[str, RationKind]


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``value`` for a number from ``range[0]`` to ``range[1]``."""

    range: _pair(-BIG, BIG)
    value: _int(-BIG, BIG)


class SaveRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    levels: _pair(1, 100)  # [first, last]
    values: list[Bonus]  # one per save, in the ruleset's save order


class XPRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    min: dict[str, _int(0, 1000)]  # every ability named must be at least this
    percent: _int(-100, 1000)


class ClassDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    hit_die: _int(2, dice.MAX_SIDES)
    prime: list[str]
    max_level: _int(1, 100)
    xp: list[_int(0, BIG)] = []  # XP needed for each level; empty: the party's table
    requires: dict[str, _int(0, 1000)] = {}  # ability -> minimum score
    hp_fixed_from: _int(0, 100) = 0  # from this level on, hp_fixed per level, no CON (0: never)
    hp_fixed: _int(0, 1000) = 0  # also the fixed value per level where level_hp = "fixed"
    saves: list[SaveRow] = []
    save_proficiencies: list[str] = []
    skills: dict[str, list[Bonus]] = {}  # skill -> value by level
    turning: dict[str, list[str]] = {}  # undead -> result by level
    xp_bonus: list[XPRule] = []  # replaces the prime-requisite bands when given


class Party(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    abilities: dict[str, str]  # id -> name, in the order they are rolled
    ability_range: _pair(0, 1000)
    ability_roll: str
    modifiers: list[Band]
    ac_base: _int(-100, 100)
    ac_descending: bool
    speed: _int(1, 10_000)
    speed_unit: str
    classes: dict[str, ClassDef]
    saves: list[str] = []
    save_names: dict[str, str] = {}
    save_rule: str = ""
    skill_rule: str = ""
    xp_bonus: list[Band] = []  # from the lowest prime requisite, in percent
    xp: list[_int(0, BIG)] = []  # shared XP table
    proficiency: list[_int(-100, 100)] = []  # proficiency bonus by level
    first_level_hp: str = "roll"  # "roll" or "max"
    level_hp: str = "roll"  # "roll" or "fixed"
    zero_hp: str = "dead"  # "dead" or "dying"
    conditions: list[str] = []
    exhaustion_max: _int(0, 100) = 0  # 0: no exhaustion levels; at the maximum, death
    exhaustion_speed: _int(0, 1000) = 0
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

_UNIT = re.compile(r"^\s*(\d{1,9})\s*([a-z]+)\s*$")
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
            f"bad duration {text!r}: expected a number (up to 9 digits) and a unit "
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
    d = r.dungeon
    spans = [("round_seconds", t.round_seconds), ("turn_seconds", t.turn_seconds),
             ("hour_seconds", t.hour_seconds), ("day_seconds", t.day_seconds)]
    for (short, a), (long, b) in zip(spans, spans[1:]):
        if a > b:
            problems.append((f"time.{long}", f"{b} is shorter than time.{short} ({a})"))
    if sorted(d.turn_steps) != sorted(_KNOWN_STEPS):
        problems.append(("dungeon.turn_steps",
                         f"expected each of {sorted(_KNOWN_STEPS)} exactly once"))
    if "rest" not in d.activities:
        problems.append(("dungeon.activities", "expected a list that includes \"rest\""))
    w = d.wandering
    try_("dungeon.wandering.chance", dice.parse_chance, w.chance)
    try_("dungeon.wandering.distance", dice.parse, w.distance)
    if w.distance_both_surprised:
        try_("dungeon.wandering.distance_both_surprised", dice.parse, w.distance_both_surprised)
    if w.surprise:
        try_("dungeon.wandering.surprise", dice.parse_chance, w.surprise)
    if (h := d.hasty_exit) is not None:
        try_("dungeon.hasty_exit.save_die", dice.parse, h.save_die)
        try_("dungeon.hasty_exit.doom_die", dice.parse, h.doom_die)
        if not any(p[0] == "dungeon.hasty_exit.doom_die" for p in problems):
            wrong = rolled_table_problem(h.doom_die, h.doom)
            if wrong:
                problems.append(("dungeon.hasty_exit.doom", wrong))
    for kid, k in r.lights.items():
        try_(f"lights.{kid}.duration", _positive, k.duration, t)
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


def _positive(text: str, time: Time) -> int:
    n = _seconds(text, time)
    if n <= 0:
        raise RulesetError(f"bad duration {text!r}: expected more than 0")
    return n


def table_gap(ranges: list[list[int]], lo: int, hi: int, what: str) -> str:
    """The first problem with a table of ``[low, high]`` ranges, or ''.

    A range must run low to high, no two ranges may share a number, and every
    number from ``lo`` to ``hi`` must be in one (``lo > hi``: no coverage asked).
    The ranges are sorted and walked, never expanded: a range up to 10^11 costs
    no more than one up to 10.
    """
    for a, b in ranges:
        if a > b:
            return f"the range [{a}, {b}] runs backwards (expected [low, high])"
    want = lo  # the next number that must be covered
    last = None  # the highest number covered so far
    for a, b in sorted(ranges):
        if last is not None and a <= last:
            return f"two entries cover a {what} of {a}"
        if a > want and want <= hi:
            return f"no entry for a {what} of {want}"
        want = max(want, b + 1)
        last = b
    if want <= hi:
        return f"no entry for a {what} of {want}"
    return ""


def _check_party(p: Party) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    lo, hi = p.ability_range
    if lo > hi:
        problems.append(("party.ability_range", "expected [lowest, highest]"))
    try:
        dice.parse(p.ability_roll)
    except Refused as e:
        problems.append(("party.ability_roll", str(e).splitlines()[0]))
    for key, bands, cover in (("modifiers", p.modifiers, True), ("xp_bonus", p.xp_bonus, False),
                              ("encumbrance", p.encumbrance, False)):
        gap = table_gap([b.range for b in bands], lo, hi if cover else lo - 1,
                        "score" if key != "encumbrance" else "load")
        if gap:
            problems.append((f"party.{key}", gap))
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
        if any(len(row.values) != len(p.saves) for row in c.saves):
            problems.append((f"{where}.saves", f"expected levels [a, b] and {len(p.saves)} values"))
        elif c.saves:
            gap = table_gap([row.levels for row in c.saves], 1, c.max_level, "level")
            if gap or max(row.levels[1] for row in c.saves) > c.max_level:
                problems.append((f"{where}.saves",
                                 f"expected one row for every level 1-{c.max_level}"
                                 + (f" ({gap})" if gap else "")))
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


def _type_at(path: str):
    """The msgspec type info at a ``$.a.b[0]`` style path of the Ruleset, or None."""
    t = mi.type_info(Ruleset)
    for tok in re.findall(r"[^.\[\]]+|\[[^\]]*\]", path):
        while isinstance(t, mi.UnionType):
            t = next((x for x in t.types if not isinstance(x, mi.NoneType)), None)
        if isinstance(t, mi.StructType) and not tok.startswith("["):
            t = next((f.type for f in t.fields if f.name == tok), None)
        elif isinstance(t, mi.DictType):
            t = t.value_type
        elif isinstance(t, mi.ListType) and tok.startswith("["):
            t = t.item_type
        else:
            return None
    while isinstance(t, mi.UnionType):
        t = next((x for x in t.types if not isinstance(x, mi.NoneType)), None)
    return t


def _strip(tp):
    """``Annotated[X, ...]`` and ``X | None`` down to ``X``."""
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            tp = next(a for a in typing.get_args(tp) if a is not type(None))
        else:
            return tp


def _name_keys(raw, path: str) -> str:
    """msgspec writes a table key as ``[...]``: put the key's name back, found
    by checking each entry of that table on its own."""
    out, node, tp = [], raw, Ruleset
    for tok in re.findall(r"[^.\[\]]+|\[[^\]]*\]", path):
        tp = _strip(tp)
        if tok == "[..." + "]" and isinstance(node, dict) and typing.get_origin(tp) is dict:
            vt = typing.get_args(tp)[1]
            for k, v in node.items():
                try:
                    msgspec.convert(v, vt)
                except msgspec.ValidationError:
                    break
            else:
                return path
            out.append(f".{k}")
            node, tp = v, vt
        elif tok.startswith("[") and isinstance(node, list) and tok[1:-1].isdigit():
            i = int(tok[1:-1])
            out.append(tok)
            node = node[i] if i < len(node) else None
            tp = typing.get_args(tp)[0] if typing.get_args(tp) else None
        elif isinstance(node, dict) and not tok.startswith("["):
            out.append(f".{tok}" if out else tok)
            node = node.get(tok)
            hints = typing.get_type_hints(tp, include_extras=True) if isinstance(tp, type) \
                and issubclass(tp, msgspec.Struct) else {}
            tp = hints.get(tok)
        else:
            return path
        if tp is None:
            return path
    return "".join(out)


def _plain(what: str, path: str) -> str:
    """msgspec's wording of a range or length problem, in the GM's words."""
    if re.match(r"Expected `int` [<>]=", what) or "out of range" in what:
        t = _type_at(path)
        if isinstance(t, mi.IntType) and t.ge is not None and t.le is not None:
            if t.ge == 1:
                return f"expected a positive number, at most {t.le:,}"
            return f"expected a number from {t.ge:,} to {t.le:,}"
    if re.match(r"Expected `array` of length [<>]=", what):
        return "expected [low, high]: two numbers"
    return what


def load_text(text: str, origin: str = "<ruleset>") -> LoadedRuleset:
    """Parse and check ruleset TOML; raise ``RulesetError`` naming what is wrong."""
    if not isinstance(text, str):
        raise RulesetError(f"{origin}: not text")
    if len(text) > MAX_TEXT:
        raise RulesetError(f"{origin}: too large ({len(text):,} characters; "
                           f"a ruleset is limited to {MAX_TEXT:,})")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RulesetError(f"{origin}: not valid UTF-8 text") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(f"{origin}: not valid TOML: {e}") from None
    except (ValueError, RecursionError) as e:  # e.g. an integer of thousands of digits
        reason = "a number is too long" if isinstance(e, ValueError) else "nested too deeply"
        raise RulesetError(f"{origin}: not usable TOML: {reason}") from None
    try:
        rules = msgspec.convert(raw, Ruleset)
    except msgspec.ValidationError as e:
        msg = str(e)
        m = re.search(r"at `\$\.?(.*)`", msg)
        path = m.group(1) if m else ""
        if "[...]" in path:
            path = _name_keys(raw, path)
        unknown = re.search(r"unknown field `([^`]+)`", msg)
        if unknown:
            path = f"{path}.{unknown.group(1)}" if path else unknown.group(1)
        what = re.sub(r"\s*-\s*at `.*`$", "", msg)
        if "Object missing required field" in what:
            field = re.search(r"`([^`]+)`", what).group(1)
            path = f"{path}.{field}" if path else field
            what = "this key is required but missing"
        what = _plain(what, path)
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
