"""The encounter an evasion follows: the last dungeon wandering check or
travel encounter that met something, with its distance and who was surprised.

The dungeon and travel areas decide and keep their encounters; this module
only notes the latest one as the chase's, after their evolvers ran, so that
an evasion started next takes its surprise and starting gap from it (or the
GM gives them). Starting a chase or evasion uses it up.

Only the encounter at hand counts (gm-review3 R1: evasion is possible before
combat starts, osr.md §9): a quiet check, and leaving or entering a dungeon
let it go, and it is noted with the clock, so once time has passed (a turn,
a day, a rest) ``at_hand`` no longer gives it. An evasion started later
takes no surprise or gap from an encounter long past, in the app as in the
CLI (both ask ``model.at_hand``). Replay passes time on every entry: comparing
clocks when an evasion starts costs replay nothing.
"""

from __future__ import annotations

from msgspec.structs import replace

from .. import dice as dicemod
from ..dungeon.rules import CheckRolled, DungeonEntered, DungeonLeft, TurnAdvanced
from ..handlers import evolves
from ..state import State
from ..travel import rules as travel
from ..travel import sea
from .model import Met

__all__ = ["surprised_side"]


def surprised_side(party: bool | None, monsters: bool | None) -> str:
    """"party", "monsters", or "" (nobody, both, or not rolled): only one side
    surprised changes an evasion."""
    if bool(party) == bool(monsters):
        return ""
    return "party" if party else "monsters"


def _noted(state: State, met: Met | None) -> State:
    return replace(state, chase=replace(state.chase, met=met))


# a check rolled (the dungeon's evolver, before, kept it last) that met something
@evolves(TurnAdvanced, given="check", when="dungeon.checks[-1].encounter")
@evolves(CheckRolled, given="check", when="dungeon.checks[-1].encounter")
def evolve_dungeon_check(state: State, ev) -> State:
    if ev.check is None or not state.dungeon.checks:
        return state
    c = state.dungeon.checks[-1]
    if not c.encounter:
        return state
    return _noted(state, Met("dungeon", c.distance_ft,
                             surprised_side(c.surprise_party, c.surprise_monsters), state.clock))


# (registered after the note above: a check that met something notes it first)
@evolves(CheckRolled, when="chase.met")
@evolves(travel.EncounterRolled, when="chase.met")
@evolves(DungeonEntered, when="chase.met")
@evolves(DungeonLeft, when="chase.met")
def evolve_moved_on(state: State, ev) -> State:
    """A quiet check, or the party going in or out of a dungeon: the
    encounter noted before is no longer the one at hand."""
    if isinstance(ev, CheckRolled) and state.dungeon.checks and state.dungeon.checks[-1].encounter:
        return state
    if isinstance(ev, travel.EncounterRolled) and state.rules.travel is not None \
            and travel.is_encounter(state.rules.travel, ev):
        return state
    return _noted(state, None)


# a travel day (its evolver, before, kept its summary last, ``encounter`` its
# sighting, the weather's codes as they stand) that met something
@evolves(travel.Travelled, when="travel.days[-1].encounter")
@evolves(travel.EncounterRolled)
@evolves(sea.Sailed)
def evolve_travel_encounter(state: State, ev) -> State:
    t = state.rules.travel
    if t is None:
        return state
    met, ft = travel.sighting(t, ev, state.travel.weather_codes)
    if not met:
        return state
    side = ""
    enc = t.encounters
    if enc is not None and enc.surprise and ev.surprise_party and ev.surprise_foe:
        s = dicemod.parse_chance(enc.surprise)
        side = surprised_side(s.hits(ev.surprise_party.total), s.hits(ev.surprise_foe.total))
    return _noted(state, Met("sea" if isinstance(ev, sea.Sailed) else "wilderness", ft, side,
                             state.clock))
