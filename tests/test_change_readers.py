"""Issue 14: a correction or rewind previews its changes in the GM's words,
each area reading its own part ("Aria: 9 HP → 5 HP"), and whatever no area
reads still said without indices or snake_case keys. Each test corrects or
rewinds a real entry of a real campaign."""

from __future__ import annotations

import re

from tracker.core import bastion as bas
from tracker.core import chase as ch
from tracker.core import effects, party, supplies
from tracker.core import travel as tr
from tracker.core.timeline.amend import dice_count
from tracker.demo import build
from tracker.service import Campaign
from support.campaigns import tired_before_a_chase


def _changes(c: Campaign, command) -> list[str]:
    return c.explain(command).changes


def _last(c: Campaign, type_: str) -> int:
    return [e.seq for e in c.store.read() if e.type == type_][-1]


def _no_machine_words(lines: list[str]) -> None:
    for line in lines:
        assert not re.search(r"\[\d+\]|\b[a-z]+_[a-z_]+\b|#\d", line), line


# -- the party -----------------------------------------------------------------------------


def test_damage_corrected_reads_as_hit_points(saves):
    c = build(saves, "hp", "dolmenwood", "mid")
    who = c.state.party[0]
    c.dispatch(party.Damage(who.name, 2))
    hp = c.state.party[0].hp
    seen = _changes(c, c.amend_command(c.seq, fields={"amount": "1"}))
    assert seen == [f"{who.name}: {hp} HP → {hp + 1} HP"], seen


def test_a_death_undone_reads_dead_to_alive(saves):
    c = build(saves, "dead", "dyb-og-drager", "mid")
    who = c.state.party[1]
    c.dispatch(party.Damage(who.name, who.hp + 5))
    seen = _changes(c, c.amend_command(c.seq, fields={"amount": "1"}))
    assert f"{who.name} is dead → alive" in seen and \
        f"{who.name}: 0 HP → {who.hp - 1} HP" in seen, seen
    _no_machine_words(seen)


def test_conditions_exhaustion_xp_and_level_read_by_name(saves):
    c = build(saves, "cx", "dnd-2024", "mid")
    who = c.state.party[0].name
    start = c.seq
    c.dispatch(party.SetCondition(who, "poisoned"))
    c.dispatch(party.SetExhaustion(who, 2))
    c.dispatch(party.AwardXP(400, (who,)))
    c.dispatch(party.LevelUp(who))
    seen = _changes(c, c.rewind_command(start))
    assert f"{who} is no longer poisoned" in seen, seen
    assert f"{who}: exhaustion 2 → 0" in seen and f"{who}: level 2 → 1" in seen, seen
    assert f"{who}: 400 XP → 0 XP" in seen, seen
    assert any(line.startswith(f"{who}: ") and "Hit Point Dice left" in line for line in seen)
    _no_machine_words(seen)
    assert not any("saves" in line or "modifiers" in line for line in seen), seen


def test_a_character_who_joined_later_reads_as_gone(saves):
    c = build(saves, "join", "dolmenwood", "mid")
    start = c.seq
    c.dispatch(party.AddCharacter("Zed", "", hp=4))
    seen = _changes(c, c.rewind_command(start))
    assert seen == ["Zed: no longer in the party", "Rations last: 2 days → 3 days"], seen


# -- effects and supplies ------------------------------------------------------------------


def test_an_effect_ended_early_by_a_correction_reads_ends_now(saves):
    c = build(saves, "fx", "dolmenwood", "mid")
    turn = c.state.rules.time.turn_seconds
    c.dispatch(effects.StartEffect("Bless", 3 * turn))
    seen = _changes(c, c.rewind_command(c.seq - 1))
    assert seen == ["Bless: 3 turns left → ends now"], seen


def test_supplies_read_by_their_names(saves):
    c = build(saves, "sup", "dyb-og-drager", "mid")
    had = c.state.supplies.count("torches")
    c.dispatch(supplies.SetSupplies("torches", had - 1))
    seen = _changes(c, c.amend_command(c.seq, fields={"count": str(had - 2)}))
    name = c.state.rules.supplies["torches"]
    assert seen == [f"{name}: {had - 1} → {had - 2}"], seen


# -- travel --------------------------------------------------------------------------------


def _on_the_road(saves) -> Campaign:
    c = Campaign.create(saves, "road", "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(supplies.SetSupplies("standard", 10))
    c.dispatch(tr.SetTerrain("forest", ""))
    return c


def test_a_travel_day_rewound_reads_as_the_journey(saves):
    c = _on_the_road(saves)
    start = c.seq
    c.dispatch(tr.TravelDay(), [4, 5])
    c.dispatch(tr.TravelDay(), [4, 5])
    seen = _changes(c, c.rewind_command(start))
    assert "Journey: day 2 → not begun" in seen, seen
    assert "Distance travelled: 32 miles → 0 miles" in seen, seen
    assert "Rations last: 3 days → 5 days" in seen and "Rations eaten: 4 → 0" in seen, seen
    assert "No longer in the journal: Day 2: 16 miles through forest" in seen, seen
    _no_machine_words(seen)


def test_a_lost_roll_retyped_reads_as_the_course(saves):
    c = _on_the_road(saves)
    c.dispatch(tr.TravelDay(), [4, 5])
    seen = _changes(c, c.amend_command(c.seq, [4, 1]))  # the check: an encounter
    assert any(line.startswith("Day 1: quiet → encounter at ") for line in seen), seen
    seen = _changes(c, c.amend_command(c.seq, [1] * dice_count(c.entry(c.seq).event)))
    assert "Course: on course → lost" in seen, seen
    assert "Day 1: on course → lost" in seen, seen
    _no_machine_words(seen)


# -- chase and bastions --------------------------------------------------------------------


def _chase(saves) -> Campaign:
    """Ana (initiative 20) runs from a Thug (10) in a D&D 2024 chase."""
    c = Campaign.create(saves, "chase", "dnd-2024", 1)
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, (10, 16, 14, 12, 14, 10)))
    c.dispatch(ch.StartChase("urban", 40))
    c.dispatch(ch.JoinChase("Ana"), [20])
    c.dispatch(ch.JoinChase("Thug", "pursuer", speed=30, con=1, perception=12), [10])
    return c


def test_a_dash_and_an_outcome_corrected_read_as_the_chase(saves):
    c = _chase(saves)
    c.dispatch(ch.TakeTurn(None, True), [12])
    dash = c.seq
    # no dash: no more than a move's 30 ft (60 ft without a dash is refused, as
    # the command refuses it: issue 19)
    assert _changes(c, c.amend_command(dash, fields={"dash": "no", "feet": "30"})) == \
        ["Ana: 100 ft along → 70 ft along", "Ana: 100 ft gap → 70 ft gap",
         "Ana: 1 dash used → 0 dashes used", "Thug: 100 ft gap → 70 ft gap"]
    c.dispatch(ch.TakeTurn(None), [12])
    c.dispatch(ch.EndChase("escaped"))
    assert _changes(c, c.amend_command(c.seq, fields={"outcome": "caught"})) == \
        ["Last chase: escaped → caught"]
    seen = _changes(c, c.rewind_command(dash - 1))
    assert "Ana: 100 ft along → 40 ft along" in seen and "Chase: round 2 → 1" in seen, seen
    assert "Chase: not running → running" in seen, seen
    assert any(line.startswith("Time: ") and "s earlier" in line for line in seen), seen
    _no_machine_words(seen)


def test_a_fact_two_areas_report_is_said_once(saves):
    """Ana's exhaustion corrected before a chase: the party and the chase both
    report her exhaustion (the chase reads it from her sheet); the GM reads it
    once, the party's line, in English, Danish and Ukrainian. Before, the
    preview said "Ana: exhaustion 2 → 1" and "Ana: exhaustion 2 → exhaustion 1"."""
    from tracker import i18n
    c, tired = tired_before_a_chase(saves, "tired")
    for lang in ("en", "da", "uk"):
        with i18n.using(lang):
            seen = _changes(c, c.amend_command(tired, fields={"level": "1"}))
            # her exhaustion 2 → 1, in whoever's words: one line
            assert len([line for line in seen if line.startswith("Ana:") and " 2 → " in line]) \
                == 1, seen
    assert "Ana: exhaustion 2 → 1" in _changes(c, c.amend_command(tired, fields={"level": "1"}))


def _keep(saves) -> Campaign:
    c = Campaign.create(saves, "keep", "dnd-2024", 1)
    c.dispatch(party.AddCharacter("Ana", "fighter", 9, (15, 14, 13, 12, 10, 8)))
    c.dispatch(bas.NewBastion("Ana", "Greywatch"))
    c.dispatch(bas.AddFacility("Ana", "barrack", True))
    c.dispatch(bas.MoveGold("Ana", 10_000, "hoard"))
    return c


def test_gold_turns_defenders_and_orders_read_as_the_steward_says(saves):
    c = _keep(saves)
    assert _changes(c, c.amend_command(c.seq, fields={"gp": "500"})) == \
        ["Ana's bastion, treasury: 10,000 GP → 500 GP"]
    c.dispatch(bas.Downtime(7))
    due = c.seq
    barrack = next(f.id for f in bas.find(c.state, "Ana").facilities if f.kind == "barrack")
    c.dispatch(bas.RunTurn("Ana", ((barrack, "recruit", 0),)))
    seen = _changes(c, c.rewind_command(due))
    assert "Ana's bastion, turns waiting to run: 0 → 1" in seen, seen
    assert "Ana's bastion, turns run: 1 → 0" in seen, seen
    assert any(line.startswith("Ana's bastion, defenders: ") for line in seen), seen
    _no_machine_words(seen)


# -- what no area reads is still said in words ----------------------------------------------


def test_what_no_reader_covers_reads_without_indices_or_keys(saves):
    from tracker.core.travel.model import Stage
    c = _on_the_road(saves)
    start = c.seq
    c.dispatch(tr.PlanRoute((Stage("Ulvedal", "hills", 40), Stage("", "forest", 20))))
    seen = _changes(c, c.rewind_command(start))
    assert "Travel · stages · Ulvedal: gone" in seen, seen  # named by the place it ends at
    assert "Travel · stages · the 2nd: gone" in seen, seen  # no place: its place in the list
    _no_machine_words(seen)


# -- fields with a fixed set of values are chosen, per ruleset ------------------------------


def test_fixed_fields_offer_the_rulesets_values(saves):
    from tracker.core.timeline.hooks import field_choices
    for ruleset in ("dolmenwood", "dyb-og-drager"):
        c = build(saves, f"ch-{ruleset}", ruleset, "mid")
        turn = _last(c, "turn_advanced")
        ev = c.entry_events(turn)[0]
        rules = c.state_at(turn).rules
        assert field_choices(c.state_at(turn), ev, "activity") == rules.dungeon.activities
        c.dispatch(party.SetCondition(c.state.party[0].name, rules.party.conditions[0]))
        ev = c.entry_events(c.seq)[0]
        assert field_choices(c.state, ev, "condition") == list(rules.party.conditions)
        assert field_choices(c.state, ev, "on") == ["yes", "no"]  # a flag
        assert field_choices(c.state, ev, "name") is None  # typed
        c.close()
