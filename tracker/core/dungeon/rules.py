"""The dungeon turn clock: turns, wandering checks, rest, fast travel, exits.

Events hold what the GM chose and what the dice said; whether a check is an
encounter, whether a rest is overdue, how far the lights burned, are derived
here in ``evolve`` from the ruleset, so correcting a die recomputes them.
"""

from __future__ import annotations

from typing import NamedTuple

from msgspec.structs import replace

from .. import dice as dicemod
from ...i18n import N_, _, ngettext
from ..dice import parse_chance
from ..party import sheet
from ..terms import term
from ..party import rules as party
from ..dice import Roll
from ..advance import advance
from ..errors import Refused
from ..limits import CharacterName, Depth, Feet, Key, Modifier, PlaceName, Turns
from ..events import Event, event, fields_added
from ..timeline.hooks import counts, insertable, repeated, rerolls, reschedules
from ..handlers import Command, decides, evolves
from ..state import State
from ..validity import holds_for
from ..clock_held import holds_clock
from . import fates
from .model import Check, Dungeon, ExitResult
from ..lights.model import doused
from ..schema import lookup
from .. import timeflow
from ..timeflow import pass_time

FAST_TRAVEL = "fast travel"
MAX_TURNS = 1000  # one command; a GM wanting more days uses travel
CHECK_HISTORY = 200  # checks kept in state; the log keeps them all


# --- commands -----------------------------------------------------------------


class EnterDungeon(Command, frozen=True):
    name: str = ""
    depth: int = 1


class LeaveDungeon(Command, frozen=True):
    hasty: bool = False
    marked_map: bool = False
    known_route: bool = False
    gm_modifier: int = 0  # the GM's bonus (a very small dungeon) or penalty (a sprawling one)


class ChangeDepth(Command, frozen=True):
    depth: int


class AdvanceTurn(Command, frozen=True):
    count: int = 1
    activity: str = "explore"


class RollCheck(Command, frozen=True):
    """An extra wandering-monster check, on demand."""


class FastTravel(Command, frozen=True):
    feet: int


# --- events -------------------------------------------------------------------


@event("dungeon_entered", version=2, area="dungeon")
class DungeonEntered(Event, frozen=True):
    name: PlaceName = ""
    depth: Depth = 1
    # version 2: the rest count and its penalty go with the party: they clear only
    # with a rest, in or out of the dungeon (older entries began each delve rested:
    # they still do)
    keeps_rest: bool = True


fields_added("dungeon_entered", 2, keeps_rest=False)


@event("dungeon_left", version=2, area="dungeon")
class DungeonLeft(Event, frozen=True):
    # version 2: a light nobody holds (set down, or dropped by one who fell)
    # stays where it lies (core/lights); older entries carried it out: they still do
    floor_stays: bool = True


fields_added("dungeon_left", 2, floor_stays=False)


@event("hasty_exit_rolled", area="dungeon")
class HastyExitRolled(Event, frozen=True):
    """Each character's save versus Doom (and the Doom roll on a failure)."""

    marked_map: bool
    known_route: bool
    saves: tuple[tuple[CharacterName, Roll, Roll | None], ...]
    gm_modifier: Modifier = 0

    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _, _ in self.saves)


@event("depth_changed", area="dungeon")
class DepthChanged(Event, frozen=True):
    depth: Depth


class Encounter(Event, frozen=True):
    """Dice rolled with a check: shared by turns and on-demand checks."""

    check: Roll | None = None
    surprise_party: Roll | None = None
    surprise_monsters: Roll | None = None
    distance: Roll | None = None


@event("turn_advanced", area="dungeon")
class TurnAdvanced(Encounter, frozen=True):
    activity: Key = "explore"


counts("turn advanced", "turns advanced",  # what undo names ``turn N``
       lambda n: ngettext("{n} turn advanced", "{n} turns advanced", n).format(n=n),
       repeated("turn_advanced"))


@event("check_rolled", area="dungeon")
class CheckRolled(Encounter, frozen=True):
    pass


@event("fast_travel_started", area="dungeon")
class FastTravelStarted(Event, frozen=True):
    feet: Feet
    turns: Turns


# --- decide -------------------------------------------------------------------


def _in_dungeon(state: State) -> None:
    if not state.dungeon.active:
        raise Refused(_("the party is not in a dungeon (enter one first)"))


def roll_check(state: State, dice) -> dict:
    """Roll a wandering check and, on an encounter, surprise and distance.

    The check is always the first die; surprise for each side comes next
    (the distance may depend on it), then the distance.
    """
    w = state.rules.dungeon.wandering
    chance = dicemod.parse_chance(w.chance)
    check = dicemod.roll(f"1d{chance.y}", dice, _("wandering check"))
    rolls: dict = {"check": check}
    if not chance.hits(check.total):
        return rolls
    both = False
    if w.surprise:
        s = dicemod.parse_chance(w.surprise)
        sp = dicemod.roll(f"1d{s.y}", dice, _("party surprised?"))
        sm = dicemod.roll(f"1d{s.y}", dice, _("monsters surprised?"))
        rolls.update(surprise_party=sp, surprise_monsters=sm)
        both = s.hits(sp.total) and s.hits(sm.total)
    expr = w.distance_both_surprised if both and w.distance_both_surprised else w.distance
    rolls["distance"] = dicemod.roll(expr, dice, _("encounter distance (ft)"))
    return rolls


def check_due(state: State, turn: int, fast: bool = False) -> bool:
    w = state.rules.dungeon.wandering
    ft = state.rules.dungeon.fast_travel
    if fast and ft is not None and ft.check_every_turn:
        return True
    return w.every_turns > 0 and turn % w.every_turns == 0


def _turn_event(state: State, activity: str, dice, fast: bool = False) -> TurnAdvanced:
    rolls = roll_check(state, dice) if check_due(state, state.dungeon.turn + 1, fast) else {}
    return TurnAdvanced(activity=activity, **rolls)


def _stops(activity: str):
    """Several turns stop at an encounter, when a light goes out, or before a
    turn that would bring the rest penalty or deepen it (a rest turn never
    does): why, in the GM's words ("" goes on)."""
    def stops(before: State, after: State) -> str:
        if after.dungeon.checks and after.dungeon.checks[-1].encounter and \
                after.dungeon.turn == after.dungeon.checks[-1].turn and \
                after.dungeon.checks is not before.dungeon.checks:
            return _("at an encounter")
        if activity != REST and next_turn_tires(after):
            return _("before the rest (the next turn must be a rest)")
        was_lit = {l.id for l in before.lights if l.lit}
        if any(l.id in was_lit and not l.lit for l in after.lights):
            return _("when a light went out")
        return ""
    return stops


def _turns_short(done: int, planned: int, why: str) -> str:
    """A run of turns that stopped short, as the GM reads it after it."""
    return ngettext("Stopped after {done} turn of {planned}, {why}",
                    "Stopped after {done} turns of {planned}, {why}", done).format(
        done=done, planned=planned, why=why)


def rest_holds(state: State, n: int, activity: str, fast: bool = False) -> None:
    """The one rule every run of dungeon turns meets when the next turn must be
    a rest (gm-review5 C1): a turn that brings the rest penalty, or deepens it,
    is taken only as the GM's one explicit choice, a single ``turn`` of its
    own (``turn``, ``t``, the rest dialog's "push on"). Several turns, and fast
    travel of any length (one turn of it too), are refused, saying why; a run
    that starts rested stops before the rest instead (``_stops``). A rest turn
    is never refused."""
    if activity == REST or (n == 1 and not fast) or not next_turn_tires(state):
        return
    penalty = term(state.rules, "dungeon.rest.penalty")
    raise Refused((ngettext(
        "the next turn must be a rest: {n} turn of fast travel would run into the rest "
        "penalty ({penalty}); rest first, or take one turn alone to push on",
        "the next turn must be a rest: {n} turns of fast travel would run into the rest "
        "penalty ({penalty}); rest first, or take one turn alone to push on", n) if fast else
        ngettext("the next turn must be a rest: {n} turn would run into the rest penalty "
                 "({penalty}); rest first, or take one turn alone to push on",
                 "the next turn must be a rest: {n} turns would run into the rest penalty "
                 "({penalty}); rest first, or take one turn alone to push on", n))
        .format(n=n, penalty=penalty))


@holds_clock(replayed=True, anew=True)
def _fast_travel_rests_first(state: State, command) -> str:
    """A correction (a forgotten turn inserted, a rest amended into a turn of
    exploring) that would make a later turn of fast travel run into the rest
    penalty is refused as the trip itself would be (``rest_holds``): fast
    travel never walks into it. A turn of the GM's own taken then is the
    push-on the GM chose, and stands (the correction's preview shows the
    penalty it now brings). Commands meet ``rest_holds`` in their deciders;
    a turn of fast travel a former version let into the penalty stands
    (``anew``): only a correction that brings it about is refused."""
    if type(command) is not TurnAdvanced or command.activity != FAST_TRAVEL:
        return ""
    try:
        rest_holds(state, 1, FAST_TRAVEL, fast=True)
    except Refused as why:
        return str(why)
    return ""


def _stopped_why(state: State, events: list[Event]) -> str:
    """Why a run of turns ``events`` decided on ``state`` stopped short, in
    the GM's words (as ``_stops`` stops it)."""
    after = state
    for ev in events:
        after = evolve_turn(after, ev)
    d = after.dungeon
    if d.checks and d.checks[-1].encounter and d.checks[-1].turn == d.turn:
        return _("at an encounter")
    if next_turn_tires(after):
        return _("before the rest (the next turn must be a rest)")
    return _("when a light went out")


def _unused_dice_refused(state: State, n: int, events: list[Event], dice,
                         fast: bool) -> None:
    """Dice typed for more turns than a run that stopped short took: refused
    saying where it stops and what it rolled, not only a count (gm-review5 C1:
    the GM rolled a check for each pair of turns planned)."""
    unused = getattr(dice, "unused", None)
    if len(events) >= n or unused is None or unused() <= 0:
        return
    checks = sum(1 for ev in events if ev.check is not None)
    what = (ngettext("fast travel stops after {turns} turn of {planned}",
                     "fast travel stops after {turns} turns of {planned}", len(events)) if fast
            else ngettext("the turns stop after {turns} turn of {planned}",
                          "the turns stop after {turns} turns of {planned}", len(events))
            ).format(turns=len(events), planned=n)
    raise Refused(ngettext(
        "{n} dice given, but {what}, {why}: it makes {checks} wandering check, "
        "with {used} dice; give those, and go on afterwards",
        "{n} dice given, but {what}, {why}: it makes {checks} wandering checks, "
        "with {used} dice; give those, and go on afterwards", checks).format(
            n=len(dice.values), what=what, why=_stopped_why(state, events), checks=checks,
            used=dice.used))


def _advance(state: State, n: int, activity: str, dice, fast: bool = False) -> list[Event]:
    rest_holds(state, n, activity, fast)
    if n == 1:
        # one turn (a ``t``): ``advance`` would fold it only to test where several
        # stop; the fold that counts is the caller's (the trial, replay), and the
        # evolver's refusals (outside, an unknown activity) are this decider's own
        # checks first (``turn_holds``, ``_in_dungeon``), so the same turn is refused
        return [_turn_event(state, activity, dice, fast)]
    events = advance(state, n, lambda s: _turn_event(s, activity, dice, fast), evolve_turn,
                     _stops(activity), None if fast else _turns_short)  # fast travel says its own
    _unused_dice_refused(state, n, events, dice, fast)
    return events


@decides(EnterDungeon)
def decide_enter(state: State, cmd: EnterDungeon, dice) -> list[Event]:
    ev = DungeonEntered(cmd.name.strip(), cmd.depth)
    entered_holds(state, ev)
    return [ev]


@holds_for(DungeonEntered)
def entered_holds(state: State, ev: DungeonEntered) -> None:
    """``enter``: not in a dungeon already; level 1 or deeper; a name of at most 80."""
    if state.dungeon.active:
        raise Refused(_("the party is already in {name}").format(name=state.dungeon.name)
                      if state.dungeon.name else _("the party is already in a dungeon"))
    if ev.depth < 1:
        raise Refused(_("dungeon level must be 1 or deeper"))
    if len(ev.name.strip()) > 80:
        raise Refused(_("a dungeon name is limited to 80 characters"))


@holds_for(DungeonLeft)
@holds_for(CheckRolled)
def inside_holds(state: State, ev) -> None:
    """``leave-dungeon``, ``check``: the party is in a dungeon."""
    _in_dungeon(state)


@decides(LeaveDungeon)
def decide_leave(state: State, cmd: LeaveDungeon, dice) -> list[Event]:
    _in_dungeon(state)
    if not cmd.hasty:
        if cmd.marked_map or cmd.known_route or cmd.gm_modifier:
            raise Refused(_("a map, a known route and the GM's bonus or penalty apply "
                            "only to a hasty exit"))
        return [DungeonLeft()]
    h = state.rules.dungeon.hasty_exit
    hasty_holds(state, HastyExitRolled(cmd.marked_map, cmd.known_route, (), cmd.gm_modifier))
    living = [c for c in state.party if sheet.status(state.rules, c) != "dead"]
    if not living:
        raise Refused(_("a hasty exit rolls for each living character, and there are none"))
    saves = []
    for c in living:
        r = dicemod.roll(h.save_die, dice, _("{name}: save versus {save}").format(name=c.name, save=h.save))
        res = _exit_result(state, c.name, r, None, cmd.marked_map, cmd.known_route,
                           cmd.gm_modifier)
        doom = None if res.saved else dicemod.roll(h.doom_die, dice, _("{name}: Doom table").format(name=c.name))
        saves.append((c.name, r, doom))
    return [HastyExitRolled(cmd.marked_map, cmd.known_route, tuple(saves), cmd.gm_modifier),
            DungeonLeft()]


@holds_for(HastyExitRolled)
def hasty_holds(state: State, ev: HastyExitRolled) -> None:
    """``leave --hasty``: in a dungeon, where the ruleset has the rule, the GM's
    bonus or penalty within its range."""
    _in_dungeon(state)
    h = state.rules.dungeon.hasty_exit
    if h is None:
        raise Refused(_("{ruleset} has no hasty-exit rule").format(ruleset=state.rules.meta.name))
    top = h.gm_modifier_max
    if not -top <= ev.gm_modifier <= top:
        raise Refused(_("the GM's bonus or penalty is -{top} to +{top}, not {got}").format(
            top=top, got=f"{ev.gm_modifier:+d}") if top else
            _("{ruleset} gives the GM no bonus or penalty for a hasty exit").format(
                ruleset=state.rules.meta.name))
    # each who rolls lives: a fate that sets hit points ("escaped at 1 HP") must
    # not raise one a correction before the exit has since killed (gm-review4 R1)
    for name, _save, _doom in ev.saves:
        if (c := party.find(state, name)) is not None and party.is_dead(state, c):
            raise Refused(_("{name} is dead").format(name=c.name))


@decides(ChangeDepth)
def decide_depth(state: State, cmd: ChangeDepth, dice) -> list[Event]:
    ev = DepthChanged(cmd.depth)
    depth_holds(state, ev)
    return [ev]


@holds_for(DepthChanged)
def depth_holds(state: State, ev: DepthChanged) -> None:
    _in_dungeon(state)
    if ev.depth < 1:
        raise Refused(_("dungeon level must be 1 or deeper"))
    if ev.depth == state.dungeon.depth:
        raise Refused(_("the party is already on level {depth}").format(depth=ev.depth))


@decides(AdvanceTurn)
def decide_turn(state: State, cmd: AdvanceTurn, dice) -> list[Event]:
    turn_holds(state, TurnAdvanced(activity=cmd.activity))
    if not 1 <= cmd.count <= MAX_TURNS:
        raise Refused(ngettext("advance 1 to {most} turn at a time",
                               "advance 1 to {most} turns at a time", MAX_TURNS).format(
                                   most=MAX_TURNS))
    return _advance(state, cmd.count, cmd.activity, dice)


@holds_for(TurnAdvanced)
def turn_holds(state: State, ev: TurnAdvanced) -> None:
    """``turn``: in a dungeon, an activity of the ruleset (or a fast-travel turn)."""
    _in_dungeon(state)
    if ev.activity not in state.rules.dungeon.activities and ev.activity != FAST_TRAVEL:
        raise Refused(_("unknown activity {activity!r}; choose one of: {known}").format(
            activity=ev.activity, known=", ".join(state.rules.dungeon.activities)))


@decides(RollCheck)
def decide_check(state: State, cmd: RollCheck, dice) -> list[Event]:
    _in_dungeon(state)
    return [CheckRolled(**roll_check(state, dice))]


def fast_per_turn(state: State) -> int:
    """Feet a turn of fast travel covers: the party moves at its slowest living
    member's speed; the ruleset's speed stands in only while nobody has one."""
    ft = state.rules.dungeon.fast_travel
    speed = sheet.party_speed(state)
    return (ft.speed if speed is None else speed) * ft.feet_per_turn_per_speed


@decides(FastTravel)
def decide_fast_travel(state: State, cmd: FastTravel, dice) -> list[Event]:
    ft = state.rules.dungeon.fast_travel
    if ft is None:
        raise Refused(_("{ruleset} has no fast-travel rule").format(ruleset=state.rules.meta.name))
    _in_dungeon(state)
    if cmd.feet <= 0:
        raise Refused(_("fast travel needs a distance in feet greater than 0"))
    per_turn = fast_per_turn(state)
    if per_turn == 0:
        raise Refused(_("the party cannot move: its slowest member's speed is 0 "
                        "(load or exhaustion)"))
    turns = -(-cmd.feet // per_turn)
    if turns > MAX_TURNS:
        raise Refused(ngettext("{feet} ft is {turns} turn; fast travel covers at most {most}",
                               "{feet} ft is {turns} turns; fast travel covers at most {most}",
                               turns).format(feet=cmd.feet, turns=turns, most=MAX_TURNS))
    if not any(light.lit for light in state.lights):
        # the trip's light is checked before it starts (the rule's third step)
        raise Refused(_("no light is lit: fast travel needs light for the whole way "
                        "(light one first)"))
    start = FastTravelStarted(cmd.feet, turns)
    fast_travel_holds(state, start)
    return [start, *_advance(state, turns, FAST_TRAVEL, dice, fast=True)]


@holds_for(FastTravelStarted)
def fast_travel_holds(state: State, ev: FastTravelStarted) -> None:
    """``fast-travel``: in a dungeon, where the rule is, a distance above 0 and
    turns enough to cover it at the party's speed (the turns follow it in the
    log: an amended count that no longer matches them is refused)."""
    ft = state.rules.dungeon.fast_travel
    if ft is None:
        raise Refused(_("{ruleset} has no fast-travel rule").format(ruleset=state.rules.meta.name))
    _in_dungeon(state)
    if ev.feet <= 0:
        raise Refused(_("fast travel needs a distance in feet greater than 0"))
    if not 1 <= ev.turns <= MAX_TURNS:
        raise Refused(ngettext("fast travel covers 1 to {most} turn",
                               "fast travel covers 1 to {most} turns", MAX_TURNS).format(
                                   most=MAX_TURNS))


@rerolls(Encounter)
def recheck(state: State, ev: Encounter, dice) -> Encounter:
    """``ev`` with its wandering check rolled again from ``dice`` (a correction:
    a quiet check typed as an encounter needs surprise and distance dice too)."""
    if ev.check is None:
        raise Refused(_("that turn made no wandering check"))
    rolls = roll_check(state, dice)
    return replace(ev, check=rolls["check"], surprise_party=rolls.get("surprise_party"),
                   surprise_monsters=rolls.get("surprise_monsters"),
                   distance=rolls.get("distance"))


_CHECK_ROLLS = ("check", "surprise_party", "surprise_monsters", "distance")


def played_checks(seen: list) -> dict[int, dict | None]:
    """Where the turns of a correction take their wandering checks: each delve's
    checks the table rolled, in their order, go to its turns due one in the
    new schedule, in theirs; a due turn with none left to take gets None (a
    die rolled for it). Keyed by the clock each turn begins at, which moving
    a check does not change. A turn no longer due is absent (gm-review3 R4:
    a forgotten turn inserted never rolls new dice for checks the table
    rolled, nor turns a played encounter quiet)."""
    out: dict[int, dict | None] = {}
    delves: list[list] = []
    at: dict[int, tuple] = {}  # clock -> (state, event): a refold that restarts sees a turn twice
    for state, ev in seen:
        at.setdefault(state.clock, (state, ev))
    for state, ev in at.values():
        if not state.dungeon.active:
            continue
        if state.dungeon.turn == 0 or not delves:
            delves.append([])
        delves[-1].append((state, ev))
    for turns in delves:
        rolled = [{f: getattr(ev, f) for f in _CHECK_ROLLS} for _s, ev in turns
                  if ev.check is not None]
        due = [state.clock for state, ev in turns
               if check_due(state, state.dungeon.turn + 1, ev.activity == FAST_TRAVEL)]
        for i, clock in enumerate(due):
            out[clock] = rolled[i] if i < len(rolled) else None
    return out


@reschedules(TurnAdvanced, plan=played_checks)
def on_schedule(state: State, ev: TurnAdvanced, dice, planned: dict | None) -> TurnAdvanced:
    """``ev`` where a correction moved it (a forgotten turn inserted before it):
    the checks keep to ``[dungeon.wandering] every_turns`` (osr.md §12), a
    turn no longer due drops its check, and a turn now due takes the next
    check the table rolled (``played_checks``), or rolls one where none is left."""
    if not state.dungeon.active:
        return ev  # its fold refuses it, in the GM's words
    due = check_due(state, state.dungeon.turn + 1, ev.activity == FAST_TRAVEL)
    if not due:
        return ev if ev.check is None else replace(ev, **dict.fromkeys(_CHECK_ROLLS))
    taken = planned.get(state.clock, False) if planned is not None else False
    if taken is False:  # not planned: its own check stands, or one is rolled
        return ev if ev.check is not None else replace(ev, **roll_check(state, dice))
    if taken is None:
        return replace(ev, **roll_check(state, dice))
    if all(getattr(ev, f) == r for f, r in taken.items()):
        return ev
    return replace(ev, **taken)


@insertable("turn", N_("a forgotten turn"), lambda state: list(state.rules.dungeon.activities),
            names="dungeon.activities")
def forgotten_turn(state: State, activity: str) -> TurnAdvanced:
    if activity not in state.rules.dungeon.activities:
        raise Refused(_("unknown activity {activity!r}; choose one of: {known}").format(
            activity=activity, known=", ".join(state.rules.dungeon.activities)))
    return TurnAdvanced(activity=activity)


# --- evolve -------------------------------------------------------------------


@evolves(DungeonEntered)
def evolve_entered(state: State, ev: DungeonEntered) -> State:
    d = state.dungeon
    if ev.keeps_rest and (d.turns_since_rest or d.penalty) and not rested_outside(state):
        # back in before a rest turn's time passed outside: nobody rested (gm-review3 R16)
        return replace(state, dungeon=Dungeon(active=True, name=ev.name, depth=ev.depth,
                                              turns_since_rest=d.turns_since_rest,
                                              penalty=d.penalty,
                                              round_seconds=d.round_seconds))
    return replace(state, dungeon=Dungeon(active=True, name=ev.name, depth=ev.depth))


@evolves(DungeonLeft)
def evolve_left(state: State, ev: DungeonLeft) -> State:
    kinds = state.rules.lights
    # spent torches and candles stay behind; lanterns are kept for refilling
    lights = tuple(l for l in state.lights if not l.spent
                   or (l.kind in kinds and kinds[l.kind].refuel))
    if ev.floor_stays:  # version 2: a light nobody holds stays where it lies (gm-review3 R3)
        lights = tuple(l for l in lights if _held(state, l.by))
    if state.rules.dungeon.douse_on_leave:
        lights = tuple(doused(l, state.clock) for l in lights)
    return replace(state, dungeon=replace(state.dungeon, active=False, left_at=state.clock),
                   lights=lights)


def _held(state: State, by: str) -> bool:
    """A light carried by ``by`` is held: not set down, nor dropped by one
    who can hold nothing (core/lights ``dropped_by``)."""
    c = next((c for c in state.party if c.name == by), None) if by else None
    return c is not None and not party.drops_held(state, c)


def exit_modifiers(h, depth: int, marked_map: bool, known_route: bool,
                   gm_modifier: int) -> list[tuple[str, int]]:
    """What changes a hasty-exit save, by name ("level 3", "map", "route", "GM")."""
    # names marked for translation; the log line shows _(name).format(depth=...)
    parts = [(N_("level {depth}"), h.per_level_below_first * (depth - 1)),
             (N_("map"), h.marked_map if marked_map else 0),
             (N_("route"), h.known_route if known_route else 0), (N_("GM"), gm_modifier)]
    return [(name, n) for name, n in parts if n]


def _exit_result(state: State, name: str, save: Roll, doom: Roll | None,
                 marked_map: bool, known_route: bool, gm_modifier: int = 0) -> ExitResult:
    h = state.rules.dungeon.hasty_exit
    c = party.find(state, name)
    own = sheet.saves(state.rules, c) if c is not None else {}
    target = next((v for k, v in own.items() if k.casefold() == h.save.casefold()),
                  h.default_target)
    mod = sum(n for _, n in exit_modifiers(h, state.dungeon.depth, marked_map, known_route,
                                           gm_modifier))
    saved = save.total + mod >= target
    if saved:
        # one who saved rolls nothing on the Doom table (gm-review5 R4: an entry
        # corrected to a success before resave below kept its die)
        doom = None
    entry = lookup(h.doom, doom.total) if doom is not None else None
    if entry is None:
        return ExitResult(name, save, target, mod, saved, doom)
    row = next(i for i, e in enumerate(h.doom) if e is entry)
    return ExitResult(name, save, target, mod, saved, doom, row=row, on_sheet=c is not None,
                      tracked=c is not None and c.hp_max > 0)


def _doomed(state: State, r: ExitResult) -> State:
    """The fate's change to the sheet, derived (an amended die takes it back)."""
    fate = fates.fate_of(state.rules, r)
    if fate is None or not fates.applies(fate, r):
        return state
    return party._with(state, r.name, dead=True, hp=0) if fate.dies else \
        party._with(state, r.name, hp=fate.hp)


@rerolls(HastyExitRolled)
def resave(state: State, ev: HastyExitRolled, dice) -> HastyExitRolled:
    """The hasty exit's saves worked out again from the dice the GM retypes
    (gm-review5 C2), as ``decide_leave`` rolls them: each character's save,
    then, on a failure, the Doom die. The typed dice stand for those rolls in
    that order; once they run out, each roll the entry made keeps its die,
    and a Doom die the entry never rolled (a save now failed) is rolled from
    the campaign's seed, or asked for with manual dice. A save corrected into
    a success drops its Doom die. ``state``: the campaign just before the exit."""
    hasty_holds(state, ev)
    h = state.rules.dungeon.hasty_exit
    typed = getattr(dice, "unused", lambda: 0)

    def roll(expr: str, kept: Roll | None, label: str) -> Roll:
        return dicemod.roll(expr, dice, label) if typed() > 0 or kept is None else kept

    saves = []
    for name, was_save, was_doom in ev.saves:
        save = roll(h.save_die, was_save,
                    _("{name}: save versus {save}").format(name=name, save=h.save))
        res = _exit_result(state, name, save, None, ev.marked_map, ev.known_route,
                           ev.gm_modifier)
        doom = None if res.saved else roll(h.doom_die, was_doom,
                                             _("{name}: Doom table").format(name=name))
        saves.append((name, save, doom))
    return replace(ev, saves=tuple(saves))


@evolves(HastyExitRolled)
def evolve_hasty(state: State, ev: HastyExitRolled) -> State:
    results = tuple(_exit_result(state, n, s, d, ev.marked_map, ev.known_route, ev.gm_modifier)
                    for n, s, d in ev.saves)
    for r in results:
        state = _doomed(state, r)
    return replace(state, dungeon=replace(state.dungeon, last_hasty_exit=results))


@evolves(DepthChanged)
def evolve_depth(state: State, ev: DepthChanged) -> State:
    return replace(state, dungeon=replace(state.dungeon, depth=ev.depth))


def is_encounter(rules, ev: Encounter) -> bool:
    """Whether a check's roll met the chance of ``rules`` (those in force when
    it was rolled: the recap and the log ask with those, never today's)."""
    return ev.check is not None and \
        dicemod.parse_chance(rules.dungeon.wandering.chance).hits(ev.check.total)


def _check(state: State, ev: Encounter, turn: int, scheduled: bool) -> Check | None:
    roll = ev.check
    if roll is None:
        return None
    w = state.ruleset.rules.dungeon.wandering
    return _checked(w, parse_chance(w.chance).x, ev, roll, turn, scheduled)


def _checked(w, x: int, ev: Encounter, roll: Roll, turn: int, scheduled: bool) -> Check:
    """The check ``roll`` made on ``turn`` under the wandering rules ``w``
    (``x``: the chance's X, an encounter at or under it)."""
    if roll.total > x:  # not is_encounter, inline: every turn
        return Check(turn, roll, w.chance, False, scheduled)
    sp = sm = None
    if w.surprise and ev.surprise_party and ev.surprise_monsters:
        s = dicemod.parse_chance(w.surprise)
        sp, sm = s.hits(ev.surprise_party.total), s.hits(ev.surprise_monsters.total)
    dist = ev.distance.total if ev.distance else None
    return Check(turn, roll, w.chance, True, scheduled, dist, sp, sm)


def _with_check(d: Dungeon, check: Check | None) -> tuple[Check, ...]:
    if check is None:
        return d.checks
    checks = d.checks + (check,)
    return checks[-CHECK_HISTORY:] if len(checks) > CHECK_HISTORY else checks


def _check_comes_first(steps: list[str]) -> bool:
    """B/X order: the wandering check comes before the party acts, so an
    encounter interrupts the turn's activity (a rest turn does not count)."""
    return steps.index("wandering") < steps.index("actions")


class _TurnRules(NamedTuple):
    """What a dungeon turn reads of the ruleset in force, read once per ruleset
    (a ruleset is immutable: the same object, the same values)."""

    rules: object
    activities: frozenset[str]  # the ruleset's, and fast travel
    wandering: object
    chance_x: int  # a check at or under this is an encounter
    rest: object  # the rest rule, or None
    rest_every: int  # its every_turns, or a count no turn reaches (no rest rule)
    check_first: bool  # an encounter interrupts a rest turn (_check_comes_first)
    turn_seconds: int

    @classmethod
    def of(cls, rules) -> "_TurnRules":
        d = rules.dungeon
        return cls(rules, frozenset(d.activities) | {FAST_TRAVEL}, d.wandering,
                   parse_chance(d.wandering.chance).x, d.rest,
                   d.rest.every_turns if d.rest is not None else 1 << 62,
                   _check_comes_first(d.turn_steps), rules.time.turn_seconds)


# evolve_turn builds a Dungeon by position: a field added, moved or renamed must be seen there
# (``left_at`` it leaves at its default: it is read only while the party is outside)
if Dungeon.__struct_fields__ != ("active", "name", "depth", "turn", "turns_since_rest", "penalty",
                                 "checks", "last_hasty_exit", "fast_left", "fast_per_turn",
                                 "left_at", "round_seconds"):
    raise RuntimeError("evolve_turn builds a Dungeon by position: its fields changed")

# the last ruleset's (a strong reference: no other ruleset can take its id);
# one tuple, swapped whole, as timeflow keeps its due times
# held as a plain tuple: a NamedTuple's item by index is not the interpreter's
# specialised tuple subscript (``evolve_turn`` reads them as r[i])
_TURN_RULES = [tuple(_TurnRules(object(), frozenset(), None, 0, None, 0, False, 0))]


@evolves(TurnAdvanced)
def evolve_turn(state: State, ev: TurnAdvanced) -> State:
    # replay's commonest entry: the ruleset's values read once per ruleset
    # (``_TurnRules``' values, read by index where used: an unpacking of all
    # eight cost more than the few a turn reads), the dungeon built whole from its fields
    # (a replace by keywords cost twice that), the state copied once (the time
    # step's quiet test inline, else ``alone``); a turn that is no rest and
    # rolled no check (the commonest) tests only what it changes
    r = _TURN_RULES[0]
    if r[0] is not state.ruleset.rules:
        r = _TURN_RULES[0] = tuple(_TurnRules.of(state.ruleset.rules))
    d = state.dungeon
    activity = ev.activity
    if not d.active or activity not in r[1]:
        _turn_refused(state, activity)
    turn = d.turn + 1
    roll = ev.check
    spent = d.round_seconds  # a rest turn clears the rounds' seconds with the count
    if roll is None:
        checks = d.checks
        if activity != REST:
            tsr, penalty = d.turns_since_rest + 1, d.penalty
        else:
            tsr = penalty = spent = 0
    else:
        if roll.total > r[3]:  # _checked's first line, inline: most checks meet nothing
            check = Check(turn, roll, r[2].chance, False, True)
        else:
            check = _checked(r[2], r[3], ev, roll, turn, True)
        if activity != REST:
            tsr, penalty = d.turns_since_rest + 1, d.penalty
        elif check.encounter and r[6]:
            check = replace(check, interrupted_rest=True)  # the rest is interrupted
            tsr, penalty = d.turns_since_rest + 1, d.penalty
        else:
            tsr = penalty = spent = 0
        checks = d.checks + (check,)  # _with_check, inline
        if len(checks) > CHECK_HISTORY:
            checks = checks[-CHECK_HISTORY:]
    every = r[5]  # no turn reaches it without a rule
    if tsr >= every and (tsr - every) % every == 0:
        penalty = max(r[4].penalty_max, penalty + r[4].penalty_step)
    left = d.fast_left
    if left:
        if activity == FAST_TRAVEL:
            left = max(0, left - d.fast_per_turn)
        elif activity != REST:
            left = 0  # the party does something else: the trip is over
    dungeon = Dungeon(True, d.name, d.depth, turn, tsr, penalty, checks, d.last_hasty_exit,
                      left, d.fast_per_turn, -1, spent)
    # pass_time(state, seconds, burning=True, dungeon=dungeon): where the state
    # is the one the last quiet time step made (the turn before, nothing else
    # changed), that step's test is the clock's alone (``timeflow.QUIET_CELL``:
    # a turn burns, replaces no part a hook is due on, and moves the clock
    # forward: a ruleset's turn_seconds are at least 1); else ``alone``'s
    q = timeflow.run_hooks.quiet[0]
    clock = state.clock + r[7]
    if state is q[0][0] and clock < q[1]:
        q[0][0] = state = replace(state, clock=clock, dungeon=dungeon)
        return state
    return timeflow.run_hooks.alone["dungeon"](state, r[7], True, dungeon)


def _turn_refused(state: State, activity: str) -> None:
    """Why ``evolve_turn`` cannot take the turn: the party is outside, or the
    ruleset has no such activity."""
    if not state.dungeon.active:
        raise Refused(_("a dungeon turn cannot pass while the party is outside"))
    raise Refused(_("{ruleset} has no activity {activity!r}").format(
        ruleset=state.ruleset.rules.meta.name, activity=activity))


@evolves(CheckRolled)
def evolve_check(state: State, ev: CheckRolled) -> State:
    d = state.dungeon
    if not d.active:
        raise Refused(_("a wandering check cannot be made while the party is outside"))
    check = _check(state, ev, d.turn, False)
    return replace(state, dungeon=replace(d, checks=_with_check(d, check)))


@evolves(FastTravelStarted)
def evolve_fast_travel(state: State, ev: FastTravelStarted) -> State:
    per = fast_per_turn(state) if state.rules.dungeon.fast_travel else 0
    return replace(state, dungeon=replace(state.dungeon, fast_left=ev.feet, fast_per_turn=per))


# --- derived views --------------------------------------------------------------


def turns_to_next_check(state: State) -> int | None:
    """Turns until the next scheduled check (1 = the next turn), or None."""
    every = state.rules.dungeon.wandering.every_turns
    if every <= 0:
        return None
    return every - state.dungeon.turn % every


REST = "rest"  # the activity that resets the count (evolve_turn)


def next_turn_tires(state: State) -> bool:
    """A turn other than a rest, taken now, brings the rest penalty or deepens it
    (as ``evolve_turn`` counts it)."""
    rest = state.rules.dungeon.rest
    if rest is None or not state.dungeon.active:
        return False
    tsr = state.dungeon.turns_since_rest + 1
    return tsr >= rest.every_turns and (tsr - rest.every_turns) % rest.every_turns == 0


def fast_travel_stopped_by(state: State) -> str:
    """Why fast travel stopped short, as the state now stands: "encounter"
    (wandering monsters on this turn), "dark" (no light lit any more), "rest"
    (the next turn must be a rest), or "" (it did not stop short)."""
    d = state.dungeon
    if not d.active or not d.fast_left:
        return ""
    if d.checks and d.checks[-1].encounter and d.checks[-1].turn == d.turn:
        return "encounter"
    if not any(light.lit for light in state.lights):
        return "dark"
    return "rest" if rest_status(state) in ("due", "overdue") else ""


def rounds_toward_rest(state: State, seconds: int, dungeon: Dungeon | None = None) -> Dungeon:
    """``dungeon`` (the state's, unless given) after ``seconds`` spent in
    rounds (combat, a flight) inside it: they add up to turns toward the rest
    (osr.md §4.1: a turn of rest per hour, whatever the hour was spent on),
    each whole turn counted as a turn that is no rest counts
    (``evolve_turn``: the count, and the penalty when a rest is skipped);
    the rest is kept for later rounds or turns. Outside, or under a ruleset
    with no rest rule, nothing is counted."""
    d = state.dungeon if dungeon is None else dungeon
    rest = state.rules.dungeon.rest
    if not d.active or rest is None or seconds <= 0:
        return d
    turns, spent = divmod(d.round_seconds + seconds, state.rules.time.turn_seconds)
    tsr, penalty, every = d.turns_since_rest, d.penalty, rest.every_turns
    for _turn in range(turns):
        tsr += 1
        if tsr >= every and (tsr - every) % every == 0:
            penalty = max(rest.penalty_max, penalty + rest.penalty_step)
    return replace(d, turns_since_rest=tsr, penalty=penalty, round_seconds=spent)


@evolves(party.RoundsPassed, when="dungeon.active")
def evolve_rounds_in_dungeon(state: State, ev) -> State:
    """Rounds passed inside the dungeon count toward its rest (version 2 of
    ``rounds_passed``; older entries never did, and still do not)."""
    if not ev.toward_rest:
        return state
    return replace(state, dungeon=rounds_toward_rest(
        state, ev.rounds * state.rules.time.round_seconds))


def rest_due_in(rest, turns_since_rest: int) -> int:
    """The turns left up to and including the rest turn: right after a rest,
    ``every_turns`` (osr.md §4.1: 5 turns exploring, the 6th a rest); 1 when the
    next turn must be the rest; 0 or less when it is overdue. ``rest``: the
    ruleset's ``[dungeon.rest]``. The GM's turn panel and the players' view
    both count with this one (gm-review5 R3: they once differed by a turn)."""
    return rest.every_turns - turns_since_rest


def rested_outside(state: State) -> bool:
    """The party is out of the dungeon, and has been for a rest turn's time at
    least: that time is its rest (osr.md §4.1: the penalty lasts until the party
    rests a turn). Back in before it, nobody rested (gm-review3 R16). Never
    left (or left before the clock was kept): no."""
    d = state.dungeon
    return not d.active and d.left_at >= 0 and \
        state.clock - d.left_at >= state.rules.time.turn_seconds


def rest_count(state: State) -> tuple[int, int]:
    """The turns since the last rest and the rest penalty as they stand now:
    the dungeon's own count, or none once time outside was the rest
    (``rested_outside``; gm-review5 C8: the state, the app and the players'
    view showed "overdue, -1" outside until the party went back in). Every
    view of the count reads it here; entering clears it by the same test."""
    d = state.dungeon
    if (d.turns_since_rest or d.penalty) and rested_outside(state):
        return 0, 0
    return d.turns_since_rest, d.penalty


def rest_status(state: State) -> str:
    """'ok', 'due' (the next turn must be a rest) or 'overdue'."""
    rest = state.rules.dungeon.rest
    if rest is None:
        return "ok"
    left = rest_due_in(rest, rest_count(state)[0])
    if left <= 0:
        return "overdue"
    if left == 1:
        return "due"
    return "ok"
