"""The recap kept between builds (issue 22): the recap screen's ``Recapper``
reads only the entries added since its last build, keeps which entries stand,
the states it folded and its tallies part-way, and feeds the tallies only what
the last build did not share. After any sequence of entries (turns with
checks, notes, blows, sessions begun and ended, undos, redos, rewinds,
corrections of a note, a blow or a check's dice), each build it makes is the
recap built from scratch from the whole log, for the last session, every
session and one earlier session alike, and the lines the recap's view draws
for it, keeping what it drew for the builds before, are the lines a fresh
view draws; nothing stale is ever shown (a recap counting a corrected day
was a bug once)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tracker import i18n, recap
from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import party
from tracker.core.errors import Refused
from tracker.core.timeline.entries import Redo, Rewind, Undo
from tracker.service import Campaign, LogReader
from tracker.ui.widgets.markdown_lines import Looks, MarkdownLines

SETTINGS = settings(max_examples=int(__import__("os").environ.get("PROP_EXAMPLES", "25")),
                    deadline=None, suppress_health_check=[HealthCheck.too_slow])

step = st.one_of(
    st.tuples(st.just("turn"), st.integers(1, 3)),
    st.tuples(st.just("enter")), st.tuples(st.just("leave")),
    st.tuples(st.just("note"), st.text("abcxyz ", min_size=1, max_size=6)),
    st.tuples(st.just("hurt"), st.sampled_from(["Bo", "Al"]), st.integers(1, 4)),
    st.tuples(st.just("session")),
    st.tuples(st.just("undo")), st.tuples(st.just("undo")), st.tuples(st.just("redo")),
    st.tuples(st.just("rewind"), st.floats(0, 1)),
    st.tuples(st.just("amend"), st.floats(0, 1), st.integers(1, 6)),
    st.tuples(st.just("amend"), st.just(1.0), st.integers(1, 6)),
)
plans = st.tuples(st.sampled_from(["dyb-og-drager", "dolmenwood", "dnd-2024"]),
                  st.lists(step, min_size=1, max_size=40))


def _do(c: Campaign, kind: str, args) -> None:
    if kind == "turn":
        c.dispatch(dun.AdvanceTurn(args[0], "explore"))
    elif kind == "enter":
        c.dispatch(dun.EnterDungeon("Crypt"))
    elif kind == "leave":
        c.dispatch(dun.LeaveDungeon())
    elif kind == "note":
        c.dispatch(camp.AddNote(args[0]))
    elif kind == "hurt":
        c.dispatch(party.Damage(*args))
    elif kind == "session":
        c.dispatch(c.end_session_command() if c.state.in_session else
                   c.start_session_command())
    elif kind == "undo":
        c.dispatch(Undo())
    elif kind == "redo":
        c.dispatch(Redo())
    elif kind == "rewind":
        c.dispatch(Rewind(max(1, int(args[0] * (c.seq - 1)))))
    else:  # a note's text, a blow's amount or a check's die, retyped
        seq = max(2, round(args[0] * c.seq))
        ev = c.entry_events(seq)[0]
        if ev.TYPE == "note_added":
            c.dispatch(c.amend_command(seq, fields={"text": f"fixed {args[1]}"}))
        elif ev.TYPE == "damage_taken":
            c.dispatch(c.amend_command(seq, fields={"amount": str(args[1])}))
        elif ev.TYPE == "turn_advanced" and getattr(ev, "check", None) is not None:
            c.dispatch(c.amend_command(seq, dice=[args[1]] * len(ev.check.dice)))


def _fresh(log: LogReader, sessions, escape: bool = False) -> str:
    """The recap of the whole log, built from scratch (as `tracker export` does)."""
    envs = list(log.read())
    try:
        return recap.markdown(recap.build("t", envs, log.state_at, sessions), escape)
    except ValueError as e:
        return f"*refused: {e}*"


def _kept(recapper: recap.Recapper, log: LogReader, sessions, escape: bool = False) -> str:
    try:
        return recap.markdown(recapper.build("t", log, sessions)[0], escape)
    except ValueError as e:
        return f"*refused: {e}*"


def _drawn(lines: MarkdownLines, markdown: str) -> list:
    """What the recap's view draws for ``markdown``, given its texts before."""
    lines.update(markdown)
    return [list(line) for line in lines.lines(50, Looks())]


@SETTINGS
@given(plans, st.integers(0, 2))
def test_every_kept_build_is_the_recap_from_scratch(plan, which):
    rid, steps = plan
    c = Campaign.create(Path(tempfile.mkdtemp(prefix="recap-")), "t", rid, 7)
    for who in ("Bo", "Al"):
        c.dispatch(party.AddCharacter(who, hp=30))
    c.dispatch(c.start_session_command())
    kept = recap.Recapper(every=3, kept=2)  # kept points every few entries: all of them used
    view = MarkdownLines()  # the recap screen's lines, kept across its texts as the screen does
    for kind, *args in steps:
        try:
            _do(c, kind, args)
        except Refused:
            continue
        with LogReader(c.store.path) as log:
            sessions = [None, "all", [1]][which]
            if sessions == "all":
                sessions = sorted({e.session for e in log.read() if e.session > 0}) or [0]
            assert _kept(kept, log, sessions) == _fresh(log, sessions), (kind, args)
            shown = _kept(kept, log, sessions, escape=True)  # as the screen shows it
            assert _drawn(view, shown) == _drawn(MarkdownLines(), _fresh(log, sessions, True))
    c.close()


def test_a_corrected_check_changes_the_kept_recap(saves):
    """A check corrected from quiet into an encounter: the kept recap counts
    it, as the recap from scratch does (the corrections in force are part of
    what the kept tallies were fed with)."""
    c = Campaign.create(saves, "t", "dyb-og-drager", 7)
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(c.start_session_command())
    c.dispatch(dun.EnterDungeon("Crypt"))
    for _ in range(6):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    kept = recap.Recapper()
    with LogReader(c.store.path) as log:
        before = recap.markdown(kept.build("t", log, None)[0])
    seq = next(s for s in range(c.seq, 0, -1)
               if getattr(c.entry(s).event, "check", None) is not None)
    check = c.entry(seq).event.check
    chance = c.state.rules.dungeon.wandering.chance
    meets = 1 if check.total > 1 else 6  # the other side of a 1-in-6
    assert chance == "1-in-6"
    c.dispatch(c.amend_command(seq, dice=[meets] * len(check.dice)))
    with LogReader(c.store.path) as log:
        after = recap.markdown(kept.build("t", log, None)[0])
        assert after == _fresh(log, None)
    assert after != before
    c.close()


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_a_change_of_language_is_not_served_from_the_kept_tallies(saves, lang):
    c = Campaign.create(saves, "t", "dyb-og-drager", 7)
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(c.start_session_command())
    c.dispatch(dun.EnterDungeon("Crypt"))
    for _ in range(12):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    kept = recap.Recapper()
    with LogReader(c.store.path) as log:
        kept.build("t", log, None)
        with i18n.using(lang):
            assert recap.markdown(kept.build("t", log, None)[0]) == _fresh(log, None)
    c.close()
