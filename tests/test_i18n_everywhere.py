"""Nothing shown unextracted, anywhere (issue 23): every registered screen and
its keys dialog, and every CLI action's help, under the pseudo-locale ``xx``.

The campaigns are generation g7 (tests/data/generations): written by the CLI
of 2026-12-01, they hold every area a GM plays (party, dungeon, lights,
travel by land and sea, chases, bastions, corrections, undo). What the GM
typed (names, notes) and the ruleset's own names (data, English without a
``[names.xx]`` table) are allowed; any other English word outside ⟦…⟧ is text
that never went through the catalogs. The area tests (tests/test_i18n_*.py)
go deeper into each area's dialogs; this one makes sure no screen is missed,
including one added later.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.i18n import screen_text, unmarked

from tracker.actions import ACTIONS
from tracker.cli import main
from tracker.core import terms
from tracker.core.ruleset import load_text
from tracker.ui.app import TrackerApp
from tracker.ui.areas import area_screens

GENERATION = Path(__file__).parent / "data" / "generations" / "g7-2026-12-01-morning"
RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")
# Textual's own words (the command palette's prompt, the keys of its own
# bindings in the keys dialog) and the app's name
OURS_NOT = {"palette", "Search", "for", "commands", "tracker", "Focus", "Next", "Previous",
            "Copy", "selected", "text", "shift", "tab"}


def _typed_words(rid: str) -> set[str]:
    """Every word of every text the GM typed into this campaign (the events'
    string values, bar the recorded ruleset text), and the ruleset's names."""
    words: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            words.update(w.strip(".,:;()'\"") for w in re.split(r"[\s\-_/]+", value))
        elif isinstance(value, dict):
            for key, inner in value.items():
                if key != "ruleset_toml":
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for line in (GENERATION / f"{rid}.jsonl").read_text().splitlines():
        walk(json.loads(line)["data"])
    rules = load_text((GENERATION.parents[3] / "rulesets" / f"{rid}.toml").read_text()).rules
    for english in terms.term_keys(rules).values():
        words |= {w for word in re.findall(r"[\w'’]+", english)
                  for w in (word, word.capitalize(), word.lower())}
    return words | {w.capitalize() for w in words}


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize("screen", [a.name for a in area_screens()])
async def test_every_screen_and_its_keys_under_the_pseudo_locale(played, pseudo, rid, screen):
    key = next(a.key for a in area_screens() if a.name == screen)
    allowed = _typed_words(rid) | OURS_NOT
    # the campaign opens asking to begin session 3: "not now" first
    for keys in (("escape", key), ("escape", key, "question_mark")):
        text = await screen_text(TrackerApp(played, rid, lang="xx"), keys)
        # abbreviations the ruleset's data gives (STR, KAR) read as the sheet has them
        # and a word a dialog or an ellipsis cuts ("Bl|ast", "Dolmenwo…") is still the word
        left = [w for w in unmarked(text, allowed) if not (w.isupper() and len(w) <= 3)
                and not any(len(w) >= 3 and (a.startswith(w) or a.endswith(w)) for a in allowed)]
        assert not left, (keys, left, text)
        # a message wrapped over two lines of a panel ("⟦Speed ... turn," | "load 400
        # coins⟧") read whole without the keys dialog: under it, with its markers
        # hidden, its words are still the ones just seen inside them
        allowed |= {w for m in re.findall(r"⟦[^⟦⟧]*⟧", text)
                    for w in re.findall(r"[A-Za-z][A-Za-z'’]{2,}", m)}


def test_every_actions_help_under_the_pseudo_locale(played, pseudo, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # one line a help: no marker wrapped apart
    for name in ACTIONS:
        with pytest.raises(SystemExit):
            main(["--lang", "xx", "do", "dnd-2024", name, "--help"])
    text = capsys.readouterr().out
    allowed = set(ACTIONS) | {w for a in ACTIONS.values() for w in a.name.split("-")}
    # the usage lines, options (--dice) and metavars (SEQ, ACTIVITY) are the
    # interface, not prose; the help text around them is
    usage = [line for line in text.splitlines() if "usage:" in line]
    allowed |= {w for line in usage for w in re.findall(r"[a-z]+", line)}  # positionals
    prose = "\n".join(re.sub(r"--?[a-z][a-z-]*|\b[A-Z][A-Z_]+\b|\{[^}]*\}", " ", line)
                      for line in text.splitlines() if "usage:" not in line)
    left = unmarked(prose, allowed | OURS_NOT)
    assert not left, left
