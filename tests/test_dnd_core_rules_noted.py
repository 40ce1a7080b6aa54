"""D&D 2024's unarmoured AC (`party.ac_ability = "dex"`) and critical hit
(`party.critical_dice = 2`) come from the 2024 core rules: neither our digest
(5e2024.md) nor seed 003 gives them, so the ruleset says so in
[party.not_in_source], as it does for its other such keys."""

from __future__ import annotations


from tracker.core.ruleset import load_text
from tracker.core.schema import NOTE_KINDS, note_kind
from tracker.store import paths



def _party():
    return load_text(paths.read_ruleset_file(paths.ruleset_file("dnd-2024"))).rules.party


def test_the_core_rules_numbers_are_noted_as_not_in_our_sources():
    notes = _party().not_in_source
    for key in ("ac_ability", "critical_dice"):
        assert note_kind(notes, key) == "core rules", key
        assert "5e2024.md" in notes[key] and "seed 003" in notes[key]
    assert "core rules" in NOTE_KINDS  # its word is marked for translation
