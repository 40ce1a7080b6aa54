"""A past entry reads as it stood when it was made, in every pane that shows
past entries: the dungeon's log, the chase's round by round, the players'
page, the log list (and `tracker log`, the same entries). A later house rule,
escape, end of a chase, rename, correction or rewind does not change how an
earlier entry reads (review findings 1-3 of the past-lines round).
"""

from __future__ import annotations

import pytest

from tracker import i18n

from tracker.core import campaign as camp
from tracker.core import chase as ch
from tracker.core import party
from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.lights import LightSource
from tracker.core.supplies import SetSupplies
from tracker.core.timeline.entries import Rewind
from tracker.history import entries, last_entries
from tracker.public import public_log
from tracker.service import Campaign
from tracker.ui.widgets import chase_panels, dungeon_panels

ROGUE = (10, 16, 14, 12, 14, 10)
FIGHTER = (16, 12, 16, 10, 10, 8)


def _pane_lines(c: Campaign, seq: int) -> dict[str, dict[int, str]]:
    """Each pane's line for each entry it shows now, by seq; a rewind's
    preview (the log screen's w) for entry ``seq`` alone."""
    recent = last_entries(c.tail(50), c.timeline)
    out: dict[str, dict[int, str]] = {}
    for pane, text in (("dungeon", dungeon_panels.log_lines(recent, 50).plain),
                       ("chase", chase_panels.log_lines(recent, 50).plain)):
        # the line as written; a corrected entry's mark (✎, as the log
        # screen's) kept apart, under "marks"
        out[pane] = {int(line.split(" ", 1)[0][1:]): line.split(" ", 1)[1].removeprefix("✎")
                     for line in text.splitlines() if line}
        out.setdefault("marks", {}).update(
            {(pane, int(line.split(" ", 1)[0][1:])): line.split(" ", 1)[1].startswith("✎")
             for line in text.splitlines() if line})
    out["log"] = {e.seq: e.text for e in entries(list(c.store.read()), c.timeline)}
    out["players"] = {x["seq"]: x["text"]
                      for x in public_log(c.seq, c.timeline, c.state.table.told)}
    if seq < c.seq:
        out["rewind preview"] = {seq: c.explain(Rewind(seq)).entry_now}
    return out


def _delve(saves) -> tuple[Campaign, int]:
    """A Dyb & Drager delve whose check at entry N rolled a 2: quiet at 1-in-6."""
    c = Campaign.create(saves, "delve", "dyb-og-drager", 1)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ulf"))
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon())
    c.dispatch(LightSource("torch", "Ulf"))
    c.dispatch(AdvanceTurn())
    out = c.dispatch(AdvanceTurn(activity="rest"), [2])  # the check: a 2
    return c, out.envelopes[-1].seq


def _chase(saves) -> tuple[Campaign, int]:
    """A D&D 2024 chase whose entry N is the last turn of round 1 (the line
    ends with the round's end)."""
    c = Campaign.create(saves, "chase", "dnd-2024", 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(party.AddCharacter("Bo", "fighter", 1, FIGHTER))
    c.dispatch(ch.StartChase("urban", 90))
    c.dispatch(ch.JoinChase("Ana"), [14])
    c.dispatch(ch.JoinChase("Bo"), [12])
    c.dispatch(ch.JoinChase("Thug", "pursuer", 30, 1, 0, 12), [18])
    for dash, die in [(True, 9), (True, 11), (False, 12)]:
        out = c.dispatch(ch.TakeTurn(None, dash), [die])
    return c, out.envelopes[-1].seq


def _house_rule(c):
    c.dispatch(camp.ChangeHouseRule("dungeon.wandering.chance", '"2-in-6"'))


def _rename(c):
    c.dispatch(party.RenameCharacter(c.state.party[0].name, "Ulfur"))


def _escape(c):
    c.dispatch(ch.TryEscape("Ana"), [20])


def _end_chase(c):
    _escape(c)
    c.dispatch(ch.EndChase("escaped"))


def _correct_later(c):
    c.dispatch(camp.AddNote("a note"))
    c.dispatch(c.amend_command(c.seq, fields={"text": "the note, corrected"}))


def _correct_it(seq):
    def correct(c):
        env = c.entry(seq)
        field = "activity" if env.type == "turn_advanced" else "feet"
        value = "search" if field == "activity" else "10"
        c.dispatch(c.amend_command(seq, fields={field: value}))
    return correct


def _rewind_to_it(seq):
    def rewind(c):
        c.dispatch(camp.AddNote("soon taken back"))
        c.dispatch(Rewind(seq))
    return rewind


LATER = {
    "delve": ["house rule", "rename", "correct later", "correct it", "rewind to it"],
    "chase": ["escape", "end chase", "rename", "correct later", "correct it", "rewind to it"],
}


def _later(name: str, seq: int):
    return {"house rule": _house_rule, "rename": _rename, "escape": _escape,
            "end chase": _end_chase, "correct later": _correct_later,
            "correct it": _correct_it(seq), "rewind to it": _rewind_to_it(seq)}[name]


@pytest.mark.parametrize("scenario,later", [(s, x) for s, xs in LATER.items() for x in xs])
def test_a_past_entry_reads_as_it_stood_in_every_pane(saves, scenario, later):
    c, seq = (_delve if scenario == "delve" else _chase)(saves)
    try:
        c.dispatch(camp.AddNote("so that it can be rewound to"))
        made = _pane_lines(c, seq)
        shown_by = [pane for pane, lines in made.items() if seq in lines and pane != "marks"]
        assert "log" in shown_by and len(shown_by) >= 4, made  # its area's pane, the page...
        line = next(e.line for e in entries(list(c.store.read()), c.timeline) if e.seq == seq)
        assert made["rewind preview"][seq] == line  # the preview reads it as the log does
        if scenario == "chase":
            assert "round 1 ends" in made["log"][seq].lower() or "end of round" in \
                made["log"][seq].lower(), made["log"][seq]
        _later(later, seq)(c)
        now = _pane_lines(c, seq)
        for pane in shown_by:
            if pane == "players" and later == "rewind to it":
                continue  # the page leaves the GM's rewinds out, not the entry
            assert now[pane].get(seq) == made[pane][seq], (pane, later)
            if (pane, seq) in now["marks"]:  # marked corrected as the log screen marks it
                assert now["marks"][pane, seq] == (later == "correct it"), (pane, later)
    finally:
        c.close()


def test_a_house_rule_leaves_an_old_quiet_check_quiet(saves):
    """Finding 1: a 2 was quiet under 1-in-6; a house rule of 2-in-6 made
    since does not turn it into an encounter in the dungeon's log pane."""
    c, seq = _delve(saves)
    try:
        _house_rule(c)
        line = _pane_lines(c, seq)["dungeon"][seq]
        assert "quiet" in line and "ENCOUNTER" not in line
        styled = dungeon_panels.log_lines(last_entries(c.tail(50), c.timeline), 50)
        assert not any("red" in str(span.style) for span in styled.spans)
    finally:
        c.close()


def test_the_recap_names_a_renamed_character_once_and_counts_the_hp_lost(saves):
    """Finding 4: a rename in the span, then "Damage taken: Ulf 6" beside
    "Fallen: Ulfur (dead)". One name (the current, with the one before), and
    damage taken is the hit points lost: Ulf had 1 left, the 6 rolled took 1."""
    from tracker import recap

    c = Campaign.create(saves, "ulf", "dyb-og-drager", 1)
    try:
        c.dispatch(camp.StartSession())
        c.dispatch(party.AddCharacter("Ulf", hp=5))
        c.dispatch(party.AddCharacter("Bo", hp=5))
        c.dispatch(party.Damage("Ulf", 4))
        c.dispatch(party.Damage("Bo", 2))
        c.dispatch(party.Heal("Bo", 5))  # 2 back, not 5
        c.dispatch(party.Damage("Ulf", 6))  # 1 HP left: 1 lost
        c.dispatch(party.RenameCharacter("Ulf", "Ulfur"))
        built = recap.build(c.name, list(c.store.read()), c.timeline.state_at)
        md = recap.markdown(built)
        with i18n.using("da"):
            da = recap.markdown(built)
        with i18n.using("uk"):
            uk = recap.markdown(built)
    finally:
        c.close()
    assert "**Damage taken:** Ulfur (was Ulf) 5, Bo 2" in md
    assert "**Healed:** Bo 2" in md
    assert "**Fallen:** Ulfur (was Ulf) (dead)" in md
    assert "Ulf 6" not in md and "Ulf 10" not in md
    assert "Ulfur (tidligere Ulf) 5" in da and "Ulfur (раніше Ulf) 5" in uk


@pytest.mark.parametrize("read", ["entries", "sketch"])
def test_a_rewind_past_a_correction_takes_its_mark_off_the_list(saves, read):
    """Finding 3: a rewind to before a correction of #7 undoes it (the torch is
    Al's again); the log list (read whole, or sketched as the log screen
    first shows it) then has no ✎ on #7, and undoing the rewind brings it back."""
    from tracker.core.engine import Undo
    from tracker.history import sketch

    c = Campaign.create(saves, "r", "dyb-og-drager", 1)
    try:
        for cmd in (party.AddCharacter("Bo", hp=5), party.AddCharacter("Al", hp=5),
                    SetSupplies("torches", 3), EnterDungeon()):
            c.dispatch(cmd)
        lit = c.dispatch(LightSource("torch", "Al")).envelopes[-1].seq
        c.dispatch(AdvanceTurn())
        back_to = c.seq
        fixed = c.dispatch(c.amend_command(lit, fields={"by": "Bo"})).envelopes[-1].seq

        def mark():
            envs = list(c.store.read())
            listed = entries(envs, c.timeline) if read == "entries" else sketch(envs)
            e = listed[lit - 1]
            return e.corrected_by, e.corrections

        assert mark() == (fixed, (fixed,))
        c.dispatch(AdvanceTurn())
        c.dispatch(Rewind(back_to))
        assert c.state.lights[0].by == "Al"
        assert mark() == (0, ())
        c.dispatch(Undo())
        assert c.state.lights[0].by == "Bo" and mark() == (fixed, (fixed,))
    finally:
        c.close()


def test_past_entries_are_described_in_one_place():
    """Outside the core (whose describers compose one another), only
    history.py turns an entry into its line: a pane, the CLI, the players'
    page or the recap that described an entry itself would read it with
    whatever state it had at hand, the campaign as it stands now."""
    import re
    from pathlib import Path

    import tracker

    root = Path(tracker.__file__).parent
    found = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if "core" not in p.relative_to(root).parts[:1] and p.name != "history.py"
             and re.search(r"import[^\n]*\bdescribe\b(?!_)", p.read_text(encoding="utf-8"))]
    assert found == []
