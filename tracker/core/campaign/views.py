"""How the campaign area shows: its log lines."""

from __future__ import annotations

from ..events import describes
from ..players import secret
from .rules import (CampaignCreated, ManualDiceSet, NoteAdded, RulesetChanged, SessionEnded,
                    SessionStarted)
from ..tally import Tally, tally


# --- how its events read in the log ------------------------------------------------

@describes(CampaignCreated)
def _describe_campaign_created(ev: CampaignCreated, rules) -> str:
    return f"Campaign {ev.name!r} created with {ev.ruleset_id} (seed {ev.seed})"


@describes(RulesetChanged)
def _describe_ruleset_changed(ev: RulesetChanged, rules) -> str:
    return f"House rule: {ev.change}"


@describes(SessionStarted)
def _describe_session_started(ev: SessionStarted, rules) -> str:
    return f"Session {ev.number} started"


@describes(SessionEnded)
def _describe_session_ended(ev: SessionEnded, rules) -> str:
    return f"Session {ev.number} ended"


@describes(NoteAdded)
def _describe_note_added(ev: NoteAdded, rules) -> str:
    return f"{'Private note' if ev.private else 'Note'}: {ev.text}"


@secret(CampaignCreated, "the campaign's dice seed: whoever knows it can foretell the "
        "rolls (the table hears that the campaign began, and with which ruleset)")
def _created_for_players(ev: CampaignCreated, rules) -> str:
    return f"Campaign {ev.name!r} created with {rules.meta.name}"


@secret(NoteAdded, "a note the GM marked private (note --private)", when=lambda ev: ev.private)
def _private_note_for_players(ev: NoteAdded, rules) -> None:
    return None


@describes(ManualDiceSet)
def _describe_manual_dice_set(ev: ManualDiceSet, rules) -> str:
    return f"Manual dice {'on' if ev.on else 'off'}"


# --- its part of the recap ---------------------------------------------------------------


@tally(90)
class NotesTally(Tally):
    """The GM's notes of the span, in order."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.notes: list[str] = []

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, NoteAdded):
            self.notes.append(ev.text)

    def sections(self, e) -> list[tuple[str, list[str]]]:
        return [("Notes", [e(n) for n in self.notes])] if self.notes else []
