"""The CLI's help says what depends on the ruleset as the campaign's ruleset
has it (gm-review7 C10): `tracker do NAME add-character --help` shows the
abilities in that ruleset's order (D&D 2024: STR, DEX, CON, INT, WIS, CHA;
B/X: STR, INT, WIS, DEX, CON, CHA), as the sheet abbreviates them in the
run's language; no help names one ruleset's order for every ruleset."""

from __future__ import annotations

import re

import pytest
from support.cli import said

from tracker import i18n
from tracker.core.party.names import ability_abbreviation
from tracker.service import Campaign

RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_the_abilities_metavar_follows_the_campaigns_ruleset(saves, capsys, rid, lang):
    c = Campaign.create(saves, "c", rid, 1)
    rules = c.state.rules
    c.close()
    with i18n.using(lang, rid):
        order = ",".join(ability_abbreviation(rules, a) for a in rules.party.abilities)
    code, text = said(capsys, "--saves", str(saves), "--lang", lang, "do", "c",
                      "add-character", "--help")
    assert code == 0
    assert f"--abilities {order}" in re.sub(r"\s+", " ", text), text
    if rid == "dnd-2024" and lang == "en":
        assert order == "STR,DEX,CON,INT,WIS,CHA"


def test_no_action_help_names_one_rulesets_ability_order(saves, capsys):
    Campaign.create(saves, "c", "dnd-2024", 1).close()
    code, text = said(capsys, "--saves", str(saves), "--lang", "en", "do", "c", "--help")
    assert code == 0
    assert "S,I,W,D,C" not in text, text


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_refusals_usage_line_follows_the_campaigns_ruleset_too(saves, capsys, lang):
    Campaign.create(saves, "c", "dnd-2024", 1).close()
    code, text = said(capsys, "--saves", str(saves), "--lang", lang, "do", "c", "add-character")
    assert code == 2
    order = {"en": "STR,DEX,CON,INT,WIS,CHA", "uk": "СИЛ,СПР,СТА,ІНТ,МДР,ХАР"}[lang]
    assert f"--abilities {order}" in re.sub(r"\s+", " ", text), text
