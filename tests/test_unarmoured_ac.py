"""D&D 2024: a character without armour has AC 10 + DEX modifier (the
ruleset's `party.ac_ability`), wherever AC is made: the CLI, the app's add
dialog, a correction of the rolled scores; a typed --ac stands; a campaign
whose recorded ruleset has no `ac_ability` keeps AC = ac_base."""

from __future__ import annotations

import json

import pytest

from tracker.cli import main
from tracker.core.party import AddCharacter
from tracker.core.ruleset import load_text
from tracker.store import paths


def _ac(capsys, name="c", who="Ana"):
    assert main(["state", name]) == 0
    party = json.loads(capsys.readouterr().out)["party"]
    return next(p["ac"] for p in party if p["name"] == who)


@pytest.mark.parametrize("dex,ac", [(14, 12), (16, 13), (10, 10), (8, 9)])
def test_cli_unarmoured_ac_takes_the_dex_modifier(saves, capsys, dex, ac):
    assert main(["new", "c", "--ruleset", "dnd-2024"]) == 0
    assert main(["do", "c", "add-character", "Ana", "--class", "fighter",
                 "--abilities", f"15,{dex},13,12,10,8"]) == 0
    assert main(["do", "c", "add-character", "Bo", "--class", "fighter",
                 "--abilities", f"15,{dex},13,12,10,8", "--ac", "18"]) == 0  # armour typed
    capsys.readouterr()
    assert _ac(capsys) == ac
    assert _ac(capsys, who="Bo") == 18


def test_a_corrected_roll_of_the_scores_moves_the_ac(make):
    c = make("dnd-2024")
    # 4d6kh3 per ability, in order str, dex, con, int, wis, cha: DEX 6+6+4 = 16
    rolls = [5, 5, 5, 1] + [6, 6, 4, 1] + [4, 4, 4, 1] * 4
    c.dispatch(AddCharacter("Ana", "fighter", 1, roll_abilities=True), rolls)
    assert c.state.party[0].abilities["dex"] == 16 and c.state.party[0].ac == 13
    fixed = rolls[:4] + [3, 3, 2, 1] + rolls[8:]  # DEX 8
    c.dispatch(c.amend_command(2, fixed + [c.state.party[0].hp_max] * 0))
    assert c.state.party[0].abilities["dex"] == 8 and c.state.party[0].ac == 9


def test_the_dyb_og_drager_and_dolmenwood_acs_are_unchanged(make):
    for rid, base in (("dyb-og-drager", 9), ("dolmenwood", 10)):
        c = make(rid, name=rid)
        c.dispatch(AddCharacter("Ana", "fighter", 1, (12, 12, 12, 16, 12, 12), hp=8))
        assert c.state.party[0].ac == base  # their texts name no ac_ability


def test_an_old_dnd_2024_text_without_ac_ability_keeps_ac_10(saves):
    """An old campaign's recorded ruleset has no `ac_ability`: it replays as it did."""
    text = paths.read_ruleset_file(paths.ruleset_file("dnd-2024"))
    old = text.replace('ac_ability = "dex"', "", 1)
    assert old != text
    assert load_text(old).rules.party.ac_ability == ""
    from tracker.core.party.sheet import unarmoured_ac

    assert unarmoured_ac(load_text(old).rules.party, {"dex": 16}) == 10
    assert unarmoured_ac(load_text(text).rules.party, {"dex": 16}) == 13


def test_an_ac_ability_that_is_no_ability_is_refused_at_load():
    from tracker.core.errors import Refused

    text = paths.read_ruleset_file(paths.ruleset_file("dnd-2024"))
    with pytest.raises(Refused, match="ac_ability"):
        load_text(text.replace('ac_ability = "dex"', 'ac_ability = "agility"', 1))


async def test_the_apps_party_table_shows_the_dex_ac(make, saves):
    from support.i18n import screen_text
    from tracker.ui.app import TrackerApp

    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", 1, (15, 14, 13, 12, 10, 8)))
    c.close()
    text = await screen_text(TrackerApp(saves, "c"), ["enter", "4"])
    line = next(line for line in text.splitlines() if "Ana" in line)
    assert " 12 " in line and " 10 " not in line, line
