"""The dungeon's part of the state (the delve, its checks, the last hasty
exit) and its ruleset section (the turn, wandering monsters, rest, fast
travel, hasty exits)."""

from __future__ import annotations

import msgspec

from ...i18n import _
from ..dice import Roll
from ..parts import ruleset_section, state_part
from ..schema import BIG, Bonus, Int, Pair, Problems, note_problems, rolled_table_problem
from .. import dice


class Check(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """A wandering-monster check; whether it is an encounter is derived."""

    turn: int
    roll: Roll
    chance: str
    encounter: bool
    scheduled: bool = True
    distance_ft: int | None = None
    surprise_party: bool | None = None
    surprise_monsters: bool | None = None
    interrupted_rest: bool = False  # an encounter before the party acted stopped its rest


class ExitResult(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    name: str
    roll: Roll
    target: int
    modifier: int
    saved: bool
    doom: Roll | None = None
    # the fate, by its place in the Doom table (-1: none); its words are made
    # when shown (core/dungeon/fates.py), in the GM's language, never folded
    row: int = -1
    on_sheet: bool = False  # the character is of the party (a deadly fate marks them dead)
    tracked: bool = False  # ... and their hit points are tracked (a fate's hp sets them)


class Dungeon(msgspec.Struct, frozen=True, gc=False):
    active: bool = False
    name: str = ""
    depth: int = 1
    turn: int = 0  # turns taken in the current delve
    turns_since_rest: int = 0
    penalty: int = 0  # rest penalty (0, -1, ...)
    checks: tuple[Check, ...] = ()
    last_hasty_exit: tuple["ExitResult", ...] = ()
    # fast travel that stopped early (a rest due, an encounter): the feet still to go,
    # and how far a turn of it goes; kept through a rest turn, cleared by any other
    fast_left: int = 0
    fast_per_turn: int = 0
    # the clock when the party last left (-1: never, or before it was kept); the
    # rest count and its penalty go with the party, and time out of the dungeon
    # as long as a rest turn is its rest (evolve_entered)
    left_at: int = -1
    # seconds spent in rounds (combat, a flight) since the rest count last
    # counted a turn, less than a turn: rounds add up to turns toward the rest
    # (``rounds_toward_rest``); a rest turn clears them
    round_seconds: int = 0


class Wandering(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    every_turns: Int(0, 10_000)  # 0: no scheduled check (only on demand)
    chance: str  # "X-in-Y"
    distance: str  # dice, in feet
    distance_both_surprised: str = ""  # dice; empty: same as distance
    surprise: str = ""  # "X-in-Y" per side; empty: the ruleset rolls none


class Rest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    every_turns: Int(2, 10_000)  # one turn in this many must be a rest
    penalty: str  # what the party suffers when a rest is skipped
    penalty_step: Int(-100, -1) = -1
    penalty_max: Int(-100, 0) = -1  # the penalty never goes below this


class FastTravel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    speed: Int(1, 10_000)  # party speed in feet, until the party tracks its own
    feet_per_turn_per_speed: Int(1, 1000) = 10
    check_every_turn: bool = False


class DoomFate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A row of the Doom table. What of it changes the sheet the tracker
    applies (``hp``: hit points set to that, ``dies``); ``gm``: what the GM
    must apply by hand (a fate with neither is the GM's whole)."""

    roll: Pair(-BIG, BIG)
    result: str
    hp: Int(0, 1000) | None = None
    dies: bool = False
    gm: str = ""


class HastyExit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    save: str
    default_target: Int(1, 1000)
    per_level_below_first: Bonus
    marked_map: Bonus
    known_route: Bonus
    save_die: str = "1d20"
    doom_die: str = "1d10"
    doom: list[DoomFate] = []
    gm_modifier_max: Int(0, 100) = 0  # the GM's bonus/penalty for the dungeon, at most this


class DungeonRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    turn_steps: list[str]
    activities: list[str]
    wandering: Wandering
    rest: Rest | None = None
    fast_travel: FastTravel | None = None
    hasty_exit: HastyExit | None = None
    douse_on_leave: bool = True
    not_in_source: dict[str, str] = {}  # dotted path under dungeon -> "KIND: why"


KNOWN_STEPS = {"wandering", "actions", "end"}


def _check(rules) -> Problems:
    problems = Problems()
    d = rules.dungeon
    if sorted(d.turn_steps) != sorted(KNOWN_STEPS):
        problems.add("dungeon.turn_steps", _("expected each of {steps} exactly once").format(
            steps=sorted(KNOWN_STEPS)))
    if "rest" not in d.activities:
        problems.add("dungeon.activities", _('expected a list that includes "rest"'))
    w = d.wandering
    problems.check("dungeon.wandering.chance", dice.parse_chance, w.chance)
    problems.check("dungeon.wandering.distance", dice.parse, w.distance)
    if w.distance_both_surprised:
        problems.check("dungeon.wandering.distance_both_surprised", dice.parse,
                       w.distance_both_surprised)
    if w.surprise:
        problems.check("dungeon.wandering.surprise", dice.parse_chance, w.surprise)
    if (h := d.hasty_exit) is not None:
        problems.check("dungeon.hasty_exit.save_die", dice.parse, h.save_die)
        problems.check("dungeon.hasty_exit.doom_die", dice.parse, h.doom_die)
        if not any(p[0] == "dungeon.hasty_exit.doom_die" for p in problems):
            problems.add("dungeon.hasty_exit.doom", rolled_table_problem(h.doom_die, h.doom))
    problems += note_problems("dungeon", d, d.not_in_source)
    return problems


state_part("dungeon", Dungeon, Dungeon())
ruleset_section("dungeon", DungeonRules, check=_check,
                terms=("dungeon.activities.*", "dungeon.rest.penalty",
                       "dungeon.hasty_exit.doom.*.result", "dungeon.hasty_exit.doom.*.gm"))
