"""B/X evasion and pursuit (Dyb & Drager, Dolmenwood): whether the monsters
pursue, the dungeon chase in rounds, the wilderness percentile roll and the
daily pursuit, and the sea chase.

The dice and the GM's numbers are recorded; whether they pursue, the chance,
whether the party got away are derived here from the ruleset.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta
from msgspec.structs import replace

from ... import i18n
from ...i18n import N_, _
from .. import dice as dicemod
from ..party import sheet
from ..dice import Roll
from ..errors import Refused
from ..events import Event, event, fields_added
from ..handlers import Command, decides, evolves
from ..limits import Key
from ..lights.rules import left_behind
from ..dungeon.rules import TurnAdvanced, rounds_toward_rest
from ..party import rules as party
from ..state import State
from ..terms import term
from ..supplies.rules import set_count
from ..timeflow import pass_time
from ..validity import holds_for, takes_from_state
from .model import CAUGHT, ESCAPED, MAX_GROUP, Chase, Evasion, at_hand
from .standing import surprised_words, where_word

__all__ = ["WHERE", "SURPRISED", "StartEvasion", "RunRound", "DropBait", "RollEvasion", "PursueDay",
           "EvasionStarted", "RoundRun", "BaitDropped", "EvasionRolled", "PursuitDayRolled",
           "pursues", "chance", "wilderness_chance", "sea_chance", "bait_took", "evaded",
           "caught_up", "direction", "winded_effects", "running_speed", "from_encounter"]

WHERE = ("dungeon", "wilderness", "sea")
# how each of model.EFFECTS reads ({n}: the ruleset's number, signed)
EFFECT_WORDS = {"monster_to_hit": N_("monsters {n} to hit"), "party_to_hit": N_("{n} to hit"),
                "party_damage": N_("{n} damage (at least 1)"), "party_ac": N_("{n} AC")}
SURPRISED = ("", "party", "monsters")  # who was surprised when the party fled
Speed = Annotated[int, Meta(ge=1, le=10_000)]
Group = Annotated[int, Meta(ge=0, le=MAX_GROUP)]
Morale = Annotated[int, Meta(ge=0, le=12)]
Gap = Annotated[int, Meta(ge=0, le=1_000_000)]


# --- commands -------------------------------------------------------------------------


class StartEvasion(Command, frozen=True):
    where: str
    monster_speed: int
    party_speed: int | None = None  # default: the party's slowest member
    morale: int = 0  # the monsters' morale (0: the GM decides with ``pursue``)
    pursue: bool = True
    fleeing: int | None = None  # wilderness: default the living party
    pursuers: int = 1
    # None: from the encounter the evasion follows (the last one met), else 0 / nobody
    gap: int | None = None  # feet between the two sides (at sea: the ships)
    surprised: str | None = None  # wilderness: "party", "monsters" or "" (nobody)


class RunRound(Command, frozen=True):
    """One round of running (dungeon, or at sea after a failed evasion)."""


class DropBait(Command, frozen=True):
    kind: str = "treasure"  # or food
    rations: int = 1  # food: rations the party throws down (taken from its supplies)


class RollEvasion(Command, frozen=True):
    terrain: tuple[str, ...] = ()


class PursueDay(Command, frozen=True):
    """A day of wilderness pursuit: the party flees in a random direction (rolled
    on the ruleset's table, or as the GM says where it has none), faster
    pursuers may catch up, and the day passes on the clock."""

    direction: str = ""


# --- events ---------------------------------------------------------------------------


@event("evasion_started", version=2, area="chase")
class EvasionStarted(Event, frozen=True):
    where: Key
    party_speed: Speed
    monster_speed: Speed
    morale: Morale = 0
    pursue: bool = True  # what the GM said, where no morale roll decides
    morale_roll: Roll | None = None
    fleeing: Group = 0
    pursuers: Group = 0
    gap: Gap = 0
    surprised: Annotated[str, Meta(max_length=16)] = ""
    # version 2 (gm-review3 R12): the gap is known (the GM's or the encounter's;
    # unknown, it is refused), so a dungeon gap of 0 to faster pursuers is caught
    # at once. Older entries: a gap of 0 was never given and never closed
    gap_known: bool = True


fields_added("evasion_started", 2, gap_known=False)


@event("evasion_round_run", version=2, area="chase")
class RoundRun(Event, frozen=True):
    # version 2: a round run inside a dungeon counts toward its rest, as any
    # round there does (dungeon.rules.rounds_toward_rest); older entries did not
    toward_rest: bool = True


fields_added("evasion_round_run", 2, toward_rest=False)


@event("evasion_bait_dropped", area="chase")
class BaitDropped(Event, frozen=True):
    kind: Key
    roll: Roll
    rations: Annotated[int, Meta(ge=0, le=10_000)] = 0  # food: rations dropped (0: not counted)


@event("evasion_rolled", area="chase")
class EvasionRolled(Event, frozen=True):
    roll: Roll
    terrain: tuple[Key, ...] = ()


@event("pursuit_day_rolled", version=3, area="chase")
class PursuitDayRolled(Event, frozen=True):
    # the dice in the order they are rolled: the direction first, then the catch-up
    direction_roll: Roll | None = None  # on the ruleset's table, where it has one
    roll: Roll | None = None  # None: the pursuers are not faster and cannot catch up
    direction: Annotated[str, Meta(max_length=80)] = ""  # the GM's, where no table
    # version 2: lit lights burn through the day (older entries: their time stood still)
    lights_burn: bool = True
    # version 3: the party flees, and a light nobody holds stays where it lies
    # (as a day travelled leaves it); older entries took it along
    floor_stays: bool = True


fields_added("pursuit_day_rolled", 2, lights_burn=False)
fields_added("pursuit_day_rolled", 3, floor_stays=False)


# --- derived --------------------------------------------------------------------------


def pursues(rules, ev: EvasionStarted) -> bool:
    """Whether the monsters pursue: their morale roll (2d6 at most the morale)
    where the ruleset has one, else what the GM said."""
    e = rules.chase.evasion
    if not e.morale_die or not ev.morale:
        return ev.pursue
    never, always = e.morale_always
    if ev.morale <= never:
        return False
    if ev.morale >= always:
        return True
    return ev.morale_roll is not None and ev.morale_roll.total <= ev.morale


def running_speed(rules, e: Evasion) -> int:
    """The party's speed in the evasion: exhausted from running (now, or
    already when it fled), it runs only at its encounter speed, where the
    ruleset says so. A ship's speed at sea is the ship's."""
    div = rules.chase.evasion.exhausted_speed_divisor
    if e.where == "sea" or div == 1 or not (e.exhausted or e.tired):
        return e.party_speed
    return max(1, e.party_speed // div)


def wilderness_chance(rules, ev: Evasion, terrain=()) -> int:
    """The percentile chance from the two groups' sizes, speed and terrain, with its floor."""
    e = rules.chase.evasion
    band = next(b for b in e.wilderness if b.fleeing[0] <= max(1, ev.fleeing) <= b.fleeing[1])
    chance = next(p.chance for p in band.chances
                  if p.pursuers[0] <= max(1, ev.pursuers) <= p.pursuers[1])
    party_speed = running_speed(rules, ev)
    if party_speed >= 2 * ev.monster_speed:
        chance += e.twice_as_fast
    elif ev.monster_speed >= 2 * party_speed:
        chance -= e.twice_as_fast
    chance += sum(e.terrain.get(t, 0) for t in terrain)
    return min(100, max(e.floor, chance))


def sea_chance(rules, ev: Evasion) -> int:
    """The chance from how much slower the fleeing ship is (faster: the best)."""
    slower = ev.monster_speed - ev.party_speed
    return next(b.chance for b in rules.chase.evasion.sea.chances
                if b.slower[0] <= slower <= b.slower[1])


def chance(rules, ev: Evasion, terrain=()) -> int:
    return sea_chance(rules, ev) if ev.where == "sea" else wilderness_chance(rules, ev, terrain)


# --- decide ---------------------------------------------------------------------------


def _rules(state: State):
    ch = state.rules.chase
    if ch is None or ch.evasion is None:
        if ch and ch.complications:
            raise Refused(_("{ruleset} has no B/X evasion; run a chase (start-chase)").format(
                ruleset=state.rules.meta.name))
        raise Refused(_("{ruleset} has no B/X evasion").format(ruleset=state.rules.meta.name))
    return ch.evasion


def _evasion(state: State, *where: str) -> Evasion:
    _rules(state)
    ev = state.chase.evasion
    if not state.chase.active or ev is None:
        raise Refused(_("no evasion is running (start one first)"))
    if where and ev.where not in where:
        raise Refused(_("that is for an evasion {places}, not {where}").format(
            places=where_word(where[0]) if len(where) == 1 else _("{a} or {b}").format(
                a=where_word(where[0]), b=where_word(where[1])), where=where_word(ev.where)))
    return ev


@holds_for(EvasionStarted)
def started_holds(state: State, ev: EvasionStarted, rolled: bool = True) -> None:
    """``evade``: no chase running, a place the ruleset has, speeds, morale, the
    two groups and the gap within range, surprise only in the wilderness; and
    (``rolled``: the event as written) a morale roll exactly where one is made."""
    e = _rules(state)
    if state.chase.active:
        raise Refused(_("a chase is already running (end it first)"))
    if ev.where not in WHERE or (ev.where == "sea" and e.sea is None):
        raise Refused(_("an evasion is in: {places} (got {where!r})").format(
            places=", ".join(w for w in WHERE if w != "sea" or e.sea), where=ev.where))
    for label, v, lo, hi in ((_("the party's speed"), ev.party_speed, 1, 10_000),
                             (_("the monsters' speed"), ev.monster_speed, 1, 10_000),
                             (_("morale"), ev.morale, 0, 12),
                             (_("pursuers"), ev.pursuers, 1, MAX_GROUP),
                             (_("the gap"), ev.gap, 0, 1_000_000)):
        if not lo <= v <= hi:
            raise Refused(_("{what} must be {lo} to {hi} (got {value})").format(
                what=label, lo=lo, hi=hi, value=v))
    if ev.surprised not in SURPRISED or (ev.surprised and ev.where != "wilderness"):
        raise Refused(_("surprise is \"party\" or \"monsters\", and only in the wilderness"))
    if not 1 <= ev.fleeing <= MAX_GROUP:
        raise Refused(_("the fleeing group must be 1 to {most} strong (got {n})").format(
            most=MAX_GROUP, n=ev.fleeing))
    if rolled and (ev.morale_roll is not None) != _morale_rolled(e, ev.morale):
        raise Refused((_("morale {morale} is rolled for: its 2d6 roll is not in the entry")
                       if ev.morale_roll is None else
                       _("morale {morale} is not rolled for, but the entry rolled it"))
                      .format(morale=ev.morale))


def _morale_rolled(e, morale: int) -> bool:
    never, always = e.morale_always
    return bool(e.morale_die) and never < morale < always


@decides(StartEvasion)
def decide_start(state: State, cmd: StartEvasion, dice) -> list[Event]:
    e = _rules(state)
    if state.chase.active:
        raise Refused(_("a chase is already running (end it first)"))
    speed = cmd.party_speed if cmd.party_speed is not None else sheet.party_speed(state)
    if speed is None:
        raise Refused(_("the party is empty: give the party's speed"))
    gap, surprised = from_encounter(state, cmd.where, cmd.gap, cmd.surprised)
    fleeing = cmd.fleeing if cmd.fleeing is not None else \
        sum(1 for c in state.party if sheet.status(state.rules, c) != "dead")
    ev = EvasionStarted(cmd.where, speed, cmd.monster_speed, cmd.morale, cmd.pursue, None,
                        fleeing, cmd.pursuers, gap, surprised)
    started_holds(state, ev, rolled=False)  # before the morale is rolled
    if cmd.gap is None and _gap_unknown(state) and _gap_counts(state, ev):
        # gm-review3 R12: an unknown gap is not 0 (0 is caught): the GM gives it
        raise Refused(_("no encounter at hand gives the distance between the party and the "
                        "monsters: give it with --gap (feet)") if cmd.where == "dungeon" else
                      _("no encounter at hand gives the distance between the ships: give it "
                        "with --gap (feet)"))
    roll = None
    if _morale_rolled(e, cmd.morale):
        roll = dicemod.roll(e.morale_die, dice, _("morale {morale}: do they pursue?").format(
            morale=cmd.morale))
    return [replace(ev, morale_roll=roll)]


def _gap_unknown(state: State) -> bool:
    met = at_hand(state)
    return met is None or met.distance is None


def _gap_counts(state: State, ev: EvasionStarted) -> bool:
    """Whether the starting gap can matter: at sea (the ships run in rounds
    after a failed roll), or in a dungeon whose faster monsters close it and
    the party is not faster (a faster party is away at once)."""
    e = _rules(state)
    if not _morale_rolled(e, ev.morale) and not pursues(state.rules, ev):
        return False  # they let the party go
    if ev.where == "sea":
        return True
    if ev.where != "dungeon" or not e.dungeon_closes:
        return False
    e = Evasion(ev.where, ev.party_speed, ev.monster_speed, tired=_tired(state))
    return running_speed(state.rules, e) < ev.monster_speed  # as fast: the gap stays put


def from_encounter(state: State, where: str, gap: int | None,
                   surprised: str | None) -> tuple[int, str]:
    """The starting gap and who was surprised: the GM's where given, else the
    encounter the evasion follows (surprise counts in the wilderness only)."""
    met = at_hand(state)
    if gap is None:
        gap = met.distance or 0 if met is not None else 0
    if surprised is None:
        surprised = met.surprised if met is not None and where == "wilderness" else ""
    return gap, surprised


@takes_from_state(EvasionStarted, source=N_("the encounter it follows"))
def taken_from_encounter(state: State, ev: EvasionStarted) -> dict[str, tuple[object, str]]:
    """The gap and surprise ``evade`` takes from the encounter it follows, in
    words: a correction of that encounter must not leave them standing."""
    gap, surprised = from_encounter(state, ev.where, None, None)
    # no distance at hand (R12): the gap was the GM's, None matches no gap written
    known = not ev.gap_known or not _gap_unknown(state) or not _gap_counts(state, ev)
    return {"gap": (gap, _("a gap of {feet} ft").format(feet=gap)) if known else
            (None, _("no distance (give the gap)")),
            "surprised": (surprised, surprised_words(surprised) if surprised
                          else _("nobody surprised"))}


@holds_for(RoundRun)
def round_holds(state: State, ev: RoundRun) -> None:
    """``run``: an evasion in a dungeon, or at sea after a failed evasion roll."""
    e = _evasion(state, "dungeon", "sea")
    if e.where == "sea" and e.chance == 0:
        raise Refused(_("at sea the ships run in rounds only after a failed evasion roll"))


@decides(RunRound)
def decide_round(state: State, cmd: RunRound, dice) -> list[Event]:
    ev = RoundRun()
    round_holds(state, ev)
    return [ev]


@holds_for(BaitDropped)
def bait_holds(state: State, ev: BaitDropped) -> None:
    """``drop-bait``: in a dungeon evasion, treasure or food; food counts 1 to
    10,000 rations the party has (treasure counts none)."""
    _evasion(state, "dungeon")
    if ev.kind not in ("treasure", "food"):
        raise Refused(_("drop treasure or food (got {kind!r})").format(kind=ev.kind))
    if ev.kind == "treasure":
        if ev.rations:
            raise Refused(_("treasure is not counted in rations (drop food for that)"))
        return
    have = sum(b.count for b in state.supplies.rations)
    if not 1 <= ev.rations <= 10_000:
        raise Refused(_("drop 1 to 10,000 rations (got {n})").format(n=ev.rations))
    if ev.rations > have:
        raise Refused(i18n.ngettext("the party has {have} ration to drop, not {n}",
                                    "the party has {have} rations to drop, not {n}", have)
                      .format(have=have, n=ev.rations))


@decides(DropBait)
def decide_bait(state: State, cmd: DropBait, dice) -> list[Event]:
    x = dicemod.parse_chance(_rules(state).bait_chance)
    ev = BaitDropped(cmd.kind, None, cmd.rations if cmd.kind == "food" else 0)
    bait_holds(state, ev)  # before the die is rolled
    label = (_("dropped treasure: they stop on {chance}") if cmd.kind == "treasure" else
             _("dropped food: they stop on {chance}")).format(chance=dicemod.chance_text(x))
    return [replace(ev, roll=dicemod.roll(f"1d{x.y}", dice, label))]


@holds_for(EvasionRolled)
def rolled_holds(state: State, ev: EvasionRolled) -> None:
    """``evade``: an evasion in the wilderness or at sea, the party not
    surprised, terrain the ruleset has, and at sea only the first roll."""
    e = _evasion(state, "wilderness", "sea")
    if e.surprised == "party":
        raise Refused(_("a surprised party cannot evade (the referee may allow a small "
                        "chance: end the chase as escaped if so)"))
    known = _rules(state).terrain
    bad = [t for t in ev.terrain if t not in known]
    if bad:
        raise Refused(_("unknown terrain {terrain!r}; choose from: {known}").format(
            terrain=bad[0], known=", ".join(known) or _("none")))
    if e.where == "sea" and e.chance:
        raise Refused(_("the evasion at sea failed: the ships now run in rounds"))


@decides(RollEvasion)
def decide_evasion(state: State, cmd: RollEvasion, dice) -> list[Event]:
    ev = state.chase.evasion
    rolled_holds(state, EvasionRolled(None, cmd.terrain))  # before the die is rolled
    if ev.awaits_day:  # osr.md §9: a failed roll is followed by a day of pursuit
        raise Refused(_("the evasion roll failed ({pct}%): a day of pursuit comes before a new "
                        "roll (pursuit-day, or y on the chase screen)").format(pct=ev.chance))
    pct = chance(state.rules, ev, cmd.terrain)
    roll = dicemod.roll(_rules(state).evasion_die, dice, _("evasion ({pct}%)").format(pct=pct))
    return [EvasionRolled(roll, tuple(dict.fromkeys(cmd.terrain)))]


@holds_for(PursuitDayRolled)
def day_holds(state: State, ev: PursuitDayRolled, rolled: bool = True) -> None:
    """``pursue-day``: after a failed evasion in the wilderness, a direction of at
    most 80 characters; and (``rolled``: the event as written) the direction
    rolled where the GM said none and the ruleset has a table, the catch-up
    rolled exactly where the pursuers are faster."""
    e = _evasion(state, "wilderness")
    if not e.chance:
        raise Refused(_("roll the evasion first: the daily pursuit follows a failed one"))
    if len(ev.direction) > 80:
        raise Refused(_("a direction is at most 80 characters"))
    if not rolled:
        return
    table = _rules(state).directions
    if table is not None and not ev.direction and ev.direction_roll is None:
        raise Refused(_("say which way the party flees: the entry rolled no direction"))
    if (ev.roll is None) != (e.monster_speed <= e.party_speed):
        raise Refused(_("the pursuers are faster: the day rolls whether they catch up")
                      if ev.roll is None else
                      _("the pursuers are not faster: they cannot catch up"))


@decides(PursueDay)
def decide_day(state: State, cmd: PursueDay, dice) -> list[Event]:
    e = _rules(state)
    said = cmd.direction.strip()
    day_holds(state, PursuitDayRolled(None, None, said), rolled=False)
    ev = state.chase.evasion
    way = None
    if e.directions is not None and not said:
        way = dicemod.roll(e.directions.die, dice, _("which way the party flees"))
    if ev.monster_speed <= ev.party_speed:
        return [PursuitDayRolled(way, None, said)]
    return [PursuitDayRolled(way, dicemod.roll(e.evasion_die, dice,
                                               _("faster pursuers catch up ({pct}%)").format(
                                                   pct=e.catch_up)), said)]


def direction(rules, ev: PursuitDayRolled) -> str:
    """Which way the party fled that day: the GM's word, the table's, or unknown."""
    dirs = rules.chase.evasion.directions if rules.chase and rules.chase.evasion else None
    if ev.direction or ev.direction_roll is None or dirs is None:
        return ev.direction or _("a random direction (not in the source: GM enters it)")
    return next((term(rules, f"chase.evasion.directions.entries.{i}.result", d.result)
                 for i, d in enumerate(dirs.entries)
                 if d.roll[0] <= ev.direction_roll.total <= d.roll[1]), "")


# --- evolve ---------------------------------------------------------------------------


def _end(state: State, outcome: str, evasion: Evasion) -> State:
    return replace(state, chase=replace(state.chase, active=False, outcome=outcome,
                                        evasion=evasion))


@evolves(EvasionStarted)
def evolve_started(state: State, ev: EvasionStarted) -> State:
    if state.chase.active:
        raise Refused(_("a chase is already running"))
    pursue = pursues(state.rules, ev)
    evasion = Evasion(ev.where, ev.party_speed, ev.monster_speed, ev.fleeing, ev.pursuers,
                      ev.morale, pursue, gap=ev.gap, surprised=ev.surprised,
                      tired=_tired(state))
    state = replace(state, chase=Chase(active=True, evasion=evasion,
                                       chases=state.chase.chases + 1, winded=state.chase.winded,
                                       gained=state.chase.gained))
    # no pursuit, a faster party in a dungeon, or monsters the party surprised: away at once
    if not pursue or ev.surprised == "monsters" or \
            (ev.where == "dungeon" and running_speed(state.rules, evasion) > ev.monster_speed):
        return _end(state, ESCAPED, evasion)
    # a known gap of 0 to faster monsters (R12): they are on the party
    if ev.where == "dungeon" and ev.gap == 0 and ev.gap_known and \
            state.rules.chase.evasion.dungeon_closes and \
            running_speed(state.rules, evasion) < ev.monster_speed:
        return _end(state, CAUGHT, evasion)
    return state


@evolves(RoundRun)
def evolve_round(state: State, ev: RoundRun) -> State:
    e = _evasion(state, "dungeon", "sea")
    rules = state.rules.chase.evasion
    rounds = e.rounds + 1
    gap = e.gap
    if e.where == "sea":
        gap = max(0, gap - max(e.monster_speed - e.party_speed, rules.sea.closing_min))
    elif rules.dungeon_closes and gap > 0:  # a gap of 0 here was never given: nothing to close
        gap = max(0, gap - max(0, e.monster_speed - running_speed(state.rules, e)))
    # running this long exhausts those who run (osr.md §4.2): at sea the ship sails on
    tires = e.where != "sea" and rounds >= rules.run_rounds
    evasion = replace(e, rounds=rounds, gap=gap, exhausted=e.exhausted or tires)
    chase = replace(state.chase, evasion=evasion, round=rounds)
    if e.where == "dungeon" and rounds == rules.run_rounds and rules.rest_turns is not None:
        # running this long exhausts the party until it rests: derived, so undo and
        # amend recompute it; the party's condition shows it on every screen
        chase = replace(chase, winded=max(1, rules.rest_turns))
        state = _winded(state, rules.exhausted_condition, True)
    seconds = state.rules.time.round_seconds
    if ev.toward_rest and state.dungeon.active:
        after = pass_time(state, seconds, burning=True, chase=chase,
                          dungeon=rounds_toward_rest(state, seconds))
    else:
        after = pass_time(state, seconds, burning=True, chase=chase)
    caught = gap == 0 and (e.where == "sea" or e.gap > 0)
    return _end(after, CAUGHT, evasion) if caught else after


def _tired(state: State) -> bool:
    """The party flees while still exhausted from running: not yet rested off,
    or a living member has the ruleset's exhausted condition."""
    e = state.rules.chase.evasion
    return bool(state.chase.winded) or any(
        e.exhausted_condition in c.conditions for c in state.party
        if sheet.status(state.rules, c) != "dead")


def winded_effects(rules) -> str:
    """What running exhaustion changes, in words, from the ruleset's numbers."""
    e = rules.chase.evasion if rules.chase else None
    if e is None:
        return ""
    return ", ".join(_(EFFECT_WORDS[k]).format(n=i18n.signed(v))
                     for k, v in e.exhausted_effects.items())


def _winded(state: State, condition: str, on: bool) -> State:
    """The party's running exhaustion as its own condition, on or off, where
    the ruleset's party has that condition."""
    if condition not in (state.rules.party.conditions if state.rules.party else ()):
        return state
    for c in state.party:
        if (condition in c.conditions) != on and (not on or sheet.status(state.rules, c) != "dead"):
            state = party.evolve_condition(state, party.ConditionSet(c.name, condition, on))
    return state


@evolves(TurnAdvanced, when="chase.winded")
def evolve_rest(state: State, ev: TurnAdvanced) -> State:
    """A dungeon turn the dungeon counted as a rest (its evolver ran first)
    brings a party exhausted from running closer to its end."""
    left = state.chase.winded
    if not left or ev.activity != "rest" or state.dungeon.turns_since_rest != 0:
        return state
    e = state.rules.chase.evasion if state.rules.chase else None
    state = replace(state, chase=replace(state.chase, winded=left - 1))
    return _winded(state, e.exhausted_condition, False) if left == 1 and e else state


def bait_took(rules, ev: BaitDropped) -> bool:
    return dicemod.parse_chance(rules.chase.evasion.bait_chance).hits(ev.roll.total)


@evolves(BaitDropped)
def evolve_bait(state: State, ev: BaitDropped) -> State:
    e = _evasion(state, "dungeon")
    left = ev.rations
    for kind in state.rules.rations.kinds if left else ():  # the food goes, kind by kind
        have = state.supplies.count(kind)
        take = min(have, left)
        if take:
            state = replace(state, supplies=set_count(state, kind, have - take))
            left -= take
    if bait_took(state.rules, ev):
        return _end(state, ESCAPED, replace(e, stopped=True))
    return state


def evaded(rules, e: Evasion, ev: EvasionRolled) -> bool:
    return ev.roll.total <= chance(rules, e, ev.terrain)


@evolves(EvasionRolled)
def evolve_evasion(state: State, ev: EvasionRolled) -> State:
    e = _evasion(state, "wilderness", "sea")
    e = replace(e, chance=chance(state.rules, e, ev.terrain))
    if ev.roll.total <= e.chance:
        return _end(state, ESCAPED, e)
    if e.where == "wilderness":
        e = replace(e, awaits_day=True)
    return replace(state, chase=replace(state.chase, evasion=e))


def caught_up(rules, ev: PursuitDayRolled) -> bool:
    return ev.roll is not None and ev.roll.total <= rules.chase.evasion.catch_up


@evolves(PursuitDayRolled)
def evolve_day(state: State, ev: PursuitDayRolled) -> State:
    e = _evasion(state, "wilderness")
    # a day of flight passes on the one clock
    state = pass_time(state, state.rules.time.day_seconds, burning=ev.lights_burn)
    if ev.floor_stays and state.lights:
        state = left_behind(state)
    if e.awaits_day:  # the day came: the party may flee again (a new roll)
        e = replace(e, awaits_day=False)
        if not caught_up(state.rules, ev):
            return replace(state, chase=replace(state.chase, evasion=e))
    return _end(state, CAUGHT, e) if caught_up(state.rules, ev) else state
