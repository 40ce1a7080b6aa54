"""The log screen's list, extended by the entries a keystroke adds, equals the
list built whole (issue 22): undo and redo marks on older entries, and a
correction or rewind rebuilt whole."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from tracker.core.campaign import AddNote
from tracker.history import entries, extended
from tracker.service import Campaign, LogReader

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from mixed import generate_mixed  # noqa: E402


def _seen(es):
    # with the characters each entry names or touched (history._touch)
    return [(e.as_json(), tuple(e.names)) for e in es]


def _grow_one_by_one(path: Path, start: int) -> tuple[int, int]:
    """Extend entry by entry from ``start``, as the screen does after each
    keystroke; every list must equal the whole rebuild. Returns how many steps
    were extended and how many rebuilt whole."""
    grown = rebuilt = 0
    with LogReader(path) as log:
        envs = list(log.read())
        shown = entries(envs[:start], log.timeline)
        for k in range(start + 1, len(envs) + 1):
            got = extended(shown, envs[len(shown):k], log.timeline, log.state_at(len(shown)))
            whole = entries(envs[:k], log.timeline)
            if got is None:
                rebuilt += 1
                got = whole
            else:
                grown += 1
            assert _seen(got) == _seen(whole), f"after entry #{k}"
            shown = got
    return grown, rebuilt


def test_a_mixed_campaign_grown_entry_by_entry_equals_the_whole_list(tmp_path):
    saves = generate_mixed(260, tmp_path)  # turns, travel, chase, bastion, corrections, undos
    grown, rebuilt = _grow_one_by_one(saves / "bench.campaign", 120)
    assert grown > 0 and rebuilt > 0  # both paths were taken


def test_undo_and_redo_mark_the_older_entries(tmp_path):
    c = Campaign.create(tmp_path, "u", "dyb-og-drager", 1)
    for i in range(4):
        c.dispatch(AddNote(f"note {i}"))
    start = c.seq
    c.undo()
    c.undo()
    c.redo()
    c.dispatch(AddNote("after"))  # clears the redo stack
    c.undo()
    c.close()
    grown, rebuilt = _grow_one_by_one(tmp_path / "u.campaign", start)
    assert (grown, rebuilt) == (5, 0)
    with LogReader(tmp_path / "u.campaign") as log:
        marks = [e.undone for e in entries(list(log.read()), log.timeline)]
    assert marks[start - 1] and not marks[start - 2]  # note 3 undone; note 2 undone, then redone


def test_a_rewind_undone_and_redone_brings_back_and_takes_away_its_corrections(tmp_path):
    """Undoing a rewind brings back the corrections it went back past: the
    list grown by that undo must show them again (it kept them gone)."""
    from tracker.core import dungeon as dun

    c = Campaign.create(tmp_path, "r", "dyb-og-drager", 1)
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    turns = [c.dispatch(dun.AdvanceTurn(1, "explore")).envelopes[0].seq for _ in range(5)]
    c.dispatch(c.amend_command(turns[3], fields={"activity": "search"}))
    start = c.seq
    c.dispatch(c.rewind_command(turns[1]))
    c.undo()
    c.redo()
    c.undo()
    c.close()
    _grow_one_by_one(tmp_path / "r.campaign", start)


# -- the sketch: the whole list from the events alone, settled by a replay later --------

def _what_the_sketch_tells(e):
    """Everything a sketched entry already shows: all but the game time, what
    time passing did, the lines that quote the state and the characters it
    touched without naming them (its names: its events' own)."""
    from tracker.history import DESCRIBED_WITH_STATE

    line = None if type(e.event) in DESCRIBED_WITH_STATE else e.line
    own = e.names[:getattr(e.names, "base", len(e.names))]
    return (e.seq, e.session, e.command_id, e.type, e.area, e.undone, e.corrected_by,
            own, [(r.expr, r.dice, r.total) for r in e.dice], e.rules, line)


def _sketch_matches_the_replay(path: Path) -> int:
    import shutil
    import tempfile

    from tracker.history import settle, sketch, sketch_rows, with_tail

    with tempfile.TemporaryDirectory() as d:  # the file itself is not touched
        copy = Path(d) / path.name
        shutil.copy(path, copy)
        with LogReader(copy) as log:
            envs = list(log.read())
            whole = entries(envs, log.timeline)
        with LogReader(copy) as log:  # a fresh timeline: nothing remembered
            quick = sketch(envs)
            assert quick is not None
            assert [_what_the_sketch_tells(e) for e in quick] == \
                [_what_the_sketch_tells(e) for e in whole]
            assert all(e.clock is None and e.game_time == "" for e in quick)
            assert settle(quick, envs, log.timeline)
            assert _seen(quick) == _seen(whole)  # settled in place: the whole list
        with LogReader(copy) as log:  # the screen's: from the rows, few events decoded
            quick = sketch_rows(list(log.rows()), log.decoded)
            assert [_what_the_sketch_tells(e) for e in quick] == \
                [_what_the_sketch_tells(e) for e in whole]
            assert settle(quick, list(log.read()), log.timeline)
            assert _seen(quick) == _seen(whole)
        for start in range(2, len(envs), max(1, len(envs) // 7)):  # tails of every length
            with LogReader(copy) as log:
                tail = entries(envs[start - 1:], log.timeline, log.state_at(start - 1))
                quick = with_tail(sketch(envs), tail)
                assert [_what_the_sketch_tells(e) for e in quick] == \
                    [_what_the_sketch_tells(e) for e in whole]
                taken = [e for e in quick if e.clock is not None]  # from the tail: settled
                assert taken and _seen(taken) == _seen(whole[-len(taken):])
                assert settle(quick, envs, log.timeline)
                assert _seen(quick) == _seen(whole)
    return len(envs)


def _turns_of_a_campaign_with_everything(tmp_path: Path) -> Path:
    """Sessions begun, ended, undone and redone; house rules and their undo; a
    rewind into an earlier session; corrections, one undone; a chase (its lines
    quote the state)."""
    from tracker.core import chase, dungeon as dun, lights, party, supplies
    from tracker.core.campaign import ChangeHouseRule, EndSession, StartSession

    c = Campaign.create(tmp_path, "all", "dnd-2024", 3)
    for name in ("Ana", "Bo"):
        c.dispatch(party.AddCharacter(name, "fighter", 3, (14, 12, 14, 10, 10, 10), hp=20))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(StartSession())
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    turns = [c.dispatch(dun.AdvanceTurn(1, "explore")).envelopes[0].seq for _ in range(4)]
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "3"))
    c.dispatch(dun.AdvanceTurn(1, "explore"))
    c.undo()  # the turn
    c.undo()  # the house rule
    c.redo()  # the house rule again
    c.dispatch(c.amend_command(turns[1], fields={"activity": "search"}))
    c.dispatch(dun.AdvanceTurn(1, "rest"))
    c.dispatch(c.amend_command(turns[2], fields={"activity": "search"}))
    c.undo()  # the second correction
    c.dispatch(dun.LeaveDungeon())
    c.dispatch(EndSession())
    back_to = c.seq
    c.dispatch(StartSession())
    c.dispatch(chase.StartChase())
    c.dispatch(chase.JoinChase("Ana"))
    c.dispatch(chase.JoinChase("Wolf", side="pursuer", speed=40))
    for _ in range(3):
        c.dispatch(chase.TakeTurn())
    c.dispatch(chase.EndChase("escaped"))
    c.undo()  # the chase's end
    c.dispatch(EndSession())
    c.undo()  # the session's end
    c.dispatch(c.rewind_command(back_to))  # into session 1 again
    c.dispatch(StartSession())
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "4"))
    c.close()
    return tmp_path / "all.campaign"


def test_the_sketch_tells_what_the_replay_does_and_settles_into_the_whole_list(tmp_path):
    assert _sketch_matches_the_replay(_turns_of_a_campaign_with_everything(tmp_path)) > 30
    mixed = generate_mixed(400, tmp_path)  # turns, travel, chase, bastion, corrections, undos
    assert _sketch_matches_the_replay(mixed / "bench.campaign") >= 400


def test_the_sketch_of_every_generation_of_old_campaigns_matches_its_replay():
    root = Path(__file__).resolve().parent / "data" / "generations"
    found = sorted(root.glob("*/*.campaign"))
    assert len(found) >= 12
    for path in found:
        _sketch_matches_the_replay(path)


def test_a_sketch_stopped_part_way_is_still_a_sketch(tmp_path):
    from tracker.history import settle, sketch

    path = generate_mixed(260, tmp_path) / "bench.campaign"
    with LogReader(path) as log:
        envs = list(log.read())
        quick = sketch(envs)
        calls = []
        assert not settle(quick, envs, log.timeline, stop=lambda: calls.append(1) or True)
        assert calls and quick[-1].clock is None


def test_the_screen_s_filters_keep_exactly_the_entries_that_match(tmp_path):
    from tracker.history import filtered

    path = _turns_of_a_campaign_with_everything(tmp_path)
    with LogReader(path) as log:
        es = entries(list(log.read()), log.timeline)
    sessions = [None, *sorted({e.session for e in es})]
    areas = [None, *sorted({e.area for e in es})]
    names = [None, "ana", "Wolf", "nobody"]
    for s in sessions:
        for a in areas:
            for c in names:
                for t in (None, "turn", "TORCH", "zzz"):
                    want = [e for e in es if e.matches(s, a, c, t)]
                    assert filtered(es, s, a, c, t) == want, (s, a, c, t)


# -- settled a part at a time, the GM's view first (history.Settling) ------------------

def _settled_in_parts(path: Path, chunk: int, order: list[int], monkeypatch, tail_at=None):
    """The list sketched, then settled a part at a time in ``order`` (each
    number picks one of the parts left, as the GM's view would), each part from
    the state before it; against the whole replay's list, entry for entry."""
    from tracker import history
    from tracker.history import Settling, rows_read, sketch_rows, with_tail

    monkeypatch.setattr(history, "CHUNK", chunk)
    with LogReader(path) as log:
        envs = list(log.read())
        whole = entries(envs, log.timeline)
    with LogReader(path) as log:  # a fresh timeline: each part from what it finds
        rows = list(log.rows())  # as the screen reads it
        quick = sketch_rows(rows, log.decoded)
        if tail_at and tail_at < len(envs):
            quick = with_tail(quick, entries(envs[tail_at - 1:], log.timeline,
                                              log.state_at(tail_at - 1)))
        parts = Settling(quick, rows_read(rows, quick), log.timeline, log.state_at(len(envs)))
        for pick in order:
            if parts.done:
                break
            left = parts._todo
            assert parts.settle(parts.next_part([left[pick % len(left)][1]]))
        assert parts.settle_all()
        assert _seen(quick) == _seen(whole)
        return parts


def _a_torch_burning_out_sooner_as_corrected(tmp_path: Path) -> Path:
    """A forgotten turn inserted early: the torch now burns out a turn sooner,
    so a later entry's words ("— Torch ... burned out") are the corrected log's,
    not the ones written."""
    from tracker.core import dungeon as dun, lights, party, supplies

    c = Campaign.create(tmp_path, "burns", "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(supplies.SetSupplies("torches", 3))
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    turns = [c.dispatch(dun.AdvanceTurn(1, "explore")).envelopes[0].seq for _ in range(8)]
    for i in range(12):
        c.dispatch(AddNote(f"note {i}"))
    c.dispatch(c.amend_command(turns[1], insert=("turn", "rest")))
    c.close()
    return tmp_path / "burns.campaign"


def test_settled_part_by_part_in_any_order_is_the_whole_list(tmp_path, monkeypatch):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    everything = _turns_of_a_campaign_with_everything(tmp_path)
    mixed = generate_mixed(400, tmp_path) / "bench.campaign"  # corrections, undos, rewinds
    burns = _a_torch_burning_out_sooner_as_corrected(tmp_path)
    old = [Path(shutil.copy(p, tmp_path / f"{p.parent.name}-{p.name}"))  # a copy: never opened in place
           for p in sorted((Path(__file__).resolve().parent / "data" / "generations")
                           .glob("*/*.campaign"))[:6]]

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(path=st.sampled_from([burns, everything, mixed, *old]), chunk=st.integers(1, 60),
           order=st.lists(st.integers(0, 50), max_size=12), tail=st.integers(0, 40))
    def check(path, chunk, order, tail):
        _settled_in_parts(path, chunk, order, monkeypatch, tail_at=tail or None)
    check()


def test_parts_before_every_corrected_entry_settle_alone(tmp_path, monkeypatch):
    """Without a correction in force every part is settled from its own start;
    with one, the parts before the corrected entry are the log's as written
    (``exact_to``), and those after it are parts of their own too (seventh
    pass: before, the entries from the corrected one on were one part)."""
    from tracker.core.campaign import AddNote as Note

    c = Campaign.create(tmp_path, "p", "dyb-og-drager", 1)
    for i in range(30):
        c.dispatch(Note(f"note {i}"))
    c.close()
    parts = _settled_in_parts(tmp_path / "p.campaign", 5, [3, 1], monkeypatch)
    assert parts.exact_to == 31  # the campaign's first entry and 30 notes
    everything = _turns_of_a_campaign_with_everything(tmp_path)
    with LogReader(everything) as log:
        final = log.state_at(log.head())
    parts = _settled_in_parts(everything, 5, [2, 0], monkeypatch)
    assert final.corrections and parts.exact_to == min(final.corrections) - 1


def _counting_steps(monkeypatch) -> list[int]:
    """Every entry folded from here on, by the list's settle and by a refold."""
    from tracker import history
    from tracker.core.timeline import fold

    folded = [0]
    for module in (history, fold):
        real = module.step

        def counted(*a, _real=real, **k):
            folded[0] += 1
            return _real(*a, **k)
        monkeypatch.setattr(module, "step", counted)
    return folded


def test_a_jump_into_a_corrected_log_settles_about_one_part(tmp_path, monkeypatch):
    """The mixed campaign corrects a recent turn every 50 commands and undoes
    every 40th, so the earliest correction in force is near its start: a jump
    to 9/10 of the list settled the whole log after it (100k entries: 6 s)
    before its lines had their game times. Now the part in view is settled
    from the state before it, and only its entries whose states the
    corrections in force read otherwise are refolded: it folds about one
    part, and reads exactly as the whole list does, whatever part comes next."""
    from tracker import history
    from tracker.history import Settling, rows_read, sketch_rows

    monkeypatch.setattr(history, "CHUNK", 100)
    path = generate_mixed(1500, tmp_path) / "bench.campaign"
    with LogReader(path) as log:
        whole = entries(list(log.read()), log.timeline)
        final = log.state_at(log.head())
    n = len(whole)
    assert final.corrections and min(final.corrections) < n // 10
    for at in (n * 9 // 10, n // 2, n - 1):
        with LogReader(path) as log:  # a fresh timeline, as the screen's worker has
            rows = list(log.rows())
            quick = sketch_rows(rows, log.decoded)
            parts = Settling(quick, rows_read(rows, quick), log.timeline, log.state_at(n))
            part = parts.next_part([at])
            assert part[0] <= at <= part[1] and part[1] - part[0] < 100
            folded = _counting_steps(monkeypatch)
            assert parts.settle(part)
            monkeypatch.undo()
            monkeypatch.setattr(history, "CHUNK", 100)
            assert folded[0] < 3 * 100, folded[0]
            lo, hi = part
            assert _seen(quick[lo - 1:hi]) == _seen(whole[lo - 1:hi])
            assert parts.settle_all()
            assert _seen(quick) == _seen(whole)


def test_a_part_settled_alone_reads_corrections_made_after_it(tmp_path, monkeypatch):
    """A correction made long after the entry it corrects: the entries between
    them read, as the whole list does, what the corrected log led to; a part
    among them refolds from the nearest state that holds exactly the
    corrections in force, in whatever order the parts come."""
    from tracker import history

    burns = _a_torch_burning_out_sooner_as_corrected(tmp_path)
    for chunk in (1, 2, 3, 7):
        for order in ([5, 4, 3, 2, 1, 0], [0], [9, 2, 7]):
            _settled_in_parts(burns, chunk, order, monkeypatch)
    monkeypatch.setattr(history, "CHUNK", 1000)


def _standing_as_before(envs) -> set[int]:
    """``history.standing`` as the sixth pass wrote it (a dict of every entry)."""
    from tracker.core.timeline.entries import Redone, Rewound, Undone

    head_after, behind, head = {}, {}, 0
    for env in envs:
        ev = env.event
        if isinstance(ev, Undone):
            head = head_after.get(ev.first_seq - 1, 0)
        elif isinstance(ev, Redone):
            head = head_after.get(ev.last_seq, 0)
        elif isinstance(ev, Rewound):
            head = head_after.get(ev.to_seq, 0)
        else:
            behind[env.seq], head = head, env.seq
        head_after[env.seq] = head
    out = set()
    while head:
        out.add(head)
        head = behind[head]
    return out


def test_the_entries_standing_are_found_from_the_entries_about_entries_alone(tmp_path):
    """``standing`` looks only at undos, redos and rewinds (seventh pass): the
    same entries stand as when every entry was walked, on any log, from its
    start or from part way (a tail), whatever the undos, redos and rewinds."""
    from types import SimpleNamespace as NS

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tracker.core.timeline.entries import Redone, Rewound, Undone
    from tracker.history import standing

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.tuples(st.sampled_from("pppuudrw"), st.integers(0, 30), st.integers(0, 5)),
                    max_size=60), st.integers(1, 20))
    def check(script, first):
        envs = []
        for i, (what, back, span) in enumerate(script):
            seq = first + i
            to = max(0, seq - 1 - back)
            if what == "u":
                ev = Undone("c", to + 1, min(seq - 1, to + 1 + span), "x")
            elif what == "d":
                ev = Redone("c", to + 1, min(seq - 1, to + 1 + span), "x")
            elif what == "w":
                ev = Rewound(to)
            else:
                ev = None
            if ev is not None and (getattr(ev, "first_seq", 1) < 1 or seq == first):
                ev = None
            envs.append(NS(seq=seq, type=ev.TYPE if ev is not None else "note_added", event=ev))
        assert set(standing(envs)) == _standing_as_before(envs)
        for seq in range(first - 2, first + len(envs) + 2):
            assert (seq in standing(envs)) == (seq in _standing_as_before(envs))
    check()
    for path in (generate_mixed(400, tmp_path) / "bench.campaign",
                 _turns_of_a_campaign_with_everything(tmp_path)):
        with LogReader(path) as log:
            envs = list(log.read())
        for start in (0, 1, len(envs) // 3, len(envs) - 5):
            assert set(standing(envs[start:])) == _standing_as_before(envs[start:])


def test_a_correction_made_long_after_its_entry_refolds_each_part_once(tmp_path, monkeypatch):
    """Every logged state between an early entry and its correction, made at
    the end, holds other corrections than those in force: each part there is
    refolded. Settled in order, each part's refold goes on from where the last
    one ended, not from the corrected entry again (which folded the log's
    square over the part's length); the list reads as the whole list does."""
    from tracker import history
    from tracker.core import dungeon as dun, lights, party, supplies
    from tracker.history import Settling, rows_read, sketch_rows

    c = Campaign.create(tmp_path, "late", "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(supplies.SetSupplies("torches", 30))
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    turns = [c.dispatch(dun.AdvanceTurn(1, "explore")).envelopes[0].seq for _ in range(4)]
    for i in range(200):
        if i % 5 == 0:
            c.dispatch(dun.AdvanceTurn(1, "explore"))
        else:
            c.dispatch(AddNote(f"note {i}"))
    c.dispatch(c.amend_command(turns[1], insert=("turn", "rest")))
    c.close()
    path = tmp_path / "late.campaign"
    monkeypatch.setattr(history, "CHUNK", 10)
    with LogReader(path) as log:
        whole = entries(list(log.read()), log.timeline)
    n = len(whole)
    with LogReader(path) as log:
        rows = list(log.rows())
        quick = sketch_rows(rows, log.decoded)
        parts = Settling(quick, rows_read(rows, quick), log.timeline, log.state_at(n))
        refolded = []  # the entries each of the list's refolds replays
        real = history._refold
        monkeypatch.setattr(history, "_refold", lambda h, start, upto, *a, **k: (
            refolded.append(upto - start + 1), real(h, start, upto, *a, **k))[1])
        assert parts.settle_all()
        # the log's own fold of its 43 corrections (the inserted turn moved the
        # later ones) refolds from each corrected entry, as any replay does;
        # the list's refolds are each about a part, from where the last ended
        assert len(refolded) > 10 and sum(refolded) < 2 * n, (refolded, n)
    assert _seen(quick) == _seen(whole)
    _settled_in_parts(path, 10, [15, 3, 9, 0], monkeypatch)  # and out of order
