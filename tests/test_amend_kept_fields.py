"""Only the GM's facts are corrected (gm-review3 R7): an entry's version flags
(``lights_burn``, ``to_morning``: how an old entry was written) and the values
its decision derived (``from_hour``, ``saves_to``) are the tracker's own. They
are declared so where the event is (``events.kept_by_tracker``; every flag
``fields_added`` adds is one), and neither ``amend --set`` nor the app's
"correct a field" list (``entry_fields``) offers or takes them."""

from __future__ import annotations

import pytest

import tracker.core.engine  # noqa: F401  (every area's events registered)
from tracker.cli import main
from tracker.core.errors import Refused
from tracker.core.events import _ADDED, EVENT_TYPES, KEPT_BY_TRACKER
from tracker.core.timeline.amend import amendable_fields
from tracker.core.timeline.entries import UNCORRECTABLE
from tracker.service import Campaign

# What ``amend --set`` may correct, per event type. A field added to an event
# shows here: say whether the GM entered it (list it) or the tracker keeps it
# (``kept_by_tracker``, or ``fields_added`` for a version flag).
AMENDABLE = {
    'basic_facility_enlarged': ('owner', 'facility'),
    'basic_facility_ordered': ('owner', 'space', 'what'),
    'bastion_divested': ('owner',),
    'bastion_founded': ('owner', 'name'),
    'bastion_gold_moved': ('owner', 'gp', 'why'),
    'bastion_turn_run': ('owner', 'maintain', 'away', 'bribe', 'opportunity', 'aid', 'pick',
                         'shift', 'shift_to'),
    'bastions_combined': ('owner', 'partner'),
    'camp_long_rest': ('dehydrated',),
    'camp_made': (),
    'character_added': ('name', 'level', 'cls', 'hp', 'ac'),
    'character_removed': ('name',),
    'character_renamed': ('old', 'new'),
    'chase_ended': ('outcome',),
    'chase_escape_rolled': ('name',),
    'chase_joined': ('name', 'side', 'member', 'initiative_bonus', 'position', 'speed', 'con',
                     'stealth', 'perception', 'target'),
    'chase_left': ('name',),
    'chase_side_swapped': ('name', 'target'),
    'chase_started': ('setting', 'distance'),
    'chase_turn_taken': ('name', 'feet', 'dash', 'setting', 'creature', 'creature_speed'),
    'check_rolled': (),
    'condition_set': ('name', 'condition', 'on'),
    'damage_taken': ('name', 'amount', 'critical'),
    'day_sailed': ('terrain', 'vessel', 'rate', 'oars', 'coast', 'navigator', 'hours', 'camp',
                   'current_dir', 'headwind', 'nav_mod'),
    'day_travelled': ('terrain', 'route', 'rate', 'pace', 'hours', 'camp', 'forced', 'foraging',
                      'mounted', 'flying', 'gallop', 'nav_mod', 'forage_mod'),
    'death_save_rolled': ('name',),
    'defender_named': ('owner', 'name', 'home'),
    'defender_struck': ('owner', 'name'),
    'defenders_moved': ('owner', 'source', 'to', 'count', 'name'),
    'depth_changed': ('depth',),
    'disembarked': ('terrain', 'place'),
    'downtime_passed': ('days',),
    'dungeon_entered': ('name', 'depth'),
    'dungeon_left': (),
    'effect_ended': ('id',),
    'effect_started': ('name', 'seconds'),
    'embarked': ('vessel', 'terrain', 'rate', 'oars', 'coast'),
    'entry_revealed': ('seq',),
    'evasion_bait_dropped': ('kind', 'rations'),
    'evasion_rolled': (),
    'evasion_round_run': (),
    'evasion_started': ('where', 'party_speed', 'monster_speed', 'morale', 'pursue', 'fleeing',
                        'pursuers', 'gap', 'surprised'),
    'exhaustion_set': ('name', 'level'),
    'facility_added': ('owner', 'kind', 'confirmed', 'chosen'),
    'facility_enlarged': ('owner', 'facility', 'days', 'chosen'),
    'facility_rechosen': ('owner', 'facility', 'chosen'),
    'facility_swapped': ('owner', 'facility', 'kind', 'confirmed', 'chosen'),
    'fast_travel_started': ('feet', 'turns'),
    'foraged_day': ('terrain', 'modifier', 'found', 'rations'),
    'gale_met': ('choice', 'pilot', 'clear_coast'),
    'guide_set': ('guide', 'navigator'),
    'hasty_exit_rolled': ('marked_map', 'known_route', 'gm_modifier'),
    'heading_set': ('heading', 'believed'),
    'healed': ('name', 'amount'),
    'hunted': ('found', 'rations'),
    'language_set': ('code',),
    'levelled_up': ('name',),
    'light_doused': ('id',),
    'light_lit': ('kind', 'by'),
    'light_relit': ('id',),
    'light_taken': ('id', 'by'),
    'load_set': ('name', 'coins'),
    'long_rested': (),
    'malnutrition_saved': (),
    'manual_dice_set': ('on',),
    'note_added': ('text', 'private'),
    'pace_set': ('pace',),
    'party_dismounted': (),
    'party_mounted': ('animal', 'rate', 'flying'),
    'players_hp_set': ('shown',),
    'pursuit_day_rolled': ('direction',),
    'refugees_housed': ('owner', 'facility', 'leave'),
    'rest_day_taken': (),
    'rounds_passed': ('rounds',),
    'route_planned': (),
    'session_ended': ('number',),
    'session_started': ('number',),
    'short_rested': (),
    'supplies_set': ('kind', 'count'),
    'travel_encounter_rolled': ('terrain',),
    'travel_place_set': ('terrain', 'route', 'place', 'hex'),
    'turn_advanced': ('activity',),
    'walls_ordered': ('owner', 'squares', 'encloses'),
    'water_set': ('gallons',),
    'way_found': ('place', 'terrain', 'hex'),
    'weather_set': ('text',),
    'xp_awarded': ('amount',),
}


def test_every_event_types_amendable_fields_are_the_gms():
    """Walks every event type: what a correction may set is the list above,
    and never a field the tracker keeps (a version flag among them)."""
    found = {name: amendable_fields(cls) for name, cls in sorted(EVENT_TYPES.items())
             if name not in UNCORRECTABLE}
    assert found == AMENDABLE
    for name, cls in EVENT_TYPES.items():
        kept = KEPT_BY_TRACKER.get(name, frozenset())
        assert kept <= set(cls.__struct_fields__), name  # no misspelt field
        assert not kept & set(amendable_fields(cls)), name


def test_every_version_flag_is_kept_by_the_tracker():
    """A field an event's later version added with an old value (``fields_added``)
    says how an entry was written: never correctable, so no future flag slips in."""
    assert _ADDED
    for (name, _version), old in _ADDED.items():
        assert set(old) <= KEPT_BY_TRACKER[name], name
        assert not set(old) & set(amendable_fields(EVENT_TYPES[name])), name


def _run(saves, capsys, *argv) -> str:
    code = main(["--lang", "en", *argv])
    said = capsys.readouterr()
    assert code == 0, said
    return said.out


@pytest.mark.parametrize("ruleset", ["dyb-og-drager", "dolmenwood", "dnd-2024"])
def test_amend_refuses_what_the_tracker_keeps_and_the_app_does_not_offer_it(
        saves, capsys, ruleset):
    _run(saves, capsys, "new", "c", "--ruleset", ruleset, "--seed", "4")
    _run(saves, capsys, "do", "c", "add-character", "Ana", "--class", "fighter",
         "--abilities", "14,10,13,12,13,8")
    _run(saves, capsys, "do", "c", "supplies", {"dyb-og-drager": "standard",
                                                 "dolmenwood": "preserved"}.get(ruleset, "rations"), "9")
    _run(saves, capsys, "do", "c", "terrain", {"dyb-og-drager": "clear", "dolmenwood": "meadow"}.get(
        ruleset, "forest"))
    _run(saves, capsys, "do", "c", *(["travel", "--hours", "8"] if ruleset == "dnd-2024"
                                     else ["travel"]))
    _run(saves, capsys, "do", "c", "rest-day")
    c = Campaign.open(saves, "c")
    try:
        kinds = {c.entry(s).type: s for s in range(1, c.seq + 1)}
        travelled, rested = kinds["day_travelled"], kinds["rest_day_taken"]
        for seq in (travelled, rested):
            kind = c.entry(seq).type
            assert not set(c.entry_fields(seq)) & KEPT_BY_TRACKER[kind]
            for field in sorted(KEPT_BY_TRACKER[kind]):
                with pytest.raises(Refused, match="kept by the tracker"):
                    c.amend_command(seq, fields={field: "false" if field in (
                        "lights_burn", "to_morning") else "3"})
        with pytest.raises(Refused, match="no field to correct|fields: none"):
            c.entry_fields(rested) or c.amend_command(rested, fields={"foo": "1"})
    finally:
        c.close()
    code = main(["--lang", "en", "do", "c", "amend", str(rested), "--set", "to_morning=false"])
    assert code == 1
    assert "kept by the tracker" in capsys.readouterr().err
