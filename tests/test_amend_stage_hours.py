"""D&D 2024: a stage's hours (or terrain) corrected gives what entering the
stage so would have given (gm-review3 R18): the extended-travel saves of the
hours it now takes, at their DCs (5e2024.md §5.4: DC 10 + 1 per hour past the
8th), the dice of the hours it had kept, those of the hours it gains rolled
(typed with --dice, or asked for with manual dice), and the exhaustion they
bring. One undo takes it back.

Before, `amend N --set hours=10` kept the old saves: an 8-h stage made 10 h
had none, a 9.6-h stage made 12 h kept its single DC 11 save. (Since
gm-review7 R4 a stage that strays keeps the hours the GM set: its way is
longer, and the saves are those of its hours only.)"""

from __future__ import annotations

import json
import re

import pytest

from tracker.cli import main
from tracker.core.campaign import SetManualDice
from tracker.core.dice import DiceNeeded
from tracker.core.engine import Undo


@pytest.fixture
def cli(saves, capsys):
    def run(*argv, ok=True):
        code = main(["--lang", "en", *argv])
        said = capsys.readouterr()
        assert (code == 0) == ok, said
        return said.out + said.err
    return run


def _stage(cli, dice: str, hours: int = 8) -> int:
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "2")
    cli("do", "c", "add-character", "Cy", "--class", "fighter", "--abilities",
        "15,14,13,10,12,8")
    cli("do", "c", "supplies", "rations", "10")
    cli("do", "c", "terrain", "forest")
    out = cli("do", "c", "travel", "--hours", str(hours), "--no-camp", "--dice", dice)
    return int(re.search(r"#(\d+) Stage", out).group(1))


def _state(cli) -> dict:
    return json.loads(cli("state", "c", "--json"))


def test_a_strayed_stage_made_longer_rolls_the_saves_of_its_new_hours(cli):
    seq = _stage(cli, "1,2,15", hours=9)  # strayed: the way 20% longer; 9 h, one save of 15
    out = cli("do", "c", "amend", str(seq), "--set", "hours=11", "--dice", "3,4")
    assert re.findall(r"vs DC (\d+)", out) == ["11", "12", "13"]  # 11 h: straying adds none
    assert re.findall(r"save 1d20=\[(\d+)\]", out) == ["15", "3", "4"]  # 15 kept
    state = _state(cli)
    assert state["travel"]["hours_today"] == pytest.approx(11)
    assert state["party"][0]["exhaustion"] == 2  # DC 12 and 13 failed
    cli("undo", "c")
    state = _state(cli)
    assert state["travel"]["hours_today"] == pytest.approx(9)
    assert state["party"][0]["exhaustion"] == 0


def test_a_stage_on_course_made_longer_rolls_saves_from_the_seed(cli):
    seq = _stage(cli, "15")
    out = cli("do", "c", "amend", str(seq), "--set", "hours=10")
    assert re.findall(r"vs DC (\d+)", out) == ["11", "12"]
    assert _state(cli)["travel"]["hours_today"] == pytest.approx(10)


def test_a_stage_made_shorter_drops_the_saves_of_the_hours_it_lost(cli):
    seq = _stage(cli, "15,20,1,20,20", hours=12)  # DC 11-14, DC 12 failed
    assert _state(cli)["party"][0]["exhaustion"] == 1
    out = cli("do", "c", "amend", str(seq), "--set", "hours=9")
    assert re.findall(r"vs DC (\d+)", out) == ["11"]
    assert re.findall(r"save 1d20=\[(\d+)\]", out) == ["20"]
    assert _state(cli)["party"][0]["exhaustion"] == 0


def test_a_stage_moved_to_harder_terrain_strays_and_saves_none(cli):
    """Coastal (navigation DC 5) corrected to forest (DC 15): a 10 on the die
    now strays, so the stage's way is longer (its delay rolled); the day keeps
    its 8 hours and no save comes of it (gm-review7 R4)."""
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "2")
    cli("do", "c", "add-character", "Cy", "--class", "fighter", "--abilities",
        "15,14,13,10,12,8")
    cli("do", "c", "supplies", "rations", "10")
    cli("do", "c", "terrain", "coastal")
    out = cli("do", "c", "travel", "--hours", "8", "--no-camp", "--dice", "10")
    seq = int(re.search(r"#(\d+) Stage", out).group(1))
    out = cli("do", "c", "amend", str(seq), "--set", "terrain=forest", "--dice", "5")
    assert "the way 50% longer" in out and "vs DC" not in out
    assert _state(cli)["travel"]["hours_today"] == pytest.approx(8)


def test_rolling_by_hand_the_new_saves_are_asked_for(make):
    """The app's field dialog (f) asks for the dice as amend_command wants them."""
    from tracker.core.party import AddCharacter
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Cy", "fighter", 1, (15, 14, 13, 10, 12, 8)))
    from tracker.core.travel.rules import SetTerrain, TravelDay
    c.dispatch(SetTerrain("forest"))
    c.dispatch(TravelDay(hours=8, camp=False), [15])
    seq = c.seq
    c.dispatch(SetManualDice(True))
    with pytest.raises(DiceNeeded) as need:
        c.amend_command(seq, fields={"hours": "10"})
    assert (need.value.group.count, need.value.group.sides) == (1, 20)
    c.dispatch(c.amend_command(seq, [20, 20], fields={"hours": "10"}))
    ev = c.entry_events(seq)[0]
    assert [r.total for _n, r, _m in ev.saves] == [20, 20]
    assert c.state.travel.hours_today == 10
    c.dispatch(Undo())
    assert c.state.travel.hours_today == 8


def test_a_stage_corrected_to_slow_pace_rolls_its_check_with_advantage(cli):
    """Slow pace gives the navigation check advantage (5e2024.md §5.8): its die
    kept, a second one added; on course now, the way is as long as it was."""
    seq = _stage(cli, "1,2")  # strayed: the way 20% longer
    out = cli("do", "c", "amend", str(seq), "--set", "pace=slow", "--dice", "20")
    assert "2d20kh1=[1,20]=20" in out and "on course" in out
    assert "longer" not in out
    assert _state(cli)["travel"]["days"][-1]["strayed"] is False
    cli("undo", "c")
    assert _state(cli)["travel"]["days"][-1]["strayed"] is True


async def test_the_apps_field_correction_asks_for_the_new_saves(make, saves):
    """Log screen, f on the stage, hours → 10: with manual dice on, the two
    saves it gains are asked for, then recorded as the CLI records them."""
    from support.pilot import SIZE, settle
    from tracker.core.campaign import SetLanguage
    from tracker.core.party import AddCharacter
    from tracker.core.travel.rules import SetTerrain, TravelDay
    from tracker.service import Campaign
    from tracker.ui.app import TrackerApp
    from tracker.ui.widgets.log_view import LogView

    c = make("dnd-2024")
    c.dispatch(AddCharacter("Cy", "fighter", 1, (15, 14, 13, 10, 12, 8)))
    c.dispatch(SetTerrain("forest"))
    c.dispatch(TravelDay(hours=8, camp=False), [15])
    seq = c.seq
    c.dispatch(SetManualDice(True))
    c.dispatch(SetLanguage("en"))
    c.close()
    app = TrackerApp(saves, "c")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # start session 1
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await app.workers.wait_for_complete()
        view = app.screen.query_one(LogView)
        view.cursor = [e.seq for e in view.entries].index(seq)
        await pilot.pause()
        await pilot.press("f")
        await settle(pilot)
        fields = [str(o.prompt) for o in app.screen.query_one("OptionList").options]
        await pilot.press(*["down"] * next(i for i, f in enumerate(fields)
                                           if f.lower().startswith("hours")), "enter")
        await settle(pilot)
        await pilot.press("backspace", "backspace", "1", "0", "enter")
        await settle(pilot)
        for _save in range(2):  # the two saves it gains, asked for one by one
            await pilot.press("2", "0", "enter")
            await settle(pilot)
        shown = str(app.screen.query_one("#dialog-help").render())
        assert "vs DC 12" in shown
        await pilot.press("enter")  # record it
        await settle(pilot)
    again = Campaign.open(saves, "c")
    ev = again.entry_events(seq, again.state)[0]
    assert ev.hours == 10 and [r.dice for _n, r, _m in ev.saves] == [(20,), (20,)]
    again.close()


def test_a_stage_corrected_to_end_in_camp_frees_the_next_stage_of_its_saves(cli):
    """The stage after it begins the next day, at hour 0: its saves go."""
    seq = _stage(cli, "15")
    out = cli("do", "c", "travel", "--hours", "2", "--no-camp", "--dice", "15,1,1")
    assert re.findall(r"vs DC (\d+)", out) == ["11", "12"]
    out = cli("do", "c", "amend", str(seq), "--set", "camp=yes")
    assert "vs DC" not in out.strip().splitlines()[-1]
    state = _state(cli)
    assert state["travel"]["hours_today"] == pytest.approx(2)
    assert state["party"][0]["exhaustion"] == 0
