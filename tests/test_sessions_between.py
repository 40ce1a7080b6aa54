"""Play between two sessions belongs to neither (gm-review F6): after
"Session 1 ended" and before session 2 starts, an entry is in no session
(0, as before the first): session 1's recap, its export and the log's
session column and filter leave it out."""

from tracker import history, recap
from tracker.core.campaign import EndSession, StartSession
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, LeaveDungeon
from tracker.i18n import using


def played(make):
    c = make()
    c.dispatch(StartSession())  # 2
    c.dispatch(EnterDungeon("A"))  # 3
    c.dispatch(AdvanceTurn(2))  # 4, 5
    c.dispatch(LeaveDungeon())  # 6
    c.dispatch(EndSession())  # 7
    c.dispatch(EnterDungeon("B"))  # 8: the next evening, no session started
    c.dispatch(AdvanceTurn(3))  # 9..11
    return c


def test_entries_after_a_session_ended_are_in_none(make):
    c = played(make)
    envs = list(c.store.read())
    assert [e.session for e in envs][6:] == [1, 0, 0, 0, 0]  # "Session 1 ended" is 1's
    r = recap.build(c.name, envs, c.timeline.state_at, [1])
    md = recap.markdown(r)
    assert "A" in md and "B" not in md.split("\n", 1)[1]
    log = history.entries(envs, c.timeline)
    assert [e.session for e in log][6:] == [1, 0, 0, 0, 0]
    assert [e.seq for e in history.filtered(log, 1)] == [2, 3, 4, 5, 6, 7]


def test_the_next_session_starts_after_the_play_between(make):
    c = played(make)
    c.dispatch(StartSession())  # 12
    c.dispatch(AdvanceTurn(1))  # 13
    envs = list(c.store.read())
    assert [e.session for e in envs][11:] == [2, 2]
    assert [e.seq for e in history.filtered(history.entries(envs, c.timeline), 2)] == [12, 13]


def test_outside_sessions_is_named_so(make):
    with using("en"):
        assert recap.session_name(0) == "outside sessions"
        assert recap.session_name(2) == "session 2"
