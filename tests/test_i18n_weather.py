"""The rolled weather in the GM's language (issue 23): the state keeps it in
the ruleset's own words, and the screen, the log and the recap name each table
and row through the ruleset's [names.xx]; weather the GM typed stays as typed."""

from __future__ import annotations

import pytest

from tracker import i18n
from tracker.core.ruleset import load_text
from tracker.core.travel.views import weather_words

from support.i18n import SIZE  # noqa: F401 - the language tests' shared size


@pytest.fixture(scope="module")
def dnd():
    from pathlib import Path
    return load_text((Path(__file__).parents[1] / "rulesets" / "dnd-2024.toml").read_text()).rules


ROLLED = "temperature: 20 °F colder · wind: light · precipitation: heavy rain or heavy snow"


def test_rolled_weather_reads_in_ukrainian_and_stays_english_in_english(dnd):
    with i18n.using("uk"):
        said = weather_words(dnd, ROLLED)
    assert said == "температура: на 20 °F холодніше · вітер: слабкий · опади: сильний дощ або сильний сніг"
    assert weather_words(dnd, ROLLED) == ROLLED


def test_weather_the_gm_typed_stays_as_typed(dnd):
    with i18n.using("uk"):
        assert weather_words(dnd, "fog on the moor") == "fog on the moor"
        assert weather_words(dnd, "mist: thick") == "mist: thick"


def test_the_log_and_the_screen_say_it_in_the_campaigns_language(saves, capsys):
    from tracker.cli import main

    main(["new", "w", "--ruleset", "dnd-2024", "--seed", "3"])
    main(["do", "w", "weather", "--dice", "16,2,15,19"])
    capsys.readouterr()
    main(["--lang", "uk", "log", "w"])
    ukrainian = capsys.readouterr().out
    assert "температура: на " in ukrainian and "°F холодніше" in ukrainian
    assert "вітер: слабкий" in ukrainian and "опади: сильний дощ" in ukrainian
    main(["--lang", "en", "log", "w"])
    english = capsys.readouterr().out
    assert "temperature: " in english and "wind: light" in english
