"""A correction in force reads as its entry would, recorded that way, and
leaves the campaign as if it had been (gm-review5 R4, R5, C2).

- R4: a corrected hasty exit's line keeps the save modifiers, each target,
  who saved and who failed, and each fate; a character corrected into a
  success keeps no Doom roll.
- R5: a correction's line says what time passing did at its entry (a light
  going out, rations eaten or spoiled), in the CLI's log and the app's list
  (a sketched list settled a part at a time says the same).
- C2: a save corrected from a success into a failure rolls the Doom die it
  now needs from the seed, or takes it from --dice; the preview says so.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker import history
from tracker.history import Settling, entries, rows_read, sketch_rows, with_tail
from tracker.service import Campaign, LogReader

PARTY = [("add-character", "Wren", "--class", "fighter", "--abilities", "14,10,9,12,13,8"),
         ("add-character", "Bram", "--class", "thief", "--abilities", "10,10,9,16,13,8")]


def _hasty(cli, name: str, dice: str) -> int:
    cli("new", name, "--ruleset", "dolmenwood", "--seed", "1")
    for argv in PARTY:
        cli("do", name, *argv)
    cli("do", name, "enter-dungeon", "B", "--depth", "3")
    cli("do", name, "leave-dungeon", "--hasty", "--dice", dice)
    return 6  # the hasty exit's entry


def _line(cli, name: str, seq: int) -> str:
    return next(line for line in cli("log", name).splitlines()
                if line.split() and line.split()[0] == str(seq))


def _comparable(saves, name: str) -> dict:
    """The campaign's state but for what only says how it was written."""
    c = Campaign.open(saves, name)
    try:
        data = msgspec.to_builtins(c.state)
    finally:
        c.close()
    for key in ("name", "last_done", "redo", "corrections", "ruleset"):
        data.pop(key, None)
    return data


def test_a_corrected_hasty_exit_reads_as_the_original_did(cli):
    seq = _hasty(cli, "h", "18,5,3")
    said = cli("do", "h", "amend", str(seq), "--dice", "17,4,2")
    line = _line(cli, "h", seq + 2)
    for part in ("Corrected #6: Hasty exit, save versus Doom (level 3 -2):",
                 "Wren 1d20=[17] typed-2 vs 12 saved",
                 "Bram 1d20=[4] typed-2 vs 13 failed doom 1d10=[2] typed: escaped at 1 HP",
                 "(HP set to 1)"):
        assert part in line, line
        assert part in said, said  # the line `do` prints too


def test_a_save_corrected_into_a_success_keeps_no_doom_roll(cli, saves):
    seq = _hasty(cli, "h", "18,5,3")
    cli("do", "h", "amend", str(seq), "--dice", "17,15")
    line = _line(cli, "h", seq + 2)
    assert "Bram 1d20=[15] typed-2 vs 13 saved" in line and "doom" not in line, line
    _hasty(cli, "fresh", "17,15")
    assert _comparable(saves, "h") == _comparable(saves, "fresh")


def test_a_save_corrected_into_a_failure_rolls_its_doom_die_from_the_seed(cli, saves):
    seq = _hasty(cli, "h", "18,15")  # both saved: no Doom die was rolled
    c = Campaign.open(saves, "h")
    try:
        cmd = c.amend_command(seq, dice=[5])  # Wren rolled 5, not 18
        seen = c.explain(cmd)
        seeded = [x for x in seen.changes
                  if x.startswith("new dice rolled from the campaign's seed: ")]
        # said once (fix-bastion's preview says it too: one of the two goes at the merge)
        assert len(seeded) == 1 and seeded[0].startswith(
            "new dice rolled from the campaign's seed: 1d10=["), seen.changes
        assert "Wren 1d20=[5] typed-2 vs 12 failed doom 1d10=[" in seen.entry_after
        assert "Bram 1d20=[15] typed-2 vs 13 saved" in seen.entry_after  # kept
        c.dispatch(cmd)
        wren = c.state.dungeon.last_hasty_exit[0]
        assert not wren.saved and wren.doom is not None and not wren.doom.typed
    finally:
        c.close()


def test_the_doom_die_a_failure_needs_is_taken_from_dice(cli, saves):
    seq = _hasty(cli, "h", "18,5,3")
    cli("do", "h", "amend", str(seq), "--dice", "5,3,18")  # Wren failed, Bram saved
    line = _line(cli, "h", seq + 2)
    assert "Wren 1d20=[5] typed-2 vs 12 failed doom 1d10=[3] typed" in line, line
    assert "Bram 1d20=[18] typed-2 vs 13 saved" in line, line
    _hasty(cli, "fresh", "5,3,18")
    assert _comparable(saves, "h") == _comparable(saves, "fresh")
    cli("do", "h", "amend", str(seq), "--dice", "5,3,18,4", code=1)  # one too many


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.lists(st.integers(1, 20), min_size=2, max_size=2),
       second=st.lists(st.integers(1, 20), min_size=2, max_size=2),
       dooms=st.lists(st.integers(1, 10), min_size=2, max_size=2))
def test_a_corrected_hasty_exit_is_the_exit_recorded_so(cli, saves, first, second, dooms):
    """Any hasty exit corrected into any other leaves the campaign, and the
    line in force, as the other recorded in the first place would."""

    def typed(saves_: list[int]) -> list[int]:  # a failure's Doom die after its save
        out = []
        for i, s in enumerate(saves_):
            out.append(s)
            if s - 2 < (12 if i == 0 else 13):
                out.append(dooms[i])
        return out
    tag = "".join(map(str, first + second + dooms))
    was, fresh = f"w{tag}", f"f{tag}"
    if (saves / f"{was}.campaign").exists():
        return  # an example hypothesis tries again
    seq = _hasty(cli, was, ",".join(map(str, typed(first))))
    now = typed(second)
    if now == typed(first):
        return  # that corrects nothing
    cli("do", was, "amend", str(seq), "--dice", ",".join(map(str, now)))
    _hasty(cli, fresh, ",".join(map(str, now)))
    assert _comparable(saves, was) == _comparable(saves, fresh)
    corrected = _line(cli, was, seq + 2).split("Corrected #6: ", 1)[1]
    assert corrected == _line(cli, fresh, seq).split("08:00", 1)[1].strip()


# -- R5: what time passing did, on the correction's line ---------------------------------------

def _delve(cli, name: str = "m") -> None:
    cli("new", name, "--ruleset", "dolmenwood", "--seed", "3")
    cli("do", name, *PARTY[0])
    cli("do", name, "supplies", "torches", "2")
    cli("do", name, "enter-dungeon", "Deep")
    cli("do", name, "light", "torch", "--by", "Wren")  # 6
    cli("do", name, "turn", "--count", "5", "--dice", "3,3")  # 7-11
    cli("do", name, "rest", "--dice", "4")  # 12: the torch goes out


def test_an_inserted_turn_tells_when_the_light_went_out(cli):
    _delve(cli)
    cli("do", "m", "amend", "6", "--insert-turn", "search")
    log = cli("log", "m").splitlines()
    standing = [x for x in log if "went out" in x and "(corrected by" not in x]
    assert len(standing) == 1 and "Corrected #11:" in standing[0], log[-9:]


def test_a_dice_correction_keeps_its_consequences(cli):
    _delve(cli)
    cli("do", "m", "amend", "12", "--dice", "5")
    line = _line(cli, "m", 13)
    assert line.endswith("Corrected #12: Turn: rest; check 1d6=[5] typed quiet — "
                         "Wren's torch (#2) went out"), line


def test_rations_eaten_are_told_on_the_correction(cli):
    cli("new", "r", "--ruleset", "dolmenwood", "--seed", "3")
    cli("do", "r", *PARTY[0])
    cli("do", "r", "supplies", "preserved", "4")
    cli("do", "r", "rounds", "5000")  # 5: to 21:53
    cli("do", "r", "rounds", "1000")  # 6: past midnight, a ration eaten
    assert _line(cli, "r", 6).endswith("— 1 ration eaten")
    cli("do", "r", "amend", "5", "--set", "rounds=6000")  # 5 now crosses midnight
    assert _line(cli, "r", 7).endswith("Corrected #5: 6,000 combat rounds (60,000 s) — "
                                       "1 ration eaten")
    assert "eaten" not in _line(cli, "r", 6)


def test_the_app_list_settled_in_parts_reads_the_corrections_as_the_cli(cli, saves, monkeypatch):
    _delve(cli)
    cli("do", "m", "amend", "6", "--insert-turn", "search")
    cli("do", "m", "turn", "--count", "3")
    monkeypatch.setattr(history, "CHUNK", 4)
    with LogReader(saves / "m.campaign") as log:
        whole = [e.text for e in entries(list(log.read()), log.timeline)]
    assert any("Corrected #11:" in t and "went out" in t for t in whole)
    head = len(whole)
    for start in (1, head - 3, head - 9):  # the screen's tail read first, or none
        with LogReader(saves / "m.campaign") as log:  # a fresh timeline
            rows = list(log.rows())
            found = sketch_rows(rows, log.decoded)
            if start > 1:
                found = with_tail(found, entries(list(log.read(start, head)), log.timeline,
                                                 log.state_at(start - 1)))
            parts = Settling(found, rows_read(rows, found), log.timeline, log.state_at(head))
            assert parts.settle_all()
            assert [e.text for e in found] == whole, start


def test_the_preview_tells_what_the_moved_entries_will_say(cli, saves):
    _delve(cli)
    c = Campaign.open(saves, "m")
    try:
        seen = c.explain(c.amend_command(6, insert=("turn", "search")))
        assert "#11 moves with it and will read: Turn: explore; check 1d6=[4] typed quiet — " \
            "Wren's torch (#2) went out" in seen.changes, seen.changes
        assert "#12 moves with it and will read: Turn: rest" in seen.changes
        seen = c.explain(c.amend_command(12, dice=[5]))
        assert seen.entry_after == "Turn: rest; check 1d6=[5] typed quiet — " \
            "Wren's torch (#2) went out"
    finally:
        c.close()


def test_do_sums_up_the_many_entries_a_correction_moves(cli):
    _delve(cli)
    cli("do", "m", "turn", "--count", "5")  # 13-17: more turns the insertion moves
    said = cli("do", "m", "amend", "6", "--insert-turn", "search").splitlines()
    assert said[0].startswith("#18 Corrected #6: Lit a torch carried by Wren; Turn: search")
    assert "#23 Corrected #11: Turn: explore; check 1d6=[4] typed quiet — " \
        "Wren's torch (#2) went out" in said
    assert said[-1] == "… and 10 later entries moved with it (#19-#29): tracker log lists them"
    assert len([x for x in cli("log", "m").splitlines() if "Corrected #" in x]) == 12
