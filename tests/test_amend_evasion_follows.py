"""An evasion takes its gap and who was surprised from the encounter it
follows (``from_encounter``); a correction of that encounter must not leave
them standing, nor the evasion roll a surprised party could not make
(gm-review F21). A correction is replayed with every later entry checked as
its command checked it (``validity``): ``evade`` is registered there like
every other event's command, and an entry that took a value from the state
(``takes_from_state``) must still hold what the corrected state gives, unless
the GM gave it otherwise than the state said."""

from __future__ import annotations

import itertools

import pytest

from tracker.core import chase as ch
from tracker.core.chase.evasion import from_encounter
from tracker.core.dungeon.rules import EnterDungeon, RollCheck
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.timeline.entries import Undo
from tracker.core.timeline.fold import as_now
from tracker.core.travel import rules as tr
from tracker.core.view import state_json

from support.amend import seq_of

BX = ("dyb-og-drager", "dolmenwood")
TERRAIN = {"dyb-og-drager": "forest", "dolmenwood": "open_forest"}
# not lost; an encounter, nobody surprised, 4d6x30 = 240 ft (Dolmenwood: 2d6x30 = 120 ft)
MET = {"dyb-og-drager": [6, 1, 3, 3, 2, 2, 2, 2], "dolmenwood": [6, 1, 3, 3, 2, 2]}
FAR = {"dyb-og-drager": 240, "dolmenwood": 120}


def morale(rid: str) -> int:
    return 12 if rid == "dyb-og-drager" else 0


def on_the_road(make, rid, **start):
    """The party meets something on a travel day, flees it (#8) and gets away (#9)."""
    c = make(rid)
    for n in ("A", "B", "C"):
        c.dispatch(AddCharacter(n))
    c.dispatch(SetSupplies(next(iter(c.state.rules.rations.kinds)), 9))
    c.dispatch(tr.SetTerrain(TERRAIN[rid]))
    c.dispatch(tr.TravelDay(), MET[rid])
    assert c.state.chase.met is not None and c.state.chase.met.where == "wilderness"
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, morale=morale(rid), pursuers=2, **start))
    c.dispatch(ch.RollEvasion(), [1])
    assert c.state.chase.outcome == "escaped"
    return c


def in_the_dungeon(make, rid, **start):
    """A wandering check meets monsters 40 ft away; the party runs from them."""
    c = make(rid)
    for n in ("A", "B", "C"):
        c.dispatch(AddCharacter(n))
    c.dispatch(EnterDungeon("B"))
    c.dispatch(RollCheck(), [1, 3, 3, 2, 2])
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=morale(rid), **start))
    return c


def amend_dice(c, seq: int, dice: list[int]):
    cmd = c.amend_command(seq, dice)
    c.explain(cmd)  # the preview refuses what the correction would
    return c.dispatch(cmd)


def refused_dice(c, seq: int, dice: list[int], match: str) -> None:
    head, before = c.seq, state_json(c.state, c.seq)
    with pytest.raises(Refused, match=match):
        amend_dice(c, seq, dice)
    assert c.seq == head and state_json(c.state, c.seq) == before


def retyped(rid: str, **at: int) -> list[int]:
    """The encounter's dice with some retyped: lost, check, party, foe, far (its
    last die). A surprise changes the distance's dice where one side is
    surprised: those are then left to the campaign's dice (``surprise=True``)."""
    dice = list(MET[rid])
    for name, value in at.items():
        dice[{"lost": 0, "check": 1, "party": 2, "foe": 3, "far": -1}[name]] = value
    if "party" in at or "foe" in at:
        return dice[:4]
    return dice[:2] if dice[1] != 1 else dice


@pytest.mark.parametrize("rid", BX)
@pytest.mark.parametrize("at,match", [
    ({"party": 1}, r"#8 \(evasion started\) would be refused: it took (a gap of {far} ft, )?"
     r"nobody surprised from the encounter it follows, which now gives (a gap of \d+ ft, )?"
     r"party surprised: correct it or undo it first"),
    ({"foe": 1}, r"\(evasion started\) would be refused: it took (a gap of {far} ft, )?nobody "
     r"surprised .*monsters surprised"),
    ({"far": 1}, r"\(evasion started\) would be refused: it took a gap of {far} ft from the "
     r"encounter it follows, which now gives a gap of {near} ft"),
    ({"check": 6}, r"\(evasion started\) would be refused: it took a gap of {far} ft from the "
     r"encounter it follows, which now gives a gap of 0 ft"),  # no encounter at all
])
def test_an_encounter_corrected_under_its_evasion_is_refused(make, rid, at, match):
    c = on_the_road(make, rid)
    refused_dice(c, seq_of(c, "day_travelled"), retyped(rid, **at),
                 match.format(far=FAR[rid], near=FAR[rid] - 30))


@pytest.mark.parametrize("rid", BX)
def test_a_correction_that_leaves_the_encounter_as_it_was_goes_through(make, rid):
    c = on_the_road(make, rid)
    amend_dice(c, seq_of(c, "day_travelled"), retyped(rid, lost=5))  # the lost die: still on course
    assert c.state.chase.outcome == "escaped"


@pytest.mark.parametrize("rid", BX)
def test_what_the_gm_gave_otherwise_stays_the_gms(make, rid):
    """The GM gave the gap (not the encounter's): a correction of the
    encounter's distance changes nothing the evasion took, and goes through."""
    c = on_the_road(make, rid, gap=500)
    amend_dice(c, seq_of(c, "day_travelled"), retyped(rid, far=1))
    assert c.state.chase.evasion.gap == 500 and c.state.chase.outcome == "escaped"


@pytest.mark.parametrize("rid", BX)
def test_an_evasion_amended_into_a_surprised_party_cannot_have_been_rolled(make, rid):
    from support.amend import refused
    c = on_the_road(make, rid)
    refused(c, seq_of(c, "evasion_started"), r"\(evasion rolled\) would be refused: a surprised "
            "party cannot evade", surprised="party")


@pytest.mark.parametrize("rid", BX)
def test_a_dungeon_check_corrected_under_its_evasion_is_refused(make, rid):
    c = in_the_dungeon(make, rid)
    assert c.state.chase.evasion.gap == 40
    refused_dice(c, seq_of(c, "check_rolled"), [1, 3, 3, 3, 3],
                 r"evasion started\) would be refused: it took a gap of 40 ft .* a gap of 60 ft")


@pytest.mark.parametrize("rid", BX)
def test_a_dungeon_evasion_with_its_own_gap_keeps_it(make, rid):
    c = in_the_dungeon(make, rid, gap=100)
    amend_dice(c, seq_of(c, "check_rolled"), [1, 3, 3, 3, 3])
    assert c.state.chase.evasion.gap == 100


@pytest.mark.parametrize("rid", BX)
def test_a_round_run_stays_a_round_run_can_be(make, rid):
    """``run`` at sea comes only after a failed evasion roll: a dungeon evasion
    amended out to sea leaves its rounds unrun; and a second roll at sea
    after a failed one is refused."""
    from support.amend import refused
    c = in_the_dungeon(make, rid, gap=100)
    c.dispatch(ch.RunRound())
    refused(c, seq_of(c, "evasion_started"), r"\(evasion round run\) would be refused: at sea "
            "the ships run in rounds only after a failed evasion roll", where="sea")
    c = make(rid, name="sea")
    c.dispatch(AddCharacter("A"))
    c.dispatch(ch.StartEvasion("sea", 120, 120, morale=morale(rid), gap=2000))
    c.dispatch(ch.RollEvasion(), [99])
    with pytest.raises(Refused, match="the evasion at sea failed"):
        c.dispatch(ch.RollEvasion(), [1])


@pytest.mark.parametrize("rid", BX)
def test_every_correction_of_the_encounter_leaves_the_evasion_as_evade_would_take_it(make, rid):
    """Each surprise pair and first distance die typed into the encounter: the
    correction is refused, or the evasion that follows holds what ``evade``
    takes from the corrected encounter (and its roll stands only for a party
    not surprised)."""
    c = on_the_road(make, rid)
    day, started = seq_of(c, "day_travelled"), seq_of(c, "evasion_started")
    kept = refused_n = 0
    for party, foe, far in itertools.product(range(1, 7), range(1, 7), (2, 3)):
        head = c.seq
        try:
            amend_dice(c, day, retyped(rid, party=party, foe=foe, far=far))
        except Refused as e:
            assert c.seq == head
            assert "evasion started" in str(e) or "changes nothing" in str(e), str(e)
            refused_n += 1
            continue
        kept += 1
        before = as_now(c.timeline, c.state, c.seq)(started - 1)
        e = c.state.chase.evasion
        assert (e.gap, e.surprised) == from_encounter(before, "wilderness", None, None)
        assert e.surprised != "party"
        c.dispatch(Undo())
    assert kept and refused_n
