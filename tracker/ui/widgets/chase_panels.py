"""What the chase screen shows, rendered from the state (no I/O here)."""

from __future__ import annotations

from rich.text import Text

from ...i18n import N_, _, ngettext, pgettext
from ...core import chase, clock
from ...core.chase.standing import (setting_word, side_word, status_word,  # noqa: F401
                                    surprised_words, terrain_word, where_word)
from ...core.terms import term
from ...core.chase.model import CAUGHT, ESCAPED, IN, QUARRY
from ...core.schema import note_kind, source_note
from ...core.state import State
from ...history import LogEntry
from ..as_it_stood import shows_as_it_stood
from .log_view import append_pane_line

BAR = 8
STATUS_STYLE = {IN: "", ESCAPED: "green", CAUGHT: "bold red",
                "lost them": "green", "caught up": "bold red"}  # the pursuers of an evasion


def summary(state: State) -> Text:
    """Two or three lines: what is running, whose turn, the clock; or how to start."""
    ch, rules = state.chase, state.rules
    t = Text()
    if rules.chase is None:
        t.append(_("{ruleset} has no chase rules").format(ruleset=rules.meta.name), style="dim")
        return t
    stamp = clock.stamp(rules, state.clock)
    if ch.evasion is not None:
        return _evasion_summary(state, t, stamp)
    if not ch.active:
        last = chase.fates_text(state, ch.outcome) if ch.outcome else ""
        t.append(_("No chase running (last: {last})").format(last=last) if last else
                 _("No chase running"), style="dim")
        t.append(f" · {stamp}\n")
        t.append(_("s starts a chase; the quarry's start distance is the GM's call")
                 if rules.chase.complications else
                 # a wilderness evasion asks for no distance (gm-review7 C5)
                 _("s starts an evasion; in a dungeon or at sea the GM gives the distance"),
                 style="dim")
        return t
    cur = chase.current(state)
    where = setting_word(rules, ch.setting)
    t.append(_("{setting} chase · round {n}").format(setting=where[:1].upper() + where[1:],
                                                    n=ch.round), style="bold")
    t.append(" · " + _("{seconds} s in").format(seconds=(ch.round - 1) * rules.time.round_seconds)
             + f" · {stamp}\n")
    end = chase.over(state)
    if end:
        t.append(_("Over: {how}. x ends the chase").format(how=status_word(end)) + "\n",
                 style="bold yellow")
    elif cur is not None:
        t.append("▶ " + _("{name}'s turn").format(name=cur.name), style="bold cyan")
        t.append(": " + _("{move} ft, dash {dash} ft ({used}/{free} free used)").format(
            move=chase.reach(state, cur, False), dash=chase.reach(state, cur, True),
            used=cur.dashes, free=chase.free_dashes(state, cur)))
        t.append(" · " + _("speed halved") if cur.halved else "")
        t.append(" · " + _("{feet} ft lost").format(feet=cur.hindered) + "\n" if cur.hindered
                 else "\n")
        if cur.complication:
            what, did = chase.brief(rules, cur.complication)
            # how it went first: the line may be cut at the screen's edge
            t.append(_("Complication ({went}): {what}").format(went=did, what=what),
                     style="yellow")
    else:
        t.append(_("j adds who runs: the party by name, others with their numbers"), style="dim")
    t.no_wrap, t.overflow = True, "ellipsis"
    return t


def _evasion_summary(state: State, t: Text, stamp: str) -> Text:
    e, ch = state.chase.evasion, state.chase
    t.append(_("Evasion ({where})").format(where=where_word(e.where)), style="bold")
    t.append(f" · {stamp} · " + _("party {party}, monsters {monsters} ft").format(
        party=_party_pace(state), monsters=e.monster_speed) + "\n")
    if not e.pursue:
        t.append(_("They do not pursue.") + " ", style="green")
    if e.surprised:
        words = surprised_words(e.surprised)
        t.append(words[:1].upper() + words[1:] + ". ", style="yellow")
    if not ch.active:
        t.append(_("Evasion over: {outcome}").format(outcome=status_word(ch.outcome)),
                 style="green" if ch.outcome == ESCAPED else "bold red")
        t.append(" · " + _("s starts another"), style="dim")
    elif e.where == "dungeon":
        tires = state.rules.chase.evasion.run_rounds
        t.append(_("Round {n} of running (tired after {most}) · r runs, b drops bait, "
                   "x ends it").format(n=e.rounds, most=tires))
    elif e.where == "sea" and e.chance:
        t.append(_("Gap {feet} ft, round {n} · r runs a round").format(feet=e.gap, n=e.rounds))
    else:
        pct = chase.chance(state.rules, e)
        t.append(ngettext("{fleeing} fleeing from {pursuers}: {pct}% to evade · v rolls",
                          "{fleeing} fleeing from {pursuers}: {pct}% to evade · v rolls",
                          e.fleeing).format(fleeing=e.fleeing, pursuers=e.pursuers, pct=pct))
        if e.chance and e.where == "wilderness":
            t.append(" · " + _("y a day of pursuit"))
    if ch.winded:
        # the effects on a row of their own: in Ukrainian one row ran past 80 columns (F18)
        t.append("\n" + ngettext("Exhausted, {n} rest turn to go:",
                                 "Exhausted, {n} rest turns to go:", ch.winded).format(
            n=ch.winded) + "\n  " + chase.winded_effects(state.rules), style="bold red")
    t.no_wrap, t.overflow = True, "ellipsis"
    return t


# what each kind of evasion shows, by its ruleset path (chase.evasion.fills)
_SHOWN = {"dungeon": [(N_("bait"), "bait_chance"), (N_("exhaustion"), "run_rounds")],
          "wilderness": [(N_("chance table"), "wilderness"), (N_("modifiers"), "twice_as_fast"),
                         (N_("modifiers"), "terrain"), (N_("modifiers"), "floor"),
                         (N_("pursuit"), "catch_up")],
          "sea": [(N_("chance table"), "sea")]}


def evasion_sources(state: State) -> str:
    """What the evasion shows that its source does not give, for the panel's
    border, as the dungeon's turn panel says it: "OSE fill: chance table, modifiers"."""
    e = state.rules.chase.evasion if state.rules.chase else None
    if e is None:
        return ""
    wheres = [state.chase.evasion.where] if state.chase.evasion is not None else list(_SHOWN)
    kinds: dict[str, list[str]] = {}
    for where in wheres:
        for label, path in _SHOWN[where]:
            if source_note(e.fills, path) and label not in kinds.get(note_kind(e.fills, path), []):
                kinds.setdefault(note_kind(e.fills, path), []).append(label)
    return " · ".join(f"{_(kind)}: {', '.join(_(label) for label in labels)}"
                      for kind, labels in kinds.items())


def source(state: State) -> str:
    """The chase rules' source, as the ruleset names it."""
    ch = state.rules.chase
    if ch is None:
        return ""
    if ch.evasion is not None and not ch.complications:
        return term(state.rules, "chase.evasion.source", ch.evasion.source)
    return term(state.rules, "chase.source", ch.source)


def _party_pace(state: State) -> str:
    """"120 ft", or "40 ft (exhausted: encounter speed)" where the ruleset slows a tired party."""
    e = state.chase.evasion
    pace = chase.running_speed(state.rules, e)
    if pace != e.party_speed:
        return _("{feet} ft (exhausted: encounter speed)").format(feet=pace)
    return _("{feet} ft").format(feet=pace)


def gap_bar(gap: int | None, widest: int) -> Text:
    """The distance as a bar, scaled to the widest gap in the chase."""
    if gap is None:
        return Text("—", style="dim")
    filled = 0 if widest <= 0 else min(BAR, max(0, round(BAR * gap / widest)))
    t = Text("█" * filled, style="red" if gap <= 10 else "cyan")
    t.append("░" * (BAR - filled), style="dim")
    t.append(f" {gap:>4}")
    return t


def evasion_rows(state: State) -> list[tuple]:
    """A B/X evasion's two sides, as rows like the 2024 chase's."""
    e, ch = state.chase.evasion, state.chase
    gap = gap_bar(e.gap, max(e.gap, 1)) if e.where == "sea" else Text("—", style="dim")
    party_status = ch.outcome if not ch.active else ("exhausted" if e.exhausted else IN)
    # the pursuers' side of how it ended: the party escaped, so they lost it;
    # the party was caught, so they caught up (gm-review7 C5: not "escaped")
    monsters = "stopped" if e.stopped else ("gave up" if not e.pursue else
                                            (_PURSUERS.get(ch.outcome, ch.outcome)
                                             if not ch.active else IN))
    party = _("Party") + (f" ×{e.fleeing}" if e.where != "dungeon" else "")
    return [("", Text(party, style="bold"), Text(_("fleeing"), style="green"), gap,
             _("{feet} ft").format(feet=chase.running_speed(state.rules, e)),
             Text(_("yes") if e.exhausted else "—", style="bold red" if e.exhausted else "dim"),
             Text(_evasion_status(party_status), style=STATUS_STYLE.get(party_status, "yellow"))),
            ("", Text(_("Monsters") + (f" ×{e.pursuers}" if e.where != "dungeon" else "")),
             Text(_("pursuing"), style="magenta"), gap,
             _("{feet} ft").format(feet=e.monster_speed), "",
             Text(_evasion_status(monsters), style=STATUS_STYLE.get(monsters, "yellow")))]


_PURSUERS = {ESCAPED: "lost them", CAUGHT: "caught up"}


def _evasion_status(status: str) -> str:
    return {"exhausted": _("exhausted"), "stopped": _("stopped"),
            "lost them": pgettext("evasion pursuers", "lost them"),
            "caught up": pgettext("evasion pursuers", "caught up")}.get(status) or \
        status_word(status)


def runner_rows(state: State) -> list[tuple]:
    """One row per participant: turn, name, side, gap bar, dashes, exhaustion, status."""
    if state.chase.evasion is not None:
        return evasion_rows(state)
    runners = state.chase.runners
    gaps = {r.name: chase.gap(state, r) if chase.running(state, r) else None for r in runners}
    widest = max([g for g in gaps.values() if g is not None] + [state.chase.start, 1])
    cur = chase.current(state)
    rows = []
    for r in runners:
        status = chase.status(state, r)
        side = Text(side_word(r.side), style="green" if r.side == QUARRY else "magenta")
        mark = "▶" if cur is not None and cur.name == r.name else (
            "!" if r.complication else "")
        name = Text(r.name, style="bold" if mark == "▶" else "")
        exh = chase.exhaustion(state, r)
        rows.append((mark, name, side, gap_bar(gaps[r.name], widest),
                     f"{r.dashes}/{chase.free_dashes(state, r)}",
                     Text(str(exh), style="bold red" if exh else "dim"),
                     Text(status_word(status), style=STATUS_STYLE.get(status, "yellow"))))
    return rows


def log_lines(recent: list[LogEntry], rows: int) -> Text:
    """The chase's latest entries (other areas' left out), newest last, as the
    log screen reads them (``history.last_entries``): each with the state it
    made, so a round's end stays on its last turn after an escape."""
    mine = [e for e in recent if getattr(e.event, "AREA", "") == "chase"
            or e.type in ("exhaustion_set", "condition_set")]
    t = Text()
    for e in mine[-rows:]:
        style = "" if e.stands else "strike dim"
        append_pane_line(t, e, style)  # as the log screen marks it
    t.rstrip()
    t.no_wrap, t.overflow = True, "ellipsis"
    return t


@shows_as_it_stood("chase")
def chase_as_it_stood(state: State) -> Text:
    """The log's "as it stood" pane for a chase entry: the summary, then each
    runner's row as the chase screen has it (side, gap, dashes, exhaustion...)."""
    t = summary(state)
    for row in runner_rows(state):  # a chase's or an evasion's rows
        t.append("\n")
        t.append_text(Text(" ").join(c if isinstance(c, Text) else Text(str(c))
                                     for c in row if str(c)))
    t.rstrip()
    return t
