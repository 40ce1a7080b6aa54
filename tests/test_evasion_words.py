"""How a B/X evasion reads once it is over (gm-review7 C5), in every language:

- the pursuers' row says how it went for them (they lost the party, or caught
  up), never the party's "escaped" (or "caught") about the monsters;
- the evasion roll's line names the chance it was rolled against, met or not;
- the players' page shows an evasion only while one runs, and a wilderness
  evasion (run in days) with no rounds and no distance."""

from __future__ import annotations

import pytest

from tracker import i18n
from tracker.core import chase as ch
from tracker.core.describe import describe
from tracker.core.party import AddCharacter
from tracker.core.players import Table, panels
from tracker.core.view import state_json
from tracker.i18n import pgettext, using
from tracker.ui.widgets.chase_panels import evasion_rows

BX = ("dyb-og-drager", "dolmenwood")
LANGS = ("en", "da", "uk")


def _fled(make, rid: str, roll: int, where: str = "wilderness", woods: bool = True):
    c = make(rid)
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(AddCharacter(n))
    c.dispatch(ch.StartEvasion(where, 120, 90, morale=12 if rid == "dyb-og-drager" else 0,
                               pursuers=4, **({"gap": 60} if where == "sea" else {})))
    out = c.dispatch(ch.RollEvasion(("dense_woods",) if where == "wilderness" and woods else ()),
                     [roll])
    return c, out.envelopes[0]


def _words(row) -> str:
    return " ".join(str(cell) for cell in row)


@pytest.mark.parametrize("rid", BX)
@pytest.mark.parametrize("lang", LANGS)
def test_the_pursuers_lose_the_party_that_escaped(make, rid, lang):
    c, _env = _fled(make, rid, 1)
    assert c.state.chase.outcome == "escaped"
    with using(lang, rid):
        party, monsters = evasion_rows(c.state)
        assert str(party[-1]) == pgettext("chase status", "escaped")
        assert str(monsters[-1]) == pgettext("evasion pursuers", "lost them"), _words(monsters)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pursuers_catch_up_with_a_caught_party(make, lang):
    c, _env = _fled(make, "dyb-og-drager", 99, where="sea")
    while c.state.chase.active:
        c.dispatch(ch.RunRound())
    assert c.state.chase.outcome == "caught"
    with using(lang, "dyb-og-drager"):
        party, monsters = evasion_rows(c.state)
        assert str(party[-1]) == pgettext("chase status", "caught")
        assert str(monsters[-1]) == pgettext("evasion pursuers", "caught up"), _words(monsters)


@pytest.mark.parametrize("rid", BX)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("roll", [1, 99])
def test_the_evasion_roll_names_its_chance_met_or_not(make, rid, lang, roll):
    c, env = _fled(make, rid, roll, woods=roll == 1)
    assert c.state.chase.active == (roll == 99)
    pct = c.state.chase.evasion.chance
    assert pct
    with using(lang, rid):
        line = describe(env.event, c.state.rules, c.state)
    assert f"({pct}%)" in line, line


@pytest.mark.parametrize("rid", BX)
def test_the_players_page_shows_an_evasion_only_while_it_runs(make, rid):
    c, _env = _fled(make, rid, 99, woods=False)  # failed: the pursuit goes on, in days
    assert c.state.chase.active

    def evasion_panels():
        data = state_json(c.state, c.seq)
        with using(i18n.ENGLISH):
            return [p for p in panels(data, Table(c.state.rules)) if p.title == "Evasion"]
    running = evasion_panels()
    assert len(running) == 1
    said = [k for k, _v in running[0].facts]
    assert "Round" not in said and "Gap" not in said, running[0].facts  # days, no distance
    while c.state.chase.active:
        c.dispatch(ch.PursueDay(), [1])  # caught up, or the next day
    assert evasion_panels() == []  # over: no "Round 0 · Gap 0 ft"


@pytest.mark.parametrize("rid", BX)
def test_the_idle_chase_screen_asks_for_no_distance_in_the_wilderness(make, rid):
    """"s starts an evasion; the quarry's start distance is the GM's call" read
    as if every evasion had one; only a dungeon's or the sea's has."""
    from tracker.ui.widgets.chase_panels import summary

    c = make(rid)
    with using(i18n.ENGLISH):
        said = summary(c.state).plain
    assert "start distance" not in said and "in a dungeon or at sea" in said, said
