"""Dolmenwood poor visibility halves the encounter distance (osr.md §8.8):
the day's log line says the distance that holds, as the alert and the
journey do (gm-review F10), a day's travel and an extra encounter check,
in every language."""

from __future__ import annotations

import json

import pytest




def _fog(cli):
    cli("new", "dw", "--ruleset", "dolmenwood", "--seed", "8")
    cli("do", "dw", "add-character", "A", "--class", "fighter", "--abilities",
        "16,12,15,8,10,10")
    cli("do", "dw", "supplies", "preserved", "9")
    cli("do", "dw", "terrain", "bog", "--hex", "0101")
    cli("do", "dw", "weather", "fog", "--effects", "I,V")
    cli("do", "dw", "travel", "--dice", "3,6")  # lost on 3 (2-in-6, +1 for V)


@pytest.mark.parametrize("lang, says", [
    ("en", "120 ft (2d6*30=[2,2]=120 typed), poor visibility: 60 ft"),
    ("da", "dårlig sigt: 60 fod"),
    ("uk", "погана видимість: 60 фт"),
])
def test_the_log_line_says_the_halved_distance(cli, lang, says):
    _fog(cli)
    out = cli("do", "dw", "travel", "--dice", "1,3,3,2,2", lang=lang)
    assert says in out.splitlines()[0]
    assert says in cli("log", "dw", lang=lang).splitlines()[-1]
    day = json.loads(cli("state", "dw", "--json"))["travel"]["days"][-1]
    assert day["encounter_ft"] == 60
    out = cli("do", "dw", "encounter", "--dice", "1,3,3,2,2", lang=lang)
    assert says in out.splitlines()[0]


def test_clear_weather_says_the_distance_once(cli):
    _fog(cli)
    cli("do", "dw", "weather", "clear")
    out = cli("do", "dw", "travel", "--dice", "1,3,3,2,2")
    assert "120 ft (2d6*30=[2,2]=120 typed)" in out and "60 ft" not in out
