"""The D&D 2024 chase, turn by turn: movement and dashes, the Constitution
save for a dash beyond the free ones, the complication roll at the end of each
turn, the Stealth roll to escape, and rounds on the campaign clock.

Events hold what the GM chose and what the dice said; whether a save failed,
what a complication does and to whom, who is caught or escaped are derived
here in ``evolve`` from the ruleset, so amending a die recomputes them. The
exhaustion of a party member is the party's own (``ExhaustionSet``).
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta
from msgspec.structs import replace

from ...i18n import _, number
from .. import dice as dicemod
from ..party import sheet
from ..dice import Roll
from ..errors import Refused
from ..events import Event, derived_until_set, event, fields_added, kept_by_tracker
from ..handlers import Command, decides, evolves
from ..timeline.hooks import reschedules
from ..limits import CharacterName, Key
from ..party import rules as party
from ..dungeon.rules import rounds_toward_rest
from ..state import State
from ..terms import term
from .. import timeflow
from ..validity import holds_for
from .model import (CAUGHT, ESCAPED, GAVE_UP, OUTCOMES, PURSUER, QUARRY, SIDES, Affliction,
                    Chase, Runner)
from .standing import (afflicted, affliction_text, brief, complication_row,  # noqa: F401
                       complication_row_at, complication_text, current,
                       d20_penalty, escape_die, escape_target, exhaustion, fates, fates_text,
                       row_at, row_words, save_words, setting_word, side_word, status_word,
                       find, free_dashes,
                       gap, lead_pursuer, over, pursuers_of, quarry_of, reach, running, save_bonus,
                       save_missed, speed, status)

Distance = Annotated[int, Meta(ge=0, le=1_000_000)]  # feet
Speed = Annotated[int, Meta(ge=0, le=10_000)]  # feet per round
Modifier = Annotated[int, Meta(ge=-30, le=30)]
Perception = Annotated[int, Meta(ge=0, le=60)]
MAX_RUNNERS = 40


# --- commands -------------------------------------------------------------------------


class StartChase(Command, frozen=True):
    setting: str = "urban"  # which complication table
    distance: int = 30  # feet between the quarry and its pursuers


class JoinChase(Command, frozen=True):
    """A party member (its numbers come from the party) or someone named, with theirs."""

    name: str
    side: str = QUARRY
    speed: int | None = None
    con: int = 0
    stealth: int = 0
    perception: int = 10
    initiative_bonus: int = 0
    target: str = ""  # a pursuer's quarry ("": the first quarry)
    at: int | None = None  # feet along the route (default: quarry ahead, pursuers at 0)


class TakeTurn(Command, frozen=True):
    """The runner whose turn it is moves ``feet`` (default: as far as it can)."""

    feet: int | None = None
    dash: bool = False
    save_bonus: int | None = None  # the afflicted's save modifier, where the tracker lacks it
    creature: str = ""  # a creature a complication brings in (default: named after its quarry)
    creature_speed: int | None = None  # its speed (default: its quarry's)


class TryEscape(Command, frozen=True):
    name: str
    factors: tuple[str, ...] = ()  # keys of the ruleset's escape factors


class LeaveChase(Command, frozen=True):
    name: str


class SwapSide(Command, frozen=True):
    """Roles reverse: a quarry turns on its pursuers, or a pursuer flees."""

    name: str
    target: str = ""  # the new pursuer's quarry ("": every quarry)


class EndChase(Command, frozen=True):
    outcome: str


# --- events ---------------------------------------------------------------------------


@event("chase_started", version=2, area="chase")
class ChaseStarted(Event, frozen=True):
    setting: Key
    distance: Distance
    # version 2: the chase's rounds, run inside a dungeon, count toward its rest
    # (Chase.toward_rest); the rounds of older chases did not: they still do not
    toward_rest: bool = True


fields_added("chase_started", 2, toward_rest=False)


@event("chase_joined", version=2, area="chase")
class RunnerJoined(Event, frozen=True):
    name: CharacterName
    side: Key
    member: bool
    initiative: Roll
    initiative_bonus: Modifier = 0
    position: Distance = 0
    speed: Speed = 0
    con: Modifier = 0
    stealth: Modifier = 0
    perception: Perception = 10
    target: Annotated[str, Meta(max_length=40)] = ""
    # version 2: a party member's numbers as the tracker derived them from its
    # sheet (``member_numbers``), each until the GM sets it by hand (``amend
    # --set stealth=5``): a correction of an earlier entry (a level of
    # exhaustion, an ability's die) reaches them (``join_on_schedule``). Older
    # entries keep their numbers as written (they may be the GM's)
    bonus_derived: bool = True
    con_derived: bool = True
    stealth_derived: bool = True
    perception_derived: bool = True
    # the initiative bonus the sheet gives since a correction before the join,
    # where it would reorder a chase whose later turns were played in the
    # order the join made: the join keeps its bonus as played, and its log
    # line says so (None: no such correction)
    order_kept: Modifier | None = None


fields_added("chase_joined", 2, bonus_derived=False, con_derived=False, stealth_derived=False,
             perception_derived=False)
kept_by_tracker("chase_joined", "order_kept")
_DERIVED = {"initiative_bonus": "bonus_derived", "con": "con_derived",
            "stealth": "stealth_derived", "perception": "perception_derived"}
for _field, _flag in _DERIVED.items():
    derived_until_set("chase_joined", _field, _flag)


@event("chase_turn_taken", version=2, area="chase")
class TurnTaken(Event, frozen=True, kw_only=True):
    """The dice are fields in the order the GM reads them in the log line (and
    they are rolled, prompted and retyped with ``amend --dice``): the dash's
    save, the complication, then what the complication asks for."""

    name: CharacterName
    feet: Distance
    dash: bool
    setting: Key  # the complication table, so the log line reads on its own
    save: Roll | None = None  # the Constitution save for a dash beyond the free ones
    complication: Roll
    # the complication's save by whom it afflicts, and the dice a failure rolls
    victim_save: Roll | None = None
    damage: Roll | None = None
    joiner: Roll | None = None  # the initiative of a creature that joins
    creature: Annotated[str, Meta(max_length=40)] = ""
    creature_speed: Speed = 0
    # version 2: a quarry the turn's move catches is out of the chase, and its
    # complication lands on the next runner still running, or on nobody (the
    # D&D 2024 chase; gm-review7 C6: a thief just caught rolled the save);
    # older entries let it land on the one caught: they still do
    spares_the_caught: bool = True


fields_added("chase_turn_taken", 2, spares_the_caught=False)


def caught_by_turn(state: State, ev: TurnTaken) -> str:
    """The quarry the turn's move catches ('' for none), read from the state
    before it (as ``_catch`` catches)."""
    r = find(state.chase, ev.name)
    if r is None or r.side != PURSUER:
        return ""
    q = quarry_of(state, r)
    return q.name if q is not None and q.position - (r.position + ev.feet) <= \
        state.rules.chase.reach else ""


def landing(state: State, ev: TurnTaken) -> Runner | None:
    """Who the turn's complication lands on, from the state before the turn:
    the next runner still running once the move is made (version 2: not the
    quarry it caught), never the roller; None: nobody."""
    if complication_row(state.rules, ev.setting, ev.complication) is None:
        return None
    return afflicted(state, ev.name, caught_by_turn(state, ev) if ev.spares_the_caught else "")


@event("chase_escape_rolled", area="chase")
class EscapeRolled(Event, frozen=True):
    name: CharacterName
    roll: Roll
    factors: tuple[Key, ...] = ()


@event("chase_side_swapped", area="chase")
class SideSwapped(Event, frozen=True):
    name: CharacterName
    target: Annotated[str, Meta(max_length=40)] = ""


@event("chase_left", area="chase")
class RunnerLeft(Event, frozen=True):
    name: CharacterName


@event("chase_ended", area="chase")
class ChaseEnded(Event, frozen=True):
    outcome: Key


# --- decide ---------------------------------------------------------------------------


def _rules(state: State):
    ch = state.rules.chase
    if ch is None or not ch.complications:
        if ch and ch.evasion:
            raise Refused(_("{ruleset} has no round-by-round chase; use an evasion "
                            "(start-evasion)").format(ruleset=state.rules.meta.name))
        raise Refused(_("{ruleset} has no round-by-round chase").format(
            ruleset=state.rules.meta.name))
    return ch


def _running(state: State) -> Chase:
    if not state.chase.active or state.chase.evasion is not None:
        raise Refused(_("no chase is running (start one first)"))
    return state.chase


def _named(state: State, name: str) -> Runner:
    r = find(_running(state), name)
    if r is None:
        names = ", ".join(x.name for x in state.chase.runners) or _("nobody yet")
        raise Refused(_("{name!r} is not in the chase (in it: {names})").format(name=name,
                                                                                names=names))
    return r


def refuse_the_dead(state: State, name: str) -> None:
    """The dead and the unconscious (0 HP, dying or stable) take no chase
    actions: such a party member neither joins, moves, dashes, escapes nor
    turns about; nor does one a condition keeps from acting (the party's
    ``unable``: paralysed, stunned... as ``party.cannot_act`` says)."""
    c = party.find(state, name)
    how = sheet.status(state.rules, c) if c is not None else "ok"
    if how == "dead":
        raise Refused(_("{name} is dead and takes no chase actions").format(name=c.name))
    if how in ("dying", "stable"):  # at 0 HP, unconscious: carried, not running
        raise Refused((_("{name} is dying at 0 HP and takes no chase actions") if how == "dying"
                       else _("{name} is stable at 0 HP and takes no chase actions")).format(
            name=c.name))
    if c is not None and (cond := party.unable(state, c)):
        raise Refused(_("{name} is {why} and takes no chase actions").format(
            name=c.name, why=party.unable_words(state, c, cond)))


def _refuse_when_over(state: State, runner: Runner | None = None, turn: bool = True) -> None:
    """Nothing more happens in a chase that stands over until the GM ends it,
    named as its alert names it (who escaped, who was caught)."""
    end = over(state)
    if end:
        raise Refused(_("the chase is over ({how}): end it").format(how=fates_text(state, end)))
    if turn and runner is None:
        raise Refused(_("the chase is over ({how}): end it").format(how=_("nobody is running")))


def _running_chase(state: State) -> Chase:
    """The running chase, for a command (the ruleset must have the rule)."""
    _rules(state)
    return _running(state)


def _runner(state: State, name: str) -> Runner:
    _rules(state)
    return _named(state, name)


@decides(StartChase)
def decide_start(state: State, cmd: StartChase, dice) -> list[Event]:
    ev = ChaseStarted(cmd.setting, cmd.distance)
    started_holds(state, ev)
    return [ev]


@holds_for(ChaseStarted)
def started_holds(state: State, ev: ChaseStarted) -> None:
    """``start-chase``: none running, a complication table of the ruleset, a
    distance of 0 to 1,000,000 ft."""
    ch = _rules(state)
    if state.chase.active:
        raise Refused(_("a chase is already running (end it first)"))
    if ev.setting not in ch.complications:
        raise Refused(_("no complication table for {setting!r}; choose one of: {known}").format(
            setting=ev.setting, known=", ".join(ch.complications)))
    if not 0 <= ev.distance <= 1_000_000:
        raise Refused(_("the starting distance is 0 to 1,000,000 ft"))


def _ranged(label: str, value: int, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise Refused(_("{what} must be {lo} to {hi} (got {value})").format(
            what=label, lo=lo, hi=hi, value=value))
    return value


def _con_is_a_modifier(state: State, con: int) -> None:
    """A Con past the modifier of the ruleset's highest score is a score typed
    for a modifier (16 would give 19 free dashes): say so, at the command only,
    so a campaign that recorded one still replays and takes corrections."""
    p = state.rules.party
    if p is None:
        return
    lo, hi = (sheet.modifier(p, score) for score in p.ability_range)
    if not lo <= con <= hi:
        raise Refused(_("the Con modifier must be {lo} to {hi} (got {value}: the modifier, "
                        "not the score)").format(lo=number(lo), hi=number(hi),
                                                 value=number(con)))


@holds_for(RunnerJoined)
def joined_holds(state: State, ev: RunnerJoined) -> None:
    """``join-chase``: a side, a new name, a pursuer's quarry in the chase; a
    party member by the party's name and alive, anyone else within ranges."""
    ch = _running_chase(state)
    if ev.side not in SIDES:
        raise Refused(_("a side is quarry or pursuer (got {side!r})").format(side=ev.side))
    if not 1 <= len(ev.name) <= 40 or ev.name != ev.name.strip():
        raise Refused(_("a participant's name is 1 to 40 characters"))
    if find(ch, ev.name) is not None:
        raise Refused(_("{name} is already in the chase").format(name=ev.name))
    if ev.target:
        t = find(ch, ev.target)
        if ev.side != PURSUER or t is None or t.side != QUARRY:
            raise Refused(_("only a pursuer names a quarry, and {target!r} must be one "
                            "already in the chase").format(target=ev.target))
    _ranged(_("the position"), ev.position, 0, 1_000_000)
    _refuse_when_over(state, turn=False)
    refuse_the_dead(state, ev.name)
    if ev.member:
        party.named(state, ev.name)
    elif party.find(state, ev.name) is not None:
        raise Refused(_("{name} is in the party: join as a member").format(name=ev.name))
    else:
        _ranged(_("the initiative bonus"), ev.initiative_bonus, -30, 30)
        _ranged(_("speed"), ev.speed, 0, 10_000)
        _ranged(_("Con"), ev.con, -30, 30)
        _ranged(_("Stealth"), ev.stealth, -30, 30)
        _ranged(_("passive Perception"), ev.perception, 0, 60)


@decides(JoinChase)
def decide_join(state: State, cmd: JoinChase, dice) -> list[Event]:
    ch = _running_chase(state)
    if cmd.side not in SIDES:
        raise Refused(_("a side is quarry or pursuer (got {side!r})").format(side=cmd.side))
    name = cmd.name.strip()
    if not 1 <= len(name) <= 40:
        raise Refused(_("a participant's name is 1 to 40 characters"))
    if len(ch.runners) >= MAX_RUNNERS:
        raise Refused(_("a chase holds at most {n} participants").format(n=MAX_RUNNERS))
    at = cmd.at if cmd.at is not None else (state.chase.start if cmd.side == QUARRY else 0)
    c = party.find(state, name)
    if c is not None:
        ev = RunnerJoined(c.name, cmd.side, True, None, position=at, target=cmd.target,
                          **member_numbers(state, c))
    else:
        if cmd.speed is None:
            joined_holds(state, RunnerJoined(name, cmd.side, False, None, 0, at,
                                             target=cmd.target))
            raise Refused(_("{name} is not in the party: give a speed (and Con, Stealth, "
                            "passive Perception)").format(name=name))
        _con_is_a_modifier(state, cmd.con)
        ev = RunnerJoined(name, cmd.side, False, None, cmd.initiative_bonus, at, cmd.speed,
                          cmd.con, cmd.stealth, cmd.perception, cmd.target)
    joined_holds(state, ev)  # before the initiative is rolled
    roll = dicemod.roll(state.rules.chase.initiative_die, dice,
                        _("{name}: initiative").format(name=ev.name))
    return [replace(ev, initiative=roll)]


def member_numbers(state: State, c) -> dict:
    """A party member's numbers in a chase, from its sheet as ``state`` has it:
    the initiative bonus (Dex; initiative is a d20 test, so less what exhaustion
    takes, as Stealth's penalty is taken in ``standing.d20_penalty``), Con (its
    free dashes), Stealth (Dex) and passive Perception."""
    p = state.rules.party
    dex = sheet.modifier(p, c.abilities.get("dex", 10)) if p and c.abilities else 0
    con = sheet.modifier(p, c.abilities.get("con", 10)) if p and c.abilities else 0
    tired = sheet.check(state.rules, c, "dex")[1]
    return {"initiative_bonus": dex - tired, "con": con, "stealth": dex,
            "perception": sheet.passive_perception(state.rules, c) or 10}


def _played(seen) -> tuple[frozenset, dict]:
    """What the log holds of its chases, as recorded (``reschedules``' plan):
    the joins (chase, name) that turns of their chase follow, and each chase's
    runners in the order they came in, with their initiative as recorded."""
    played, later = set(), set()
    for state, ev in reversed(seen):
        n = state.chase.chases
        if isinstance(ev, TurnTaken):
            later.add(n)
        elif n in later:
            played.add((n, ev.name.casefold()))
    runners: dict[int, list] = {}
    for state, ev in seen:
        came = runners.setdefault(state.chase.chases, [])
        if isinstance(ev, RunnerJoined):
            came.append((ev.name.casefold(), ev.initiative.total + ev.initiative_bonus))
        elif ev.joiner is not None and ev.creature:
            came.append((ev.creature.casefold(), ev.joiner.total))
    return frozenset(played), runners


def _reorders(came: list, name: str, was: int, now: int) -> bool:
    """Whether ``name``'s initiative ``now`` instead of ``was`` puts it
    elsewhere among the runners that ``came`` (a tie keeps the first come ahead)."""
    at = next((i for i, (n, _i) in enumerate(came) if n == name), len(came))

    def ahead(mine: int) -> int:
        return sum(1 for i, (n, x) in enumerate(came)
                   if n != name and (x > mine or (x == mine and i < at)))
    return ahead(was) != ahead(now)


@reschedules(TurnTaken, plan=_played)
def _turn_on_schedule(state: State, ev: TurnTaken, dice, planned=None) -> TurnTaken:
    return ev  # as played: the plan only reads where the turns are


@reschedules(RunnerJoined, plan=_played)
def join_on_schedule(state: State, ev: RunnerJoined, dice, planned=None) -> RunnerJoined:
    """A party member's join after a corrected entry: its numbers as the
    corrected sheet gives them (each the tracker derived; the GM's own stay).
    Its initiative follows too, and with it the chase's order, unless that
    would reorder a chase whose later turns were played in the order the join
    made: then the join keeps its bonus as played and says what the sheet now
    gives (``order_kept``). Asked first without the plan, a changed bonus is
    kept, so that the fold replays and the plan is asked for."""
    if not ev.member or state.rules.chase is None \
            or (c := party.find(state, ev.name)) is None:
        return ev
    fresh = member_numbers(state, c)
    now = replace(ev, order_kept=None,
                  **{k: v for k, v in fresh.items() if getattr(ev, _DERIVED[k])})
    bonus = now.initiative_bonus
    if bonus != ev.initiative_bonus:
        played, runners = planned if planned is not None else (None, {})
        key, roll = state.chase.chases, ev.initiative.total
        if played is None or ((key, ev.name.casefold()) in played and _reorders(
                runners.get(key, []), ev.name.casefold(), roll + ev.initiative_bonus,
                roll + bonus)):
            now = replace(now, initiative_bonus=ev.initiative_bonus, order_kept=bonus)
    return ev if now == ev else now


def _too_far(state: State, r: Runner, most: int, dash: bool) -> str:
    """How far the runner may go, when the GM asked for more."""
    text = (_("{name} dashes 0 to {most} ft") if dash else
            _("{name} moves 0 to {most} ft ({dash} with a dash)")).format(
        name=r.name, most=most, dash=reach(state, r, True))
    if r.halved:
        text += " " + _("(speed halved by a complication)")
    if r.hindered:
        text += ", " + _("less {feet} ft lost to a complication").format(feet=r.hindered)
    return text


@decides(TakeTurn)
def decide_turn(state: State, cmd: TakeTurn, dice) -> list[Event]:
    _running_chase(state)
    r = current(state)
    _refuse_when_over(state, r)
    if r.member:
        refuse_the_dead(state, r.name)
    most = max(0, reach(state, r, cmd.dash))
    feet = most if cmd.feet is None else cmd.feet
    if not 0 <= feet <= most:
        raise Refused(_too_far(state, r, most, cmd.dash))
    ch = state.rules.chase
    # the dice in the order the event holds them (and the log line reads them),
    # so amending retypes the right one: the dash's save, then the complication
    save = None
    if cmd.dash and r.dashes >= free_dashes(state, r):
        con = save_bonus(state, r, "Con") or 0
        save = dicemod.roll(f"1d20{con:+d}" if con else "1d20", dice,
                            _("{name}: DC {dc} {save} save (dash {n}, {free} free)").format(
                                name=r.name, dc=ch.dash_dc, save=save_words(ch.dash_save),
                                n=r.dashes + 1, free=free_dashes(state, r)))
    turn_holds(state, TurnTaken(name=r.name, feet=feet, dash=cmd.dash, setting=state.chase.setting,
                                complication=None))
    table = ch.complications[state.chase.setting]
    comp = dicemod.roll(table.die, dice, _("{name}: complication").format(name=r.name))
    turn = TurnTaken(name=r.name, feet=feet, dash=cmd.dash, setting=state.chase.setting,
                     save=save, complication=comp)
    return [_complicated(state, cmd, turn, dice)]


@holds_for(TurnTaken)
def turn_holds(state: State, ev: TurnTaken) -> None:
    """``chase-move``/``dash``: the runner whose turn it is, alive, moving 0 to
    its reach, on the chase's own complication table."""
    _running_chase(state)
    r = current(state)
    _refuse_when_over(state, r)
    if ev.name != r.name:
        raise Refused(_("it is {name}'s turn, not {other!r}'s").format(name=r.name,
                                                                         other=ev.name))
    if r.member:
        refuse_the_dead(state, r.name)
    most = max(0, reach(state, r, ev.dash))
    if not 0 <= ev.feet <= most:
        raise Refused(_too_far(state, r, most, ev.dash))
    if ev.setting != state.chase.setting:
        raise Refused(_("the chase's complications are {setting!r}, not {other!r}").format(
            setting=state.chase.setting, other=ev.setting))


def _complicated(state: State, cmd: TakeTurn, turn: TurnTaken, dice) -> TurnTaken:
    """The turn with the dice its complication asks for: the afflicted's save,
    then what a failure rolls (damage, a joining creature's initiative)."""
    row = complication_row(state.rules, turn.setting, turn.complication)
    hit = landing(state, turn)
    if hit is None:
        return turn
    _ranged(_("the save modifier"), cmd.save_bonus or 0, -30, 30)
    save = None
    if row.save:
        bonus = cmd.save_bonus if cmd.save_bonus is not None else \
            save_bonus(state, hit, row.save) or 0
        what, said, _fail = row_words(state.rules, row_at(state.rules, turn.setting, row), row)
        save = dicemod.roll(f"1d20{bonus:+d}" if bonus else "1d20", dice,
                            _("{name}: {save} ({what})").format(name=hit.name, save=said,
                                                                 what=what))
    if not save_missed(row, save):
        return replace(turn, victim_save=save)
    damage = dicemod.roll(row.damage, dice, _("{name}: damage ({what})").format(
        name=hit.name, what=term(state.rules, f"{row_at(state.rules, turn.setting, row)}"
                                                 ".result", row.result))) \
        if row.damage else None
    joiner, creature, pace = None, "", 0
    if row.joins and hit.side == QUARRY:
        # the GM's name for it when they give none, in their language: the event
        # keeps it as a name, which they type in later commands (give-up NAME)
        # TRANSLATORS: the default name of a creature that joins a chase after its
        # quarry; the GM types it in later commands: keep it short and plain
        creature = (cmd.creature.strip() or _("creature after {name}").format(
            name=hit.name))[:40]
        if find(state.chase, creature) is not None:
            raise Refused(_("{name} is already in the chase: name the creature").format(
                name=creature))
        pace = _ranged(_("the creature's speed"), cmd.creature_speed, 0, 10_000) \
            if cmd.creature_speed is not None else speed(state, hit)
        joiner = dicemod.roll(state.rules.chase.initiative_die, dice,
                              _("{name}: initiative").format(name=creature))
    return replace(turn, victim_save=save, damage=damage, joiner=joiner, creature=creature,
                   creature_speed=pace)


@decides(TryEscape)
def decide_escape(state: State, cmd: TryEscape, dice) -> list[Event]:
    q = _runner(state, cmd.name)
    _escape_holds(state, q.name)
    known = state.rules.chase.escape_factors
    bad = [f for f in cmd.factors if f not in known]
    if bad:
        raise Refused(_("unknown escape factor {factor!r}; choose from: {known}").format(
            factor=bad[0], known=", ".join(known)))
    roll = dicemod.roll(escape_die(state.rules, cmd.factors), dice,
                        _("{name}: Stealth").format(name=q.name))
    return [EscapeRolled(q.name, roll, tuple(dict.fromkeys(cmd.factors)))]


def _escape_holds(state: State, name: str) -> None:
    q = _runner(state, name)
    if q.name != name:
        raise Refused(_("name {name} as the chase does, not {other!r}").format(
            name=q.name, other=name))
    if q.member:
        refuse_the_dead(state, q.name)
    if q.side != QUARRY or not running(state, q):
        raise Refused(_("only a quarry still running rolls to escape ({name}: {side}, "
                        "{status})").format(name=q.name, side=side_word(q.side),
                                            status=status_word(status(state, q))))
    if escape_target(state, q) is None:
        raise Refused(_("nobody is chasing {name}").format(name=q.name))


@holds_for(EscapeRolled)
def escape_holds(state: State, ev: EscapeRolled) -> None:
    """``escape``: a living quarry still running, with someone chasing it."""
    _escape_holds(state, ev.name)


@decides(LeaveChase)
def decide_leave(state: State, cmd: LeaveChase, dice) -> list[Event]:
    ev = RunnerLeft(_runner(state, cmd.name).name)
    left_holds(state, ev)
    return [ev]


@holds_for(RunnerLeft)
def left_holds(state: State, ev: RunnerLeft) -> None:
    r = _runner(state, ev.name)
    if r.name != ev.name:
        raise Refused(_("name {name} as the chase does, not {other!r}").format(
            name=r.name, other=ev.name))
    if not running(state, r):
        raise Refused(_("{name} is already out of the chase ({status})").format(
            name=r.name, status=status_word(status(state, r))))


@decides(SwapSide)
def decide_swap(state: State, cmd: SwapSide, dice) -> list[Event]:
    r = _runner(state, cmd.name)
    t = find(state.chase, cmd.target) if cmd.target else None
    ev = SideSwapped(r.name, t.name if t is not None else cmd.target)
    swapped_holds(state, ev)
    return [ev]


@holds_for(SideSwapped)
def swapped_holds(state: State, ev: SideSwapped) -> None:
    """``swap-side``: a living runner still in the chase; a new pursuer names
    another quarry in it."""
    r = _runner(state, ev.name)
    if r.name != ev.name:
        raise Refused(_("name {name} as the chase does, not {other!r}").format(
            name=r.name, other=ev.name))
    if r.member:
        refuse_the_dead(state, r.name)
    if not running(state, r):
        raise Refused(_("{name} is out of the chase ({status})").format(
            name=r.name, status=status_word(status(state, r))))
    if ev.target:
        t = find(state.chase, ev.target)
        if r.side != QUARRY or t is None or t.side != QUARRY or t.name == r.name \
                or t.name != ev.target:
            raise Refused(_("a new pursuer names a quarry already in the chase, not "
                            "{target!r}").format(target=ev.target))


@decides(EndChase)
def decide_end(state: State, cmd: EndChase, dice) -> list[Event]:
    ev = ChaseEnded(cmd.outcome)
    ended_holds(state, ev)
    return [ev]


@holds_for(ChaseEnded)
def ended_holds(state: State, ev: ChaseEnded) -> None:
    if not state.chase.active:
        raise Refused(_("no chase is running"))
    if ev.outcome not in OUTCOMES:
        raise Refused(_("a chase ends caught, gave up or escaped (got {outcome!r})").format(
            outcome=ev.outcome))


# --- evolve ---------------------------------------------------------------------------


@evolves(ChaseStarted)
def evolve_started(state: State, ev: ChaseStarted) -> State:
    return replace(state, chase=Chase(active=True, setting=ev.setting, round=1,
                                      start=ev.distance, chases=state.chase.chases + 1,
                                      winded=state.chase.winded, gained=state.chase.gained,
                                      toward_rest=ev.toward_rest))


def _with_runner(chase: Chase, name: str, **changes) -> tuple[Runner, ...]:
    return tuple([replace(r, **changes) if r.name == name else r for r in chase.runners])


@evolves(RunnerJoined)
def evolve_joined(state: State, ev: RunnerJoined) -> State:
    ch = _running(state)
    if find(ch, ev.name) is not None:
        raise Refused(_("{name} is already in the chase").format(name=ev.name))
    if ev.member:
        party.member(state, ev.name)
    new = Runner(ev.name, ev.side, ev.initiative.total + ev.initiative_bonus, ev.position,
                 ev.member, ev.speed, ev.con, ev.stealth, ev.perception, ev.target)
    # initiative order, highest first; a tie keeps who joined first ahead
    runners = sorted((*ch.runners, new), key=lambda r: -r.initiative)
    return replace(state, chase=replace(ch, runners=tuple(runners)))


def _next_after(state: State, runners: tuple[Runner, ...], name: str) -> Runner | None:
    at = None
    for i, r in enumerate(runners):  # loops, not generators: every chase turn asks
        if at is not None:
            if running(state, r):
                return r
        elif r.name == name:
            at = i
    if at is None:
        raise StopIteration  # as ``next`` of no match did
    return None


def _catch(state: State, runners: tuple[Runner, ...], p: Runner, moved_to: int) -> tuple[Runner, ...]:
    """A pursuer that ends its move within reach of the nearest quarry it
    chases catches it, and stops there (it does not run on past)."""
    q = quarry_of(state, p) if p.side == PURSUER else None
    if q is None or q.position - moved_to > state.rules.chase.reach:
        return runners
    return tuple(replace(x, status=CAUGHT, caught_by=p.name, caught_in=state.chase.round)
                 if x.name == q.name else
                 replace(x, position=min(moved_to, q.position)) if x.name == p.name else x
                 for x in runners)


@evolves(TurnTaken)
def evolve_turn(state: State, ev: TurnTaken) -> State:
    ch = _running(state)
    alone = len(ch.runners) == 1  # (most chase turns of a mixed replay)
    if alone:  # ``current``: the one runner, if still running
        r = ch.runners[0]
        if not running(state, r):
            r = None
    else:
        r = current(state)
    if r is None or r.name != ev.name:
        raise Refused(_("it is not {name}'s turn but {other}'s").format(name=ev.name, other=r.name)
                      if r else _("it is not {name}'s turn").format(name=ev.name))
    rules = state.rules
    if ev.setting != ch.setting or ev.setting not in rules.chase.complications:
        raise Refused(_("this chase rolls on the {setting} table, not {other!r}").format(
            setting=ch.setting, other=ev.setting))
    failed = save_failed(state, ev) if ev.save is not None else False  # (no save: not failed)
    # _with_runner, its keywords named (a chase turn is a sixth of a mixed replay)
    position, dashes, name = r.position + ev.feet, r.dashes + ev.dash, r.name
    exhaustion = r.exhaustion + (failed and not r.member)
    runners = tuple([replace(x, position=position, dashes=dashes, complication=None,
                             hindered=0, halved=False, exhaustion=exhaustion)
                     if x.name == name else x for x in ch.runners])
    if failed and r.member:  # derived, so amending the save's die recomputes it
        state = _party_exhaustion(state, r.name)
    if alone:
        # no other runner: no complication lands (``afflicted`` finds none),
        # no quarry is caught, none follows (``_next_after``): the round ends
        return _round_over(state, runners)
    if ev.spares_the_caught:  # version 2: the one caught is out before the complication
        if r.side == PURSUER:  # (_catch: only a pursuer catches)
            runners = _catch(state, runners, r, position)
        runners, state = _afflict(state, ev, runners)
        return _turn_done(state, name, runners)
    runners, state = _afflict(state, ev, runners)
    if r.side == PURSUER:  # (_catch: only a pursuer catches)
        runners = _catch(state, runners, r, position)
    return _turn_done(state, name, runners)


def _turn_done(state: State, name: str, runners: tuple[Runner, ...] | None = None) -> State:
    """``name``'s turn is over: the next runner still running acts, or, when
    none follows, the round ends and its seconds pass on the one clock.
    ``runners``: the chase's runners as the turn left them (not yet in
    ``state``: the state is copied once, with them and the next turn; who runs
    reads the party and the runner, never ``state.chase``, nor do time's hooks)."""
    ch = state.chase
    if runners is None:
        runners = ch.runners
    nxt = _next_after(state, runners, name)
    if nxt is not None:
        return replace(state, chase=replace(ch, runners=runners, turn=nxt.name))
    return _round_over(state, runners)


def _round_over(state: State, runners: tuple[Runner, ...]) -> State:
    """The round ends: its seconds pass on the one clock, nobody's turn yet."""
    ch = state.chase
    chase = replace(ch, runners=runners, turn="", round=ch.round + 1)
    # pass_time, called as the travel day does (no keywords gathered into a dict)
    seconds = state.rules.time.round_seconds
    if ch.toward_rest and state.dungeon.active:  # its rounds count toward the dungeon's rest
        return timeflow.run_hooks(state, seconds, True,
                                  {"chase": chase, "dungeon": rounds_toward_rest(state, seconds)})
    return timeflow.run_hooks(state, seconds, True, {"chase": chase})


def _out_of_the_running(state: State, name: str, status: str) -> State:
    """``name`` escapes or gives up; on its own turn that spends the turn (the
    last runner's ends the round, it does not start it over)."""
    r = current(state)
    ch = state.chase
    state = replace(state, chase=replace(ch, runners=_with_runner(ch, name, status=status)))
    return _turn_done(state, name) if r is not None and r.name == name else state


def _party_exhaustion(state: State, name: str) -> State:
    c = party.find(state, name)
    top = state.rules.party.exhaustion_max if state.rules.party else 0
    if c is None or c.exhaustion >= top:
        return state
    state = party.evolve_exhaustion(state, party.ExhaustionSet(c.name, c.exhaustion + 1))
    if not state.rules.chase.rest_removes_exhaustion:
        return state
    gained = dict(state.chase.gained)  # counted, so that a rest can take it off again
    gained[c.name] = gained.get(c.name, 0) + 1
    return replace(state, chase=replace(state.chase, gained=tuple(gained.items())))


def _rest_off(state: State, names) -> State:
    """The levels of exhaustion gained in chases come off those who rested
    (never more than they still have: the GM may have lowered it since)."""
    rested = {n.casefold() for n in names}
    left = []
    for name, levels in state.chase.gained:
        c = party.find(state, name)
        if c is None or name.casefold() not in rested:
            left.append((name, levels))
            continue
        state = party.evolve_exhaustion(
            state, party.ExhaustionSet(c.name, party.rested_exhaustion(c, levels)))
    return replace(state, chase=replace(state.chase, gained=tuple(left)))


@evolves(party.ShortRested, when="chase.gained")
def evolve_short_rest(state: State, ev: party.ShortRested) -> State:
    """A Short Rest (the whole party takes it) removes the chases' exhaustion:
    from the living (version 2; the dead of exhaustion stay dead, gm-review4 R1)."""
    if ev.spares_the_dead:
        return _rest_off(state, [c.name for c in state.party if not party.is_dead(state, c)])
    return _rest_off(state, [c.name for c in state.party])


@evolves(party.LongRested, when="chase.gained")
def evolve_long_rest(state: State, ev: party.LongRested) -> State:
    """So does a Long Rest, for those who benefit from it (after its own level)."""
    return _rest_off(state, ev.who)


def _afflict(state: State, ev: TurnTaken, runners: tuple[Runner, ...]):
    """What the turn's complication does to the next runner: noted on it, and
    on a missed save its movement lost, its damage taken (a party member's
    hit points), a creature added to chase it."""
    row, at = complication_row_at(state.rules, ev.setting, ev.complication)
    victim = landing(state, ev) if row is not None else None
    if victim is None:
        return runners, state
    # facts, not words: standing.affliction_text reads them when shown
    missed = save_missed(row, ev.victim_save)
    text = Affliction(at, row,  # ``at``: row_at(state.rules, ev.setting, row)
                      ev.victim_save.total if ev.victim_save is not None else None, missed)
    if not missed:
        return tuple(replace(x, complication=text) if x.name == victim.name else x
                     for x in runners), state
    hurt = not row.if_hurt or (ev.damage is not None and ev.damage.total > 0)
    lost = row.lose_feet + (speed(state, victim) // 2 if row.lose_half and hurt else 0)
    text = replace(text, condition=row.condition if hurt else "", lost=lost,
                   halved=row.halve_speed,
                   damage=ev.damage.total if ev.damage is not None else None,
                   joiner=ev.creature, joined=ev.joiner is not None)
    if ev.damage is not None:
        c = party.find(state, victim.name) if victim.member else None
        if c is not None and c.hp_max and not c.dead:
            state = party.evolve_damage(state, party.DamageTaken(c.name, ev.damage.total,
                                                                 ev.damage))
    runners = tuple(replace(x, complication=text, hindered=x.hindered + lost,
                            halved=x.halved or row.halve_speed)
                    if x.name == victim.name else x for x in runners)
    if ev.joiner is not None and ev.creature and find(state.chase, ev.creature) is None:
        new = Runner(ev.creature, PURSUER, ev.joiner.total, victim.position,
                     speed=ev.creature_speed, target=victim.name)
        runners = tuple(sorted((*runners, new), key=lambda x: -x.initiative))
    return runners, state


def save_failed(state: State, ev: TurnTaken) -> bool:
    """A dash beyond the free ones whose Constitution save missed the DC, with
    the modifier the runner has in ``state`` (as it stood before the turn)."""
    save = dash_save(state, ev)
    return save is not None and save.total < state.rules.chase.dash_dc


def dash_save(state: State | None, ev: TurnTaken) -> Roll | None:
    """The dash's Con save as the campaign now reads it: the recorded die, with
    the modifier derived from ``state`` (before the turn), so a correction of
    an earlier entry (a level of exhaustion struck out) reaches it. The die is
    as recorded; the recorded modifier stands where the runner is unknown."""
    save = ev.save
    r = find(state.chase, ev.name) if save is not None and state is not None else None
    if r is None:
        return save
    con = save_bonus(state, r, "Con") or 0
    rolled = sum(save.dice)
    return Roll(f"1d20{con:+d}" if con else "1d20", save.dice, rolled + con, save.typed)


def escaped(state: State, ev: EscapeRolled) -> bool:
    """Stealth total greater than the highest passive Perception among its pursuers."""
    q = find(state.chase, ev.name)
    target = escape_target(state, q) if q is not None else None
    return target is not None and ev.roll.total + q.stealth - d20_penalty(state, q) > target


@evolves(EscapeRolled)
def evolve_escape(state: State, ev: EscapeRolled) -> State:
    q = _named(state, ev.name)
    return _out_of_the_running(state, q.name, ESCAPED) if escaped(state, ev) else state


@evolves(SideSwapped)
def evolve_swapped(state: State, ev: SideSwapped) -> State:
    r = _named(state, ev.name)
    side = PURSUER if r.side == QUARRY else QUARRY
    runners = _with_runner(state.chase, r.name, side=side, target=ev.target)
    return replace(state, chase=replace(state.chase, runners=runners))


@evolves(RunnerLeft)
def evolve_left(state: State, ev: RunnerLeft) -> State:
    return _out_of_the_running(state, _named(state, ev.name).name, GAVE_UP)


@evolves(ChaseEnded)
def evolve_ended(state: State, ev: ChaseEnded) -> State:
    if not state.chase.active:
        raise Refused(_("no chase is running"))
    ch = state.chase
    # each quarry keeps its fate: those still running when it ends share the
    # outcome the GM gave; the others escaped, were caught or dropped out before
    runners = tuple(replace(x, status=ev.outcome if running(state, x) else status(state, x))
                    if x.side == QUARRY else x for x in ch.runners)
    return replace(state, chase=replace(ch, active=False, outcome=ev.outcome, runners=runners))

