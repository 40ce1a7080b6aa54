"""The chase's part of the state (who runs, where, whose turn) and its
ruleset section: the D&D 2024 chase (``[chase]`` with dashes, complication
tables and escape factors) and B/X evasion (``[chase.evasion]``)."""

from __future__ import annotations

import re

import msgspec

from ...i18n import _
from .. import dice
from ..parts import ruleset_section, state_part
from ..schema import (BIG, Bonus, Int, Pair, Problems, note_problems, rolled_table_problem,
                      table_gap)

QUARRY, PURSUER = "quarry", "pursuer"
SIDES = (QUARRY, PURSUER)
IN, ESCAPED, CAUGHT, GAVE_UP, DROPPED = "in", "escaped", "caught", "gave up", "dropped out"
DOWN = "down"  # a party member at 0 hit points or dead: it runs no more
OUTCOMES = (CAUGHT, GAVE_UP, ESCAPED)
MAX_GROUP = 100_000  # the wilderness table covers groups up to this size
# what running exhaustion may change (how each reads: evasion.EFFECT_WORDS)
EFFECTS = ("monster_to_hit", "party_to_hit", "party_damage", "party_ac")


# --- state ----------------------------------------------------------------------------


class Affliction(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """What a complication did to a runner, as facts (standing.affliction_text
    puts them in words when shown, in the GM's language): its table's row
    (``at``: the row's key path, for its translated name), the save's total
    (None: no save, or not rolled), and what a missed save cost it."""

    at: str  # chase.complications.<setting>.entries.<i>
    row: "Complication"
    save: int | None = None
    missed: bool = False
    condition: str = ""  # the condition it took (a fall's only when it hurt)
    lost: int = 0  # feet of its next move lost
    halved: bool = False
    damage: int | None = None
    joiner: str = ""  # the creature that joined the chase after it
    joined: bool = False


class Runner(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """One participant of a 2024 chase. A party member's speed and exhaustion
    are read from the party (they change there); the others' are kept here."""

    name: str
    side: str
    initiative: int
    position: int  # feet along the route; everyone runs the same way
    member: bool = False
    speed: int = 0
    con: int = 0
    stealth: int = 0
    perception: int = 10
    target: str = ""  # a pursuer's quarry
    dashes: int = 0
    exhaustion: int = 0  # gained in the chase (not a party member)
    status: str = IN
    complication: Affliction | None = None  # what the last complication did to it, until its turn ends
    hindered: int = 0  # feet a failed complication save costs it on its next turn
    halved: bool = False  # its speed is halved on its next turn (a failed save)
    caught_by: str = ""  # the pursuer that caught it (its log line says so)
    caught_in: int = 0  # the round it was caught in


class Evasion(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """A B/X evasion: where, the two sides' speeds and sizes, what the dice said."""

    where: str  # dungeon, wilderness, sea
    party_speed: int
    monster_speed: int
    fleeing: int = 0
    pursuers: int = 0
    morale: int = 0  # 0: not checked
    pursue: bool = True
    rounds: int = 0
    gap: int = 0  # sea: feet between the ships
    chance: int = 0  # the last evasion chance, percent
    awaits_day: bool = False  # wilderness: the last roll failed, no day of pursuit since
    exhausted: bool = False
    stopped: bool = False  # bait took the pursuers
    surprised: str = ""  # wilderness: "party" (cannot evade) or "monsters" (away at once)
    tired: bool = False  # the party was already exhausted from running when it fled


class Met(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """The last encounter met (a dungeon check or on the road): an evasion
    started next takes its surprise and distance from it."""

    where: str  # dungeon, wilderness, sea
    distance: int | None = None  # feet
    surprised: str = ""  # "party", "monsters" or "" (nobody, or both)
    at: int = 0  # the clock when met: once time has passed it is no longer at hand (R1)


def at_hand(state) -> "Met | None":
    """The encounter an evasion or chase started now follows: the one noted,
    if no time has passed since."""
    met = state.chase.met
    return met if met is not None and met.at == state.clock else None


class Chase(msgspec.Struct, frozen=True, gc=False):
    active: bool = False
    setting: str = ""  # the complication table (2024) or "" for an evasion
    start: int = 0  # feet the quarry starts ahead
    round: int = 0
    turn: str = ""  # whose turn it is; "" at the start of a round
    runners: tuple[Runner, ...] = ()  # in initiative order
    evasion: Evasion | None = None
    outcome: str = ""  # how the last chase ended
    chases: int = 0  # chases begun in the campaign
    winded: int = 0  # B/X: rest turns the party still needs after running itself out
    # D&D 2024: levels of exhaustion party members gained in chases, until a rest removes them
    gained: tuple[tuple[str, int], ...] = ()
    met: Met | None = None  # the encounter the next chase or evasion follows
    # the chase's rounds count toward the dungeon's rest (dungeon.rules.rounds_toward_rest)
    # while it runs inside one: set by chase_started version 2; older chases did not
    toward_rest: bool = False


# --- ruleset --------------------------------------------------------------------------


class Complication(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: Pair(-BIG, BIG)
    result: str  # "" for no complication
    save: str = ""  # e.g. "Dex", "Str or Dex"
    dc: Int(0, 100) = 0
    on_fail: str = ""
    # what a failed save does, where the tracker applies it (on_fail says it in words)
    damage: str = ""  # dice, taken off a party member's hit points
    lose_feet: Int(0, 1000) = 0  # difficult terrain: feet of its next move lost
    lose_half: bool = False  # prone: standing up costs half its speed
    halve_speed: bool = False  # blinded: its speed is halved, a dash's too
    condition: str = ""  # noted on the runner until its next turn ends
    if_hurt: bool = False  # the condition and lost feet only when the damage hurt it (a fall)
    joins: bool = False  # a creature joins the chase with the afflicted as its quarry


class Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    die: str
    entries: list[Complication]


class EscapeFactor(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    text: str
    edge: str  # "advantage" or "disadvantage"


class PursuerBand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pursuers: Pair(1, MAX_GROUP)
    chance: Int(0, 100)


class FleeingBand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    fleeing: Pair(1, MAX_GROUP)
    chances: list[PursuerBand]


class SpeedBand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    slower: Pair(-BIG, BIG)  # feet per round the fleeing ship is slower by (<= 0: faster)
    chance: Int(0, 100)


class Sea(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    chances: list[SpeedBand]
    closing_min: Int(0, 10_000)  # feet a round the gap closes by, at least


class Direction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: Pair(-BIG, BIG)
    result: str  # which way the fleeing side runs


class Directions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    die: str
    entries: list[Direction]


class Evade(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """B/X evasion and pursuit."""

    source: str
    morale_die: str = ""  # "": no morale check decides pursuit
    morale_always: Pair(0, 100) = msgspec.field(default_factory=lambda: [2, 12])  # never rolled: [flees, fights on]
    run_rounds: Int(1, 10_000) = 30  # running this long exhausts the party
    exhausted_condition: str = "exhausted"
    exhausted_effect: str = ""
    exhausted_effects: dict[str, Bonus] = {}  # by EFFECTS key: what the exhaustion changes
    # an exhausted party forced to run runs only at its encounter speed: its
    # running speed divided by this (1: running speed, the rule before this key)
    exhausted_speed_divisor: Int(1, 100) = 1
    # a dungeon round: faster monsters close the gap by the speeds' difference and
    # catch the party at 0 (False, a text of before this key: the gap stayed put)
    dungeon_closes: bool = False
    # dungeon rest turns that end it; None (a text of before this key, upgraded):
    # the running exhaustion is the GM's conditions alone, as it was then
    rest_turns: Int(0, 1000) | None = 3
    bait_chance: str = "3-in-6"  # dropped treasure or food stops them
    evasion_die: str = "1d100"
    wilderness: list[FleeingBand] = []
    twice_as_fast: Bonus = 25  # added when the fleeing side is twice as fast; taken off the other way
    terrain: dict[str, Bonus] = {}  # e.g. dense woods
    floor: Int(0, 100) = 5
    catch_up: Int(0, 100) = 50  # daily pursuit: a faster pursuer catches up
    directions: Directions | None = None  # a day's random direction (None: the GM says)
    sea: Sea | None = None
    not_in_source: list[str] = []  # what the source leaves to the GM
    # what is not the source's own rule: dotted path under chase.evasion -> "KIND: why"
    # (as [dungeon.not_in_source]); the screen shows the KIND ("OSE fill: chance table")
    fills: dict[str, str] = {}


class ChaseRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    source: str
    free_dashes: Int(0, 100) = 3  # plus the Constitution modifier
    free_dashes_min: Int(0, 100) = 1
    dash_save: str = "Con"
    dash_dc: Int(1, 100) = 10
    drop_out_exhaustion: Int(1, 100) = 5
    reach: Int(0, 1000) = 5  # within this many feet a pursuer catches its quarry (a suggestion)
    stealth_die: str = "1d20"
    initiative_die: str = "1d20"
    complications: dict[str, Table] = {}  # by setting: urban, wilderness
    escape_factors: dict[str, EscapeFactor] = {}
    # a short or long rest removes the exhaustion gained in a chase (False: the
    # party's own rest rules alone, the rule before this key)
    rest_removes_exhaustion: bool = False
    evasion: Evade | None = None
    not_in_source: list[str] = []  # what the source leaves to the GM


SAVE_ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def save_problem(save: str) -> str:
    """What is wrong with a save's abilities ("Dex", "Str, Dex or Cha"), or ''.
    A note in brackets is the GM's ("Dex (or spend 10 ft of movement)")."""
    plain = re.sub(r"\([^)]*\)", " ", save)
    words = [w for w in plain.replace(",", " ").split() if w.lower() not in ("or", "and")]
    bad = [w for w in words if w.lower()[:3] not in SAVE_ABILITIES
           or w.lower() not in (w.lower()[:3], _FULL.get(w.lower()[:3]))]
    if not words or bad:
        return _('{word} is not an ability: expected Str, Dex, Con, Int, Wis or Cha (several '
                 'with "or": "Str or Dex")').format(word=repr((bad or [save])[0]))
    return ""


_FULL = {"str": "strength", "dex": "dexterity", "con": "constitution", "int": "intelligence",
         "wis": "wisdom", "cha": "charisma"}


def _check(rules) -> Problems:
    problems = Problems()
    c = rules.chase
    if c is None:
        return problems
    for key in ("stealth_die", "initiative_die"):
        problems.check(f"chase.{key}", dice.parse, getattr(c, key))
    problems.add("chase.dash_save", save_problem(c.dash_save), since=2)
    for name, t in c.complications.items():
        problems.add(f"chase.complications.{name}", rolled_table_problem(t.die, t.entries))
        for i, row in enumerate(t.entries):
            if row.save:
                problems.add(f"chase.complications.{name}.entries[{i}].save",
                             save_problem(row.save), since=2)
            if row.damage:
                problems.check(f"chase.complications.{name}.entries[{i}].damage",
                               dice.parse, row.damage)
    for name, f in c.escape_factors.items():
        if f.edge not in ("advantage", "disadvantage"):
            problems.add(f"chase.escape_factors.{name}.edge",
                         _('expected "advantage" or "disadvantage"'))
    if (e := c.evasion) is not None:
        _check_evasion(e, problems)
    return problems


def _check_evasion(e: Evade, problems: Problems) -> None:
    problems += note_problems("chase.evasion", e, e.fills)
    for key in e.exhausted_effects:
        if key not in EFFECTS:
            problems.add(f"chase.evasion.exhausted_effects.{key}",
                         "expected one of: " + ", ".join(EFFECTS))
    if e.morale_die:
        problems.check("chase.evasion.morale_die", dice.parse, e.morale_die)
    problems.check("chase.evasion.bait_chance", dice.parse_chance, e.bait_chance)
    problems.check("chase.evasion.evasion_die", dice.parse, e.evasion_die)
    if e.wilderness:
        problems.add("chase.evasion.wilderness",
                     table_gap([b.fleeing for b in e.wilderness], 1, MAX_GROUP, "fleeing group"))
        for i, b in enumerate(e.wilderness):
            problems.add(f"chase.evasion.wilderness[{i}].chances",
                         table_gap([p.pursuers for p in b.chances], 1, MAX_GROUP, "pursuing group"))
    if e.directions is not None:
        problems.add("chase.evasion.directions",
                     rolled_table_problem(e.directions.die, e.directions.entries))
    if e.sea is not None:
        problems.add("chase.evasion.sea.chances",
                     table_gap([b.slower for b in e.sea.chances], -BIG, BIG, "speed difference"))


def _chase_from_1(chase: dict | None) -> dict | None:
    """Schema 1 (2026-11-30 and before): keys added since, pinned to what their
    absence meant then. B/X evasion texts written before ``rest_turns``
    (2026-11-30 17:40) had the decider write the party's exhausted condition
    at the 30th round, and nothing lifted it but the GM: their campaigns hold
    those conditions, so the chase derives none (no second copy) and no rest
    turn ends it (``rest_turns`` None)."""
    if chase is None:
        return None
    chase.setdefault("rest_removes_exhaustion", False)  # D&D 2024: a rest kept it
    e = chase.get("evasion")
    if isinstance(e, dict):
        e.setdefault("rest_turns", None)
        e.setdefault("exhausted_effects", {})
        e.setdefault("exhausted_speed_divisor", 1)  # running speed, tired or not
    return chase


state_part("chase", Chase, Chase())
ruleset_section("chase", ChaseRules | None, default=None, check=_check,
                upgrades={1: _chase_from_1},
                terms=("chase.source", "chase.complications.*",
                       "chase.complications.*.entries.*.result",
                       "chase.complications.*.entries.*.save",
                       "chase.complications.*.entries.*.on_fail",
                       "chase.escape_factors.*.text", "chase.evasion.source",
                       "chase.evasion.exhausted_effect", "chase.evasion.terrain.*",
                       "chase.evasion.directions.entries.*.result"))
