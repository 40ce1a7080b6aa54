"""B/X evasion (Dyb & Drager, Dolmenwood): an amended evasion, bait or pursuit
day passes the checks of ``evade``, ``drop-bait`` and ``pursue-day`` (issue 19),
and what followed is checked against the corrected entry."""

import pytest

from tracker.core import chase as ch
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.view import state_json

BX = ["dyb-og-drager", "dolmenwood"]


from support.amend import refused, seq_of  # noqa: E402


def party(make, rid):
    c = make(rid)
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(AddCharacter(n))  # 2-4
    c.dispatch(SetSupplies(next(iter(c.state.rules.rations.kinds)), 3))  # 5
    return c


@pytest.fixture(params=BX)
def dungeon(request, make):
    """Fleeing in a dungeon (#6), three rations, one thrown down (#7, not taken)."""
    c = party(make, request.param)
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, gap=60,
                               morale=12 if request.param == "dyb-og-drager" else 0))  # 6
    c.dispatch(ch.DropBait("food"), [4])  # 7
    assert c.state.chase.active
    return c


@pytest.fixture(params=BX)
def wilds(request, make):
    """Fleeing faster pursuers in the wilderness (#6), the evasion failed (#7),
    a day of pursuit (#8)."""
    c = party(make, request.param)
    c.dispatch(ch.StartEvasion("wilderness", 240, 120, 12 if request.param == "dyb-og-drager"
                               else 0))  # 6
    c.dispatch(ch.RollEvasion(), [99])  # 7
    c.dispatch(ch.PursueDay(), [99])  # 8
    assert c.state.chase.active
    return c


@pytest.mark.parametrize("fields,why", [
    ({"where": "moon"}, "an evasion is in: dungeon, wilderness, sea"),
    ({"where": ""}, "where must be at least 1 character"),
    ({"pursuers": 0}, "pursuers must be 1 to"),
    ({"fleeing": 0}, "the fleeing group must be 1 to"),
    ({"party_speed": 0}, "party speed|party's speed"),
    ({"monster_speed": -5}, "monster speed|monsters' speed"),
    ({"gap": 10**7}, "gap"),
    ({"morale": 13}, "morale"),
    ({"surprised": "party"}, "only in the wilderness"),
    ({"surprised": "nobody"}, "surprise is"),
])
def test_an_amended_evasion_is_checked_as_evade_was(dungeon, fields, why):
    refused(dungeon, seq_of(dungeon, "evasion_started"), why, **fields)


def test_a_morale_amended_into_the_roll_needs_its_roll(make):
    c = party(make, "dyb-og-drager")
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=12, gap=60))  # 5: always pursue
    refused(c, c.seq, "morale 8 is rolled for", morale=8)


@pytest.mark.parametrize("fields,why", [
    ({"kind": "gold"}, "drop treasure or food"),
    ({"kind": ""}, "kind must be at least 1 character"),
    ({"rations": 0}, "drop 1 to 10,000 rations"),
    ({"rations": 99}, "the party has 3 rations to drop, not 99"),
    ({"rations": 10**6}, "rations"),
    ({"kind": "treasure"}, "treasure is not counted in rations"),
])
def test_an_amended_bait_is_checked_as_drop_bait_was(dungeon, fields, why):
    refused(dungeon, seq_of(dungeon, "evasion_bait_dropped"), why, **fields)


def test_bait_after_an_evasion_amended_out_of_the_dungeon_is_refused(dungeon):
    refused(dungeon, seq_of(dungeon, "evasion_started"), r"#7 \(evasion bait dropped\) would be refused: that is for an "
            "evasion dungeon", where="wilderness")


@pytest.mark.parametrize("fields,why", [
    ({"direction": "n" * 81}, "direction must be at most 80 characters"),
])
def test_an_amended_pursuit_day_is_checked_as_pursue_day_was(wilds, fields, why):
    refused(wilds, seq_of(wilds, "pursuit_day_rolled"), why, **fields)


def test_pursuers_amended_slower_cannot_have_caught_up(wilds):
    refused(wilds, seq_of(wilds, "evasion_started"), r"#8 \(pursuit day rolled\) would be refused: the pursuers are not "
            "faster", monster_speed=100)


def test_a_correction_that_passes_still_goes_through(wilds):
    c = wilds
    c.dispatch(c.amend_command(seq_of(c, "pursuit_day_rolled"), fields={"direction": "north"}))
    assert c.state.chase.active


def test_the_evasion_checks_are_registered():
    from tracker.core import validity
    for ev in (ch.EvasionStarted, ch.BaitDropped, ch.PursuitDayRolled):
        assert validity.checked(ev), ev.TYPE
