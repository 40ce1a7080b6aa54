"""gm-review7 R1: a travel day corrected from lost to on course. The days
after it were written while the party was lost, so none of them holds a
check of its own for getting lost (a lost party rolls none until the GM
marks the way found): once the earlier day is on course, each of them is
checked as its command would have checked it, its die rolled from the
campaign's seed (shown in the preview), until one of them loses the party
again. A later day that holds its own check keeps it as recorded; a check
made void by a day corrected into lost stands again when a correction finds
the way before it. On every ruleset with getting lost (Dyb & Drager and
Dolmenwood by the day's X-in-Y, on land and at sea), through ``--dice`` and
``--set``, the preview, undo and redo; D&D 2024 checks every stage anyway,
and a correction leaves each later stage's own check as it was."""

from __future__ import annotations

import pytest

from tracker.core import travel as tr
from tracker.core.travel.sea import Embark
from tracker.core.timeline.entries import Redo, Undo, cook
from tracker.history import entries
from support.travel import day, road

LOST = {"dyb-og-drager": ("forest", 2), "dolmenwood": ("hills", 1)}  # terrain, a lost die
DAYS = 8  # lost on the second, then six days lost


def _days(c):
    """(seq, event) of each day on the road, in log order, as the log now reads."""
    out = []
    for e in c.tail(c.seq):
        if e.type in ("day_travelled", "day_sailed"):
            stand_in = c.state.corrections.get(e.seq)
            out.append((e.seq, cook(stand_in[0]) if stand_in else e.event))
    return out


def _lost_journey(make, rid):
    """On course on day 1 (its die 6), lost on day 2, then six days lost: no
    lost die on any of them (each day's encounter check 6: quiet)."""
    terrain, die = LOST[rid]
    c = road(make, rid, terrain, rations=40)
    day(c, 6, 6)
    day(c, die, 6)
    assert c.state.travel.lost
    for _ in range(DAYS - 2):
        day(c, 6)
    days = _days(c)
    assert [ev.lost_roll is not None for _s, ev in days] == [True, True] + [False] * (DAYS - 2)
    return c, days


def _checked_in_turn(c, first: int) -> None:
    """From the day ``first`` on (an index into the days), each day begun on
    course holds its own lost die, and one begun lost none new; the party is
    lost now exactly where one of those dice lost it."""
    days = _days(c)
    lost_at = None
    for i, (_seq, ev) in enumerate(days[first:], start=first):
        if lost_at is None:
            assert ev.lost_roll is not None, (i, ev)
            if c.state.travel.days[i].lost:
                lost_at = i
        else:
            assert ev.lost_roll is None, (i, ev)
    assert c.state.travel.lost == (lost_at is not None)
    assert [d.lost for d in c.state.travel.days] == \
        [False] * (lost_at if lost_at is not None else DAYS) + \
        [True] * (DAYS - (lost_at if lost_at is not None else DAYS))


@pytest.mark.parametrize("rid", sorted(LOST))
def test_each_later_day_is_checked_once_the_way_is_not_lost(make, rid):
    c, days = _lost_journey(make, rid)
    second = days[1][0]
    cmd = c.amend_command(second, dice=[6])
    seen = c.explain(cmd)
    said = " ".join(seen.changes)
    # the preview shows the later days' new dice and how they will read
    assert f"#{days[2][0]} moves with it and will read: " in said, seen.changes
    assert "lost? 1d6=[" in said
    seeded = [x for x in seen.changes if x.startswith("new dice rolled from the campaign's seed: ")]
    assert len(seeded) == 1 and "1d6=[" in seeded[0], seen.changes
    c.dispatch(cmd)
    _checked_in_turn(c, 2)
    # the log says each day's own check
    text = [e.text for e in entries(list(c.store.read()), c.timeline)]
    assert sum("lost? 1d6=[" in t for t in text if t.startswith("Corrected #")) >= 2
    after = [ev.lost_roll for _s, ev in _days(c)]
    c.dispatch(Undo())  # one undo takes the correction and the days it moved back
    assert c.state.travel.lost and not c.state.corrections
    assert [ev.lost_roll is not None for _s, ev in _days(c)] == \
        [True, True] + [False] * (DAYS - 2)
    c.dispatch(Redo())  # and redo brings the same dice back, none rolled again
    assert [ev.lost_roll for _s, ev in _days(c)] == after


def test_the_same_through_a_corrected_field(make):
    """``--set``: the lost day's terrain corrected into one its die does not
    lose the party in (Dyb & Drager: forest 2-in-6 -> clear 1-in-6 with a 2;
    Dolmenwood's terrains all lose the party on a 1)."""
    c, days = _lost_journey(make, "dyb-og-drager")
    c.dispatch(c.amend_command(days[1][0], fields={"terrain": "clear"}))
    assert not c.state.travel.days[1].lost
    _checked_in_turn(c, 2)


@pytest.mark.parametrize("rid", sorted(LOST))
def test_a_day_corrected_into_lost_leaves_the_later_dice_as_rolled(make, rid):
    """On course -> lost: the later days' own dice stay in their entries, void
    while the party is lost (the log reads none), and stand again when a
    second correction finds the way; no die is rolled for them."""
    terrain, die = LOST[rid]
    c = road(make, rid, terrain, rations=40)
    for n in range(4):
        day(c, 6, 6)
    days = _days(c)
    rolled = [ev.lost_roll for _s, ev in days]
    cmd = c.amend_command(days[1][0], dice=[die])
    seen = c.explain(cmd)
    assert not any(x.startswith("new dice rolled") for x in seen.changes), seen.changes
    c.dispatch(cmd)
    assert [d.lost for d in c.state.travel.days] == [False, True, True, True]
    assert [ev.lost_roll for _s, ev in _days(c)][2:] == rolled[2:]
    lines = {e.seq: e.text for e in entries(list(c.store.read()), c.timeline)}
    assert "lost?" not in lines[days[2][0]] and "lost?" not in lines[days[3][0]]
    c.dispatch(c.amend_command(days[1][0], dice=[6]))  # found the way again: as rolled
    assert [d.lost for d in c.state.travel.days] == [False] * 4
    assert [ev.lost_roll for _s, ev in _days(c)][2:] == rolled[2:]


def test_a_day_at_sea_is_checked_once_the_ship_is_not_lost(make):
    """Dyb & Drager at sea with a navigator (2-in-6): the days after the one
    corrected each roll for getting lost at sea."""
    c = road(make, "dyb-og-drager", "clear", rations=40)
    c.dispatch(tr.SetGuide(True, ""))
    c.dispatch(Embark("Cog", rate=120, terrain="ocean"))
    day(c, 3, 4, 6, 6)  # wind 7 (3+4), lost 6, encounter check 6
    day(c, 3, 4, 1, 6)  # lost at sea
    assert c.state.travel.lost
    for _ in range(4):
        day(c, 3, 4, 6)
    days = _days(c)
    assert [ev.lost_roll is not None for _s, ev in days] == [True, True, False, False, False,
                                                             False]
    cmd = c.amend_command(days[1][0], dice=[3, 4, 6])
    assert "lost at sea (2-in-6) 1d6=[" in " ".join(c.explain(cmd).changes)
    c.dispatch(cmd)
    now = _days(c)
    lost_at = None
    for i, (_seq, ev) in enumerate(now[2:], start=2):
        if lost_at is None:
            assert ev.lost_roll is not None
            lost_at = i if c.state.travel.days[i].lost else None
        else:
            assert ev.lost_roll is None
    assert c.state.travel.lost == (lost_at is not None)


@pytest.mark.parametrize("afloat", [False, True])
def test_dnd_stages_keep_their_own_checks(make, afloat):
    """D&D 2024 checks each stage's navigation whatever the last one did: a
    strayed stage corrected to on course leaves every later stage's check as
    the table rolled it."""
    c = road(make, "dnd-2024", "forest", rations=40)
    if afloat:
        c.dispatch(Embark("keelboat", terrain="waterborne"))
    for n in range(4):
        day(c, *((1, 4) if n == 1 else (20,)))  # strayed on the second: 40% longer
    days = _days(c)
    rolled = [ev.lost_roll for _s, ev in days]
    assert c.state.travel.days[1].strayed
    c.dispatch(c.amend_command(days[1][0], dice=[20]))
    assert not any(d.strayed for d in c.state.travel.days)
    assert [ev.lost_roll for _s, ev in _days(c)][2:] == rolled[2:]
    assert all(r is not None for r in rolled)
