"""What our sources lack is marked as such in the ruleset data (``not_in_source``,
checked at load) and in what the GM sees (issue 14: the Doom table and the build-up
of the rest penalty read as the book's rule; the rebuilt turning rows and the OSE
fill values in dyb-og-drager.toml were marked only in comments)."""

from pathlib import Path

import pytest

from tracker.core.describe import describe
from tracker.core.dungeon import AdvanceTurn, ChangeDepth, EnterDungeon, LeaveDungeon
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, AwardXP, LevelUp
from tracker.core.ruleset import load_text
from tracker.core.schema import note_kind

ROOT = Path(__file__).resolve().parents[1]


def text(rid):
    return (ROOT / "rulesets" / f"{rid}.toml").read_text()


def rules(rid):
    return load_text(text(rid), rid).rules


def test_the_data_marks_what_the_sources_lack():
    dol, dd = rules("dolmenwood"), rules("dyb-og-drager")
    assert note_kind(dol.dungeon.not_in_source, "hasty_exit.doom") == "stand-in"
    assert note_kind(dol.dungeon.not_in_source, "rest.penalty_step") == "stand-in"
    assert note_kind(dol.dungeon.not_in_source, "rest.every_turns") == ""  # seed 004's rule
    assert note_kind(dd.dungeon.not_in_source, "wandering.chance") == "OSE fill"
    assert note_kind(dd.dungeon.not_in_source, "rest") == "OSE fill"
    rebuilt = {u for u in dd.party.classes["klerik"].turning
               if note_kind(dd.party.not_in_source, f"classes.klerik.turning.{u}")}
    assert rebuilt == {"Vampyr", "Fantom", "Hjemsøger", "Ånd", "Natteskygge", "Dødekogler"}
    assert note_kind(dd.party.not_in_source, "one_level_per_session") == "OSE fill"
    assert note_kind(dd.party.not_in_source, "classes.dvaerg.xp") == "OSE fill"
    assert note_kind(dd.party.not_in_source, "classes.kriger.xp") == ""  # the seed's table


def test_the_doom_fate_says_it_is_a_stand_in(make):
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(ChangeDepth(4))
    out = c.dispatch(LeaveDungeon(hasty=True), [2, 6])
    line = describe(out.envelopes[0].event, c.state.rules)
    assert "doom" in line and line.endswith("; Doom table (stand-in: not in the source)")
    assert any("stand-in" in a.text for a in out.alerts if "Doom" in a.text)


def test_a_save_without_doom_roll_says_nothing_of_stand_ins(make):
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(EnterDungeon("Crypt"))
    out = c.dispatch(LeaveDungeon(hasty=True), [20])
    assert "stand-in" not in describe(out.envelopes[0].event, c.state.rules)


def said(out, start: str) -> str:
    return next((a.text for a in out.alerts if a.text.startswith(start)), "")


@pytest.mark.parametrize("rid,kind", [("dolmenwood", "stand-in"), ("dyb-og-drager", "OSE fill")])
def test_the_rest_penalty_says_what_it_is(make, rid, kind):
    """Dolmenwood: how the penalty builds up is a stand-in; Dyb & Drager: OSE's rule."""
    c = make(rid)
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(AdvanceTurn(count=5), [6, 6])
    out = c.dispatch(AdvanceTurn(count=1), [6])
    assert said(out, "Rest overdue").endswith(f"({kind}: not in the source)")
    if rid == "dolmenwood":  # only there does it build up
        c.dispatch(AdvanceTurn(count=6), [6, 6])  # stops before it deepens
        out = c.dispatch(AdvanceTurn(count=1), [6])
        assert said(out, "Rest penalty now -2").endswith(f"({kind}: not in the source)")


def test_the_one_level_refusal_says_ose_fill(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana", "kriger", abilities=(10,) * 6), [5])
    c.dispatch(AwardXP(5000))
    c.dispatch(LevelUp("Ana"), [6])
    with pytest.raises(Refused, match=r"\(OSE fill: not in the source\)"):
        c.dispatch(LevelUp("Ana"), [6])
