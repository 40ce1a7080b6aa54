"""The encounter an evasion follows: the last dungeon wandering check or
travel encounter that met something, with its distance and who was surprised.

The dungeon and travel areas decide and keep their encounters; this module
only notes the latest one as the chase's, after their evolvers ran, so that
an evasion started next takes its surprise and starting gap from it (or the
GM gives them). Starting a chase or evasion uses it up.
"""

from __future__ import annotations

from msgspec.structs import replace

from .. import dice as dicemod
from ..dungeon.rules import CheckRolled, TurnAdvanced
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


def _noted(state: State, met: Met) -> State:
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
                             surprised_side(c.surprise_party, c.surprise_monsters)))


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
    return _noted(state, Met("sea" if isinstance(ev, sea.Sailed) else "wilderness", ft, side))
