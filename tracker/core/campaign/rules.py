"""Campaign-wide facts: creation, sessions, notes, manual dice, house rules, language."""

from __future__ import annotations

import tomllib
from typing import Annotated

import tomli_w
from msgspec import Meta
from msgspec.structs import replace

from ... import i18n
from ...i18n import _, ngettext
from ..errors import Refused
from ..terms import LANGUAGE_CODE
from ..limits import NoteText, RulesetText, Seed, Session
from ..events import Event, event
from ..handlers import Command, begins, decides, evolves
from ..ruleset import checks_added_since, load_cached, load_text
from ..state import State
from ..validity import holds_for

ENGINE_VERSION = 1


class StartSession(Command, frozen=True):
    pass


class EndSession(Command, frozen=True):
    pass


class AddNote(Command, frozen=True):
    text: str
    private: bool = False  # kept from the players' view (docs/players-view.md)


class SetManualDice(Command, frozen=True):
    on: bool


class SetLanguage(Command, frozen=True):
    code: str  # "en", "da", "uk"


class ChangeHouseRule(Command, frozen=True):
    key: str  # dotted path, e.g. dungeon.wandering.every_turns
    value: str  # TOML value text, e.g. 3 or "1-in-4"


@event("campaign_created", area="campaign")
class CampaignCreated(Event, frozen=True):
    name: Annotated[str, Meta(min_length=1, max_length=64)]
    seed: Seed
    ruleset_id: Annotated[str, Meta(max_length=200)]
    ruleset_hash: Annotated[str, Meta(max_length=128)]
    ruleset_toml: RulesetText
    engine_version: int = ENGINE_VERSION


@event("ruleset_changed", area="campaign")
class RulesetChanged(Event, frozen=True):
    change: Annotated[str, Meta(max_length=20_000)]
    ruleset_hash: Annotated[str, Meta(max_length=128)]
    ruleset_toml: RulesetText


@event("session_started", area="session")
class SessionStarted(Event, frozen=True):
    number: Session


@event("session_ended", area="session")
class SessionEnded(Event, frozen=True):
    number: Session


@event("note_added", area="session")
class NoteAdded(Event, frozen=True):
    text: NoteText
    private: bool = False  # not written when False: older notes read the same


@event("manual_dice_set", area="campaign")
class ManualDiceSet(Event, frozen=True):
    on: bool


@event("language_set", area="campaign")
class LanguageSet(Event, frozen=True):
    """The campaign's language from here on; the log itself stays facts, so
    every entry before and after reads in whatever language it is shown in."""

    code: Annotated[str, Meta(min_length=2, max_length=3, pattern="^[a-z]{2,3}$")]


@begins(CampaignCreated)
def created_state(ev: CampaignCreated) -> State:
    """The state a campaign starts in: its ruleset as recorded in the event."""
    return State(ruleset=load_cached(ev.ruleset_toml), name=ev.name, seed=ev.seed)


@decides(StartSession)
def decide_start(state: State, cmd: StartSession, dice) -> list[Event]:
    ev = SessionStarted(state.session + 1)
    session_start_holds(state, ev)
    return [ev]


@holds_for(SessionStarted)
def session_start_holds(state: State, ev: SessionStarted) -> None:
    """``session start``: none running; the sessions are numbered in turn."""
    if state.in_session:
        raise Refused(_("session {n} is already running").format(n=state.session))
    if ev.number != state.session + 1:
        raise Refused(_("the next session is {n}, not {given}").format(
            n=state.session + 1, given=ev.number))


@decides(EndSession)
def decide_end(state: State, cmd: EndSession, dice) -> list[Event]:
    ev = SessionEnded(state.session)
    session_end_holds(state, ev)
    return [ev]


@holds_for(SessionEnded)
def session_end_holds(state: State, ev: SessionEnded) -> None:
    if not state.in_session:
        raise Refused(_("no session is running"))
    if ev.number != state.session:
        raise Refused(_("session {n} is the one running, not {given}").format(
            n=state.session, given=ev.number))


@decides(AddNote)
def decide_note(state: State, cmd: AddNote, dice) -> list[Event]:
    ev = NoteAdded(cmd.text.strip(), cmd.private)
    note_holds(state, ev)
    return [ev]


@holds_for(NoteAdded)
def note_holds(state: State, ev: NoteAdded) -> None:
    if not ev.text.strip():
        raise Refused(_("a note needs some text"))
    if len(ev.text) > 10_000:
        raise Refused(ngettext("a note is limited to {n} character",
                               "a note is limited to {n} characters", 10_000).format(
                                   n=i18n.number(10_000)))


@decides(SetManualDice)
def decide_manual(state: State, cmd: SetManualDice, dice) -> list[Event]:
    ev = ManualDiceSet(cmd.on)
    manual_holds(state, ev)
    return [ev]


@holds_for(ManualDiceSet)
def manual_holds(state: State, ev: ManualDiceSet) -> None:
    if state.manual_dice == ev.on:
        raise Refused(_("manual dice are already on") if ev.on else
                      _("manual dice are already off"))


@decides(SetLanguage)
def decide_language(state: State, cmd: SetLanguage, dice) -> list[Event]:
    code = i18n.normalize(cmd.code) or ""
    _known_language(code, cmd.code)
    ev = LanguageSet(code)
    language_holds(state, ev)
    return [ev]


def _known_language(code: str, typed: str) -> None:
    have = i18n.available()
    if not LANGUAGE_CODE.fullmatch(code) or code not in have:
        raise Refused(_("no language {code!r}: the tracker speaks {known}").format(
            code=typed[:20], known=", ".join(have)))


@holds_for(LanguageSet)
def language_holds(state: State, ev: LanguageSet) -> None:
    """``language``: one the tracker speaks, and not the one in force already."""
    _known_language(ev.code, ev.code)
    if ev.code == state.language_in_force:
        raise Refused(_("the campaign's language is already {code}").format(code=ev.code))


@decides(ChangeHouseRule)
def decide_house_rule(state: State, cmd: ChangeHouseRule, dice) -> list[Event]:
    path = [p for p in cmd.key.split(".") if p]
    if not path or path[0] == "meta":
        raise Refused(_("name a rule by its key, e.g. dungeon.wandering.every_turns"))
    if len(cmd.key) > 200 or len(cmd.value) > 10_000:
        raise Refused(ngettext("a house rule key is limited to {key} character and its value "
                               "to {value}",
                               "a house rule key is limited to {key} characters and its value "
                               "to {value}", 200).format(key=200, value=i18n.number(10_000)))
    try:
        parsed = tomllib.loads(f"v = {cmd.value}")
        if len(parsed) != 1:
            raise Refused(_("{key}: the value must be one TOML value, not several lines").format(
                key=cmd.key))
        value = parsed["v"]
    except tomllib.TOMLDecodeError:
        value = cmd.value  # bare text is taken as a string
    except (ValueError, RecursionError):  # e.g. a number of thousands of digits
        raise Refused(_("{key}: the value is not a usable number or list (too long, or nested "
                        "too deeply)").format(key=cmd.key)) from None
    data = tomllib.loads(state.ruleset.text)
    node = data
    for i, p in enumerate(path[:-1]):
        if not isinstance(node.get(p), dict):
            raise Refused(_("the ruleset has no table {table}").format(
                table=".".join(path[:i + 1])))
        node = node[p]
    old = node.get(path[-1])  # a new key is allowed where the ruleset schema has one
    if old == value:
        raise Refused(_("{key} is already {value}").format(key=cmd.key, value=repr(old)))
    node[path[-1]] = value
    _drop_stale_names(data, cmd.key)
    try:
        name = "".join(ch for ch in state.name if ch.isprintable())
        text = f"# house rules of {name}\n" + tomli_w.dumps(data)
    except (ValueError, TypeError, RecursionError):
        raise Refused(_("{key}: the value cannot be written into the ruleset").format(
            key=cmd.key)) from None
    loaded = load_text(text, _("house rule {key}").format(key=cmd.key))
    fresh = checks_added_since(loaded.rules) - checks_added_since(state.rules)
    if fresh:  # an old campaign's text skips today's newer checks; a new rule may not
        path, problem = sorted(fresh)[0]
        raise Refused(_("house rule {key}: key {path}: {problem}").format(
            key=cmd.key, path=path, problem=problem))
    was = "unset" if old is None else repr(old)
    return [RulesetChanged(f"{cmd.key}: {was} -> {value!r}", loaded.hash, text)]


def _drop_stale_names(data: dict, key: str) -> None:
    """A house rule that takes a kind away (an order, a light) takes its
    translations with it: the [names.xx] keys under ``key`` that name nothing
    now would refuse the ruleset (core/terms.py)."""
    for table in (data.get("names") or {}).values():
        if isinstance(table, dict):
            for k in [k for k in table if k.startswith(key + ".") and not _names(data, k)]:
                del table[k]


def _names(data, dotted: str) -> bool:
    """Whether the key path ``dotted`` reaches something in the TOML ``data``
    (a list of records by id, else by place; a list of ids by the id)."""
    node = data
    for part in dotted.split("."):
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and node and isinstance(node[0], dict):
            node = next((x for x in node if x.get("id") == part), None) or (
                node[int(part)] if part.isdigit() and int(part) < len(node) else None)
        elif isinstance(node, list):
            node = part if part in node else None
        else:
            return False
        if node is None:
            return False
    return True


@evolves(RulesetChanged)
def evolve_ruleset(state: State, ev: RulesetChanged) -> State:
    return replace(state, ruleset=load_cached(ev.ruleset_toml))


@evolves(LanguageSet)
def evolve_language(state: State, ev: LanguageSet) -> State:
    return replace(state, language=ev.code)


@evolves(SessionStarted)
def evolve_session_started(state: State, ev: SessionStarted) -> State:
    return replace(state, session=ev.number, in_session=True)


@evolves(SessionEnded)
def evolve_session_ended(state: State, ev: SessionEnded) -> State:
    return replace(state, in_session=False)


@evolves(NoteAdded)
def evolve_note(state: State, ev: NoteAdded) -> State:
    return replace(state, notes=state.notes + 1)


@evolves(ManualDiceSet)
def evolve_manual(state: State, ev: ManualDiceSet) -> State:
    return replace(state, manual_dice=ev.on)
