"""What the log's whole list costs, checked by what it does, not by how long it
takes (timing goals live in bench/bench.py; issue 22, fifth pass)."""

from __future__ import annotations

import msgspec

from tracker import i18n
from tracker.core import terms
from tracker.store import paths, shipped


def _rules(ruleset_id: str = "dyb-og-drager"):
    return shipped.ruleset(ruleset_id)


def test_a_name_asked_again_walks_the_ruleset_once(monkeypatch):
    """Each of 100,000 turn lines asked the ruleset for its activity's name and
    walked the ruleset for it: half of describing a line."""
    rules = _rules()
    walked = []
    real = terms._walk
    monkeypatch.setattr(terms, "_walk", lambda r, key: walked.append(key) or real(r, key))
    monkeypatch.setattr(terms, "_english", {})
    with i18n.using("en"):
        names = {terms.term(rules, "dungeon.activities.rest") for _ in range(100)}
    assert len(names) == 1 and walked == ["dungeon.activities.rest"]


def test_a_name_remembered_is_its_own_rulesets():
    """Remembered per ruleset: another ruleset (a house rule renaming the
    light) reads its own name, and an unknown key its default, every time."""
    rules = _rules()
    lights = {k: msgspec.structs.replace(v, name="Brand") if k == "torch" else v
              for k, v in rules.lights.items()}
    house = msgspec.structs.replace(rules, lights=lights)
    with i18n.using("en"):
        for _ in range(3):
            assert terms.term(rules, "lights.torch") == "Torch"
            assert terms.term(house, "lights.torch") == "Brand"
            assert terms.term(rules, "dungeon.activities.nowhere", "x") == "x"


def test_every_shipped_name_reads_as_walked():
    """The remembered names are the walked ones, for every key of every shipped ruleset."""
    for rid in paths.list_rulesets():
        rules = _rules(rid)
        for key in terms.term_keys(rules):
            assert terms.english(rules, key) == terms._english_walked(rules, key), (rid, key)
