"""A corrected field that names a thing of the ruleset (a kind of light, a
class, a condition, a terrain, an activity, a supply...) reads and takes the
thing's name in the campaign's language, as the command that wrote it does
(gm-review F9: ``amend N --set kind=Fakkel`` was refused with "the ruleset
has: Fakkel, Lanterne", and the field dialog said "Now: candle")."""

from __future__ import annotations

import pytest

import tracker.core.engine  # noqa: F401 - every area registered
from tracker import i18n
from tracker.core.campaign import StartSession
from tracker.core.errors import Refused
from tracker.core.events import EVENT_TYPES
from tracker.core.lights import LightSource
from tracker.core.party import AddCharacter, SetCondition
from tracker.core.supplies import SetSupplies
from tracker.core.terms import ids_under, key_named, term
from tracker.core.timeline.hooks import CHOICE_NAMES, field_choices
from tracker.core.travel import rules as tr
from tracker.ui.screens.log import choice_names

from support.amend import seq_of


def corrected(c, seq: int, **fields) -> object:
    """Entry ``seq`` corrected with ``fields`` (checked in the preview first);
    its event as it now stands."""
    cmd = c.amend_command(seq, fields=fields)
    c.explain(cmd)
    c.dispatch(cmd)
    return c.entry_events(seq)[0]


@pytest.mark.parametrize("rid,lang,typed,kind", [
    ("dyb-og-drager", "da", "Fakkel", "torch"),
    ("dyb-og-drager", "da", "lanterne", "lantern"),
    ("dolmenwood", "uk", "Смолоскип", "torch"),
    ("dolmenwood", "uk", "смолоскип", "torch"),
    ("dolmenwood", "en", "Torch", "torch"),
    ("dnd-2024", "en", "Candle", "candle"),
])
def test_a_lights_kind_is_corrected_by_its_name(make, rid, lang, typed, kind):
    c = make(rid)
    c.dispatch(AddCharacter("Mo"))
    for s in ("torches", "candles"):
        if s in c.state.rules.supplies:
            c.dispatch(SetSupplies(s, 5))
    if "oil" in c.state.rules.supplies:
        c.dispatch(SetSupplies("oil", 5))
    first = next(k for k in c.state.rules.lights if k != kind)
    c.dispatch(LightSource(first, "Mo"))
    with i18n.using(lang, rid):
        assert corrected(c, c.seq, kind=typed).kind == kind


def test_a_name_the_ruleset_lacks_is_refused_listing_names_it_takes(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Mo"))
    c.dispatch(SetSupplies("torches", 5))
    c.dispatch(LightSource("torch", "Mo"))
    with i18n.using("da", "dyb-og-drager"), pytest.raises(Refused) as e:
        corrected(c, c.seq, kind="sol")
    listed = str(e.value).rsplit(":", 1)[-1].split(",")
    with i18n.using("da", "dyb-og-drager"):
        for name in listed:  # each name the refusal offers is taken
            assert key_named(c.state.rules, "lights.*", name) in c.state.rules.lights


@pytest.mark.parametrize("rid,lang", [("dyb-og-drager", "da"), ("dolmenwood", "uk"),
                                      ("dnd-2024", "en")])
def test_class_condition_supply_and_terrain_are_corrected_by_their_names(make, rid, lang):
    c = make(rid)
    c.dispatch(StartSession())
    rules = c.state.rules
    cls = ids_under(rules, "party.classes")
    c.dispatch(AddCharacter("Mo", cls[0], 1, (12,) * 6, hp=8))
    condition = ids_under(rules, "party.conditions")
    c.dispatch(SetCondition("Mo", condition[0]))
    supply = ids_under(rules, "supplies")
    c.dispatch(SetSupplies(supply[0], 3))
    terrain = ids_under(rules, "travel.terrains")
    c.dispatch(tr.SetTerrain(terrain[0]))
    with i18n.using(lang, rid):
        for entry, field, path, to in (
                ("character_added", "cls", "party.classes", cls[1]),
                ("condition_set", "condition", "party.conditions", condition[1]),
                ("supplies_set", "kind", "supplies", supply[1]),
                ("travel_place_set", "terrain", "travel.terrains", terrain[1])):
            name = term(rules, f"{path}.{to}", to)
            ev = corrected(c, seq_of(c, entry), **{field: name.upper()})
            assert getattr(ev, field) == to, (entry, name)


@pytest.mark.parametrize("rid,lang", [("dyb-og-drager", "da"), ("dolmenwood", "uk")])
def test_the_field_dialog_reads_a_light_by_its_name(make, rid, lang):
    """The log screen's ``f``: the kind is a choice among the ruleset's lights,
    each read in the campaign's language (not "Now: candle")."""
    c = make(rid)
    c.dispatch(AddCharacter("Mo"))
    c.dispatch(SetSupplies("torches", 5))
    c.dispatch(LightSource("torch", "Mo"))
    ev, at = c.entry_events(c.seq)[0], c.state_at(c.seq)
    assert field_choices(at, ev, "kind") == list(at.rules.lights)
    with i18n.using(lang, rid):
        shown = choice_names(at, ev, "kind")("torch")
    assert shown != "torch" and shown.casefold() in ("fakkel", "смолоскип"), shown


# every amendable field that names a ruleset's thing, as the commands name them
# (``names=`` in tracker/actions): each is registered with ``names_a_term``
NAMING = {
    ("light_lit", "kind"): "lights",
    ("character_added", "cls"): "party.classes",
    ("condition_set", "condition"): "party.conditions",
    ("supplies_set", "kind"): "supplies",
    ("turn_advanced", "activity"): "dungeon.activities",
    ("facility_added", "kind"): "bastion.facilities",
    ("facility_swapped", "kind"): "bastion.facilities",
    ("chase_started", "setting"): "chase.complications",
    ("chase_turn_taken", "setting"): "chase.complications",
    ("travel_place_set", "terrain"): "travel.terrains",
    ("travel_place_set", "route"): "travel.routes",
    ("pace_set", "pace"): "travel.paces",
    ("day_travelled", "terrain"): "travel.terrains",
    ("day_travelled", "route"): "travel.routes",
    ("day_travelled", "pace"): "travel.paces",
    ("day_travelled", "mounted"): "travel.mounts.animals",
    ("foraged_day", "terrain"): "travel.terrains",
    ("way_found", "terrain"): "travel.terrains",
    ("travel_encounter_rolled", "terrain"): "travel.terrains",
    ("embarked", "terrain"): "travel.terrains",
    ("embarked", "vessel"): "travel.sea.vessels",
    ("disembarked", "terrain"): "travel.terrains",
    ("day_sailed", "terrain"): "travel.terrains",
    ("day_sailed", "vessel"): "travel.sea.vessels",
    ("party_mounted", "animal"): "travel.mounts.animals",
}


def test_every_field_naming_a_ruleset_thing_is_read_by_its_name():
    for (name, field), path in NAMING.items():
        cls = EVENT_TYPES[name]
        assert field in cls.__struct_fields__, (name, field)
        assert CHOICE_NAMES.get((cls, field)) == path, (name, field)
    assert {(t.TYPE, f) for t, f in CHOICE_NAMES} == set(NAMING)
