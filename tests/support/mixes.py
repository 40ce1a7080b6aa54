"""A D&D 2024 campaign played from a random mix of every area's commands,
with bastion weeks (a turn falls due and is run: Maintain rolls a bastion
event that books gold or an item under its name; orders book what they
yield), for the tests that check every state a replay reaches
(test_snapshot_decodes.py, test_timeflow_quiet.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import strategies as st

from tracker.core import bastion as bas
from tracker.core import campaign as camp
from tracker.core import chase as ch
from tracker.core import dungeon as dun
from tracker.core import effects, lights, party, supplies, travel
from tracker.core.engine import Redo, Undo
from tracker.core.errors import Refused
from tracker.service import Campaign

NAMES = ["Ana", "Bo", "Cy"]
KINDS = ["barrack", "armory", "library", "garden", "smithy", "storehouse", "stable"]
ORDERS = [(3, "recruit", 0), (4, "stock", 0), (5, "research", 0), (3, "smith", 50),
          (4, "buy", 300), (4, "sell", 100), (5, "mounts", 200),
          (5, "mounts", 0, ("mule", "pony")), (5, "sell", 0, ("pony",))]
owner = st.sampled_from(["Ana", "Bo"])
choices = st.builds(bas.Choices, st.booleans(), st.booleans(), st.integers(0, 3),
                    st.integers(1, 2), st.integers(0, 3), st.sampled_from(["", "Ana", "Bo"]))

command = st.one_of(
    # the party
    st.builds(party.AddCharacter, st.sampled_from(NAMES)),
    st.builds(party.Damage, st.sampled_from(NAMES), st.integers(1, 8)),
    st.builds(party.Heal, st.sampled_from(NAMES), st.integers(1, 8)),
    st.builds(party.LongRest), st.builds(party.ShortRest),
    st.builds(party.SetExhaustion, st.sampled_from(NAMES), st.integers(0, 3)),
    st.builds(party.AdvanceRounds, st.integers(1, 120)),
    # a dungeon, its lights, effects and supplies
    st.builds(dun.EnterDungeon, st.just("Pit"), st.integers(1, 3)),
    st.builds(dun.LeaveDungeon),
    st.builds(dun.AdvanceTurn, st.integers(1, 8), st.sampled_from(["explore", "rest", "search"])),
    st.builds(lights.LightSource, st.sampled_from(["torch", "lantern", "candle"]),
              st.sampled_from(["", *NAMES])),
    st.builds(lights.DouseLight, st.integers(1, 6)),
    st.builds(effects.StartEffect, st.just("Bless"), st.integers(60, 7200)),
    st.builds(supplies.SetSupplies, st.sampled_from(["torches", "oil", "rations"]),
              st.integers(0, 12)),
    # travel and chases
    st.builds(travel.SetTerrain, st.sampled_from(["grassland", "forest", "hills"])),
    st.builds(travel.TravelDay),
    st.builds(ch.StartChase, st.sampled_from(["urban", "wilderness"]), st.integers(0, 120)),
    st.builds(ch.JoinChase, st.sampled_from(["Ana", "Bo", "Wolf"]),
              st.sampled_from(["quarry", "pursuer"])),
    st.builds(ch.TakeTurn), st.builds(ch.EndChase, st.sampled_from(["caught", "escaped"])),
    # the bastions
    st.builds(bas.AddFacility, owner, st.sampled_from(KINDS), st.just(True),
              st.sampled_from([(), ("food",), ("herb",)])),
    st.builds(bas.MoveGold, st.just("Ana"), st.integers(-500, 3000)),
    st.builds(bas.Downtime, st.integers(1, 30)),
    st.builds(bas.RunQueued, st.just(""), choices),
    # the log itself
    st.builds(camp.AddNote, st.text(min_size=1, max_size=20)),
    st.builds(Undo), st.builds(Redo),
)
week = st.tuples(st.just(bas.Downtime(7)), st.one_of(
    st.builds(bas.RunTurn, owner, st.just(()), st.just(True), choices),
    st.builds(bas.RunTurn, st.just("Ana"), st.lists(st.sampled_from(ORDERS), min_size=1,
                                                    max_size=2).map(tuple),
              st.just(False), choices)))
# a few weeks first (each bastion event books under its name), then any mix
plans = st.tuples(st.integers(0, 1000), st.lists(week, min_size=1, max_size=3),
                  st.lists(st.one_of(week, command.map(lambda c: (c,))), max_size=30))


def play(seed: int, weeks, steps) -> tuple[Campaign, Path]:
    """Two owners with bastions (Ana's a level-9 fighter's with gold), then the plan."""
    saves = Path(tempfile.mkdtemp(prefix="mix-"))
    c = Campaign.create(saves, "p", "dnd-2024", seed)
    c.dispatch(party.AddCharacter("Ana", "fighter", 9, (15, 14, 13, 12, 10, 8)))
    c.dispatch(bas.NewBastion("Ana"))
    c.dispatch(bas.MoveGold("Ana", 2000))
    c.dispatch(party.AddCharacter("Bo", "rogue", 5, (15, 14, 13, 12, 10, 8)))
    c.dispatch(bas.NewBastion("Bo"))
    for cmd in (cmd for step in [*weeks, *steps] for cmd in step):
        try:
            c.dispatch(cmd)
        except Refused:
            pass
    return c, saves
