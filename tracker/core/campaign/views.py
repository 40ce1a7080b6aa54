"""How the campaign area shows: its log lines."""

from __future__ import annotations

from ...i18n import NATIVE_NAMES, _
from ..events import describes
from ..players import secret
from .rules import (CampaignCreated, LanguageSet, ManualDiceSet, NoteAdded, RulesetChanged,
                    SessionEnded, SessionStarted)
from ..tally import Tally, tally


# --- how its events read in the log ------------------------------------------------

@describes(CampaignCreated)
def _describe_campaign_created(ev: CampaignCreated, rules) -> str:
    return _("Campaign {name!r} created with {ruleset} (seed {seed})").format(
        name=ev.name, ruleset=_ruleset_name(ev, rules), seed=ev.seed)


def _ruleset_name(ev: CampaignCreated, rules) -> str:
    """The ruleset's name as its players know it ("Dyb & Drager"), not the id
    the campaign was made with; the id if the rules in hand are another's."""
    meta = getattr(rules, "meta", None)
    return meta.name if meta is not None and meta.id == ev.ruleset_id else ev.ruleset_id


@describes(RulesetChanged)
def _describe_ruleset_changed(ev: RulesetChanged, rules) -> str:
    return _("House rule: {change}").format(change=ev.change)


@describes(SessionStarted)
def _describe_session_started(ev: SessionStarted, rules) -> str:
    return _("Session {n} started").format(n=ev.number)


@describes(SessionEnded)
def _describe_session_ended(ev: SessionEnded, rules) -> str:
    return _("Session {n} ended").format(n=ev.number)


@describes(NoteAdded)
def _describe_note_added(ev: NoteAdded, rules) -> str:
    if ev.private:
        return _("Private note: {text}").format(text=ev.text)
    return _("Note: {text}").format(text=ev.text)


@secret(CampaignCreated, "the campaign's dice seed: whoever knows it can foretell the "
        "rolls (the table hears that the campaign began, and with which ruleset)")
def _created_for_players(ev: CampaignCreated, rules) -> str:
    return _("Campaign {name!r} created with {ruleset}").format(name=ev.name,
                                                                 ruleset=rules.meta.name)


@secret(NoteAdded, "a note the GM marked private (note --private)", when=lambda ev: ev.private)
def _private_note_for_players(ev: NoteAdded, rules) -> None:
    return None


@describes(ManualDiceSet)
def _describe_manual_dice_set(ev: ManualDiceSet, rules) -> str:
    return _("Manual dice on") if ev.on else _("Manual dice off")


@describes(LanguageSet)
def _describe_language_set(ev: LanguageSet, rules) -> str:
    return _("Language: {language} ({code})").format(
        language=NATIVE_NAMES.get(ev.code, ev.code), code=ev.code)


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
        return [(_("Notes"), [e(n) for n in self.notes])] if self.notes else []
