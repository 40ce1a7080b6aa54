"""Bastion turns replay, undo and amend like every other area (random GM
command sequences on D&D 2024, mirroring test_properties.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import msgspec
from hypothesis import given, strategies as st

from area_checks import SETTINGS, undo_then_redo_restores
from tracker.core import bastion as bas
from tracker.core import campaign as camp
from tracker.core import party
from tracker.core.dice import DiceNeeded, ScriptedDice
from tracker.core.engine import Redo, Timeline, Undo, replay
from tracker.core.errors import Refused
from tracker.service import Campaign
from tracker.store import jsonl
from support.bastion import CHOSEN

KINDS = ["barrack", "armory", "gaming_hall", "library", "garden", "theater", "smithy",
         "storehouse", "stable", "arcane_study"]
ORDERS = [(3, "recruit", 0), (4, "stock", 0), (5, "gamble", 0), (6, "research", 0),
          (4, "decorative", 0), (5, "production", 0), (3, "smith", 50), (4, "buy", 300),
          (4, "sell", 100), (5, "mounts", 200), (5, "sell", 150),
          (5, "mounts", 0, ("mule", "pony")), (5, "sell", 0, ("pony",)),
          (4, "mounts", 0, ("warhorse",))]
choices = st.builds(bas.Choices, st.booleans(), st.booleans(), st.integers(0, 3), st.integers(1, 2),
                    st.integers(0, 3), st.sampled_from(["", "Ana", "Bo", "Cy"]))
owner = st.sampled_from(["Ana", "Bo"])

command = st.one_of(
    st.builds(bas.AddFacility, st.just("Ana"), st.sampled_from(KINDS), st.just(True),
              st.sampled_from([(), ("food",), ("herb",)])),
    st.builds(bas.BuildBasic, st.just("Ana"), st.sampled_from(["cramped", "roomy"])),
    st.builds(bas.EnlargeBasic, st.just("Ana"), st.integers(1, 8)),
    st.builds(bas.EnlargeFacility, st.just("Ana"), st.integers(1, 8), st.integers(0, 20)),
    st.builds(bas.SwapFacility, st.just("Ana"), st.integers(1, 8), st.sampled_from(KINDS),
              st.booleans()),
    st.builds(bas.NameDefender, st.just("Ana"), st.sampled_from(["Bran", "Cora"]),
              st.integers(0, 4)),
    st.builds(bas.StrikeDefender, st.just("Ana"), st.sampled_from(["Bran", "Cora"])),
    st.builds(bas.MoveDefenders, st.just("Ana"), st.integers(1, 6), st.integers(1, 6),
              st.integers(0, 5), st.sampled_from(["", "Bran"])),
    st.builds(camp.ChangeHouseRule, st.just("bastion.turn_days"), st.sampled_from(["7", "10"])),
    st.builds(bas.HouseRefugees, st.just("Ana"), st.integers(0, 4), st.booleans()),
    st.builds(party.AwardXP, st.sampled_from([0, 20_000])),
    st.builds(party.LevelUp, st.just("Ana")),
    st.builds(bas.BuildWalls, st.just("Ana"), st.integers(1, 4), st.booleans()),
    st.builds(bas.MoveGold, st.just("Ana"), st.integers(-500, 3000)),
    st.builds(bas.Downtime, st.integers(1, 30)),
    st.builds(bas.RunTurn, st.just("Ana"), st.lists(st.sampled_from(ORDERS), max_size=2)
              .map(tuple), st.booleans(), choices),
    st.builds(bas.RunTurn, st.just("Ana"), st.just(()), st.just(True), choices),
    st.builds(bas.RunQueued, st.just(""), choices),
    st.builds(party.RenameCharacter, st.sampled_from(["Ana", "Bo"]), st.sampled_from(["Ana", "Bo"])),
    # a second owner, combining with Ana or not, whose turns may take on Ana's losses
    st.builds(bas.CombineBastions, owner, owner),
    st.builds(bas.AddFacility, st.just("Bo"), st.sampled_from(["barrack", "garden"]),
              st.just(False), st.sampled_from([(), ("poison",)])),
    st.builds(bas.RunTurn, st.just("Bo"), st.sampled_from([(), ((3, "recruit", 0),)]),
              st.just(False), choices),
    st.builds(bas.RunTurn, st.just("Bo"), st.just(()), st.just(True), choices),
    st.builds(bas.Divest, owner),
    st.builds(Undo), st.builds(Redo),
)

scenario = st.tuples(st.integers(0, 1000), st.lists(command, min_size=1, max_size=30))


def play(seed, commands) -> tuple[Campaign, Path]:
    saves = Path(tempfile.mkdtemp(prefix="bprop-"))
    c = Campaign.create(saves, "p", "dnd-2024", seed)
    c.dispatch(party.AddCharacter("Ana", "fighter", 9, (15, 14, 13, 12, 10, 8)))
    c.dispatch(bas.NewBastion("Ana"))
    c.dispatch(bas.MoveGold("Ana", 2000))
    c.dispatch(party.AddCharacter("Bo", "rogue", 5, (15, 14, 13, 12, 10, 8)))
    c.dispatch(bas.NewBastion("Bo"))
    for cmd in commands:
        try:
            c.dispatch(cmd)
        except Refused:
            pass
    return c, saves


@SETTINGS
@given(scenario)
def test_bastions_replay_the_same(sc):
    c, saves = play(*sc)
    reopened = Campaign.open(saves, "p")
    assert reopened.state == c.state == replay(list(c.store.read()))
    reopened.close(), c.close()


@SETTINGS
@given(scenario, st.data())
def test_bastion_snapshot_plus_tail_equals_full_replay(sc, data):
    c, _ = play(*sc)
    k = data.draw(st.integers(1, c.seq))
    full = Timeline(c.store.read)
    snap = full.state_at(k)
    restored = msgspec.msgpack.decode(msgspec.msgpack.encode(snap), type=type(snap))
    assert restored == snap
    tail = Timeline(c.store.read, lambda s: (k, restored) if s >= k else None)
    assert tail.state_at(c.seq) == c.state
    c.close()


@SETTINGS
@given(scenario)
def test_bastion_undo_then_redo_restores(sc):
    undo_then_redo_restores(play(*sc)[0])


@SETTINGS
@given(scenario)
def test_bastion_export_then_import(sc):
    c, saves = play(*sc)
    src = saves / "export.jsonl"
    src.write_text("\n".join(jsonl.export_lines(c.store)) + "\n")
    jsonl.import_file(src, saves, "copy")
    copy = Campaign.open(saves, "copy")
    assert copy.state == c.state
    copy.close(), c.close()


@SETTINGS
@given(st.integers(0, 99), st.integers(1, 5), st.data(), st.integers(0, 3))
def test_amending_a_turn_equals_typing_it_right_the_first_time(seed, weeks, data, shift):
    """Retype the dice of one Maintain turn: the state after is the one the
    right dice would have given, and it replays the same. With ``shift``,
    Ana's bastion is combined with Bo's and moves that many losses to it."""
    def start(name):
        c = Campaign.create(Path(tempfile.mkdtemp(prefix="bamend-")), name, "dnd-2024", seed)
        c.dispatch(party.AddCharacter("Ana", "fighter", 9, (15, 14, 13, 12, 10, 8)))
        c.dispatch(bas.NewBastion("Ana"))
        for kind in ("barrack", "armory"):
            c.dispatch(bas.AddFacility("Ana", kind, chosen=CHOSEN.get(kind, ())))
        if shift:
            c.dispatch(party.AddCharacter("Bo", "rogue", 5, (15, 14, 13, 12, 10, 8)))
            c.dispatch(bas.NewBastion("Bo"))
            c.dispatch(bas.AddFacility("Bo", "barrack"))
            c.dispatch(bas.CombineBastions("Ana", "Bo"))
        c.dispatch(bas.Downtime(7 * (weeks + 1)))
        c.dispatch(bas.RunTurn("Ana", ((3, "recruit", 0),)))
        if shift:
            c.dispatch(bas.RunTurn("Bo", ((3, "recruit", 0),)))
        return c

    turn = bas.RunTurn("Ana", maintain=True, choices=bas.Choices(shift=shift))

    i = data.draw(st.integers(0, weeks - 1))
    values = data.draw(st.lists(st.integers(1, 4), min_size=8, max_size=8))
    values = [data.draw(st.integers(1, 100))] + values

    wrong = start("wrong")
    seqs = []
    for _ in range(weeks):
        seqs.append(wrong.dispatch(turn).envelopes[0].seq)
    probe = ScriptedDice(values)
    state_then = wrong.state_at(seqs[i] - 1)
    try:
        bas.decide_turn(state_then, turn, probe)
    except (Refused, DiceNeeded):
        return
    fixed = values[:probe.used]
    try:
        wrong.dispatch(wrong.amend_command(seqs[i], fixed))
    except Refused:
        return  # the new dice ask for other follow-ups than the recorded ones: refused, said so
    right = start("right")
    for k in range(weeks):
        right.dispatch(turn, fixed if k == i else None)
    assert wrong.state.bastions == right.state.bastions
    assert replay(list(wrong.store.read())) == wrong.state
    wrong.close(), right.close()
