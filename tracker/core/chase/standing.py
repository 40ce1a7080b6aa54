"""How a chase stands, read from the state: whose turn it is, who chases
whom, gaps, speeds, exhaustion, status, what a complication means, whether
it is over. The rules, the views and the screen all ask these."""

from __future__ import annotations

import re

from ... import i18n
from ...i18n import _, pgettext
from .. import dice as dicemod
from ..party import sheet
from ..dice import Roll
from ..party import rules as party
from ..state import State
from ..terms import term
from .model import (CAUGHT, DOWN, DROPPED, ESCAPED, GAVE_UP, IN, PURSUER, QUARRY, Affliction, Chase,
                    Complication, Runner)

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def find(chase: Chase, name: str) -> Runner | None:
    key = name.casefold()
    return next((r for r in chase.runners if r.name.casefold() == key), None)


def exhaustion(state: State, r: Runner) -> int:
    c = party.find(state, r.name) if r.member else None
    return c.exhaustion if c is not None else r.exhaustion


def d20_penalty(state: State, r: Runner) -> int:
    """What the runner's exhaustion takes from its d20 tests (saves, Stealth)."""
    p = state.rules.party
    return p.exhaustion_d20 * exhaustion(state, r) if p else 0


def speed(state: State, r: Runner) -> int:
    """Feet a round, exhaustion taken off (the party's rule)."""
    c = party.find(state, r.name) if r.member else None
    if c is not None:
        return sheet.speed(state.rules, c)
    per_level = state.rules.party.exhaustion_speed if state.rules.party else 0
    return max(0, r.speed - per_level * r.exhaustion)


def reach(state: State, r: Runner, dash: bool) -> int:
    """Feet it may move on its turn: its speed (twice with a dash), halved
    where a complication halved it, less the feet a complication cost it."""
    feet = speed(state, r) * (2 if dash else 1) // (2 if r.halved else 1)
    return max(0, feet - r.hindered)


def status(state: State, r: Runner) -> str:
    if r.status != IN:
        return r.status
    # a member's sheet found once (``exhaustion`` finds it too): replay asks per runner per turn
    c = party.find(state, r.name) if r.member else None
    if (c.exhaustion if c is not None else r.exhaustion) >= \
            state.rules.chase.drop_out_exhaustion:
        return DROPPED
    if c is not None and sheet.status(state.rules, c) != "ok":
        return DOWN  # complication damage (or anything else) took it down
    return r.status


def running(state: State, r: Runner) -> bool:
    """``status(state, r) == IN``, without the call (asked per runner several
    times a chase turn)."""
    if r.status != IN:
        return False
    c = party.find(state, r.name) if r.member else None
    rules = state.ruleset.rules  # (``state.rules``, without the property's generic lookup)
    if (c.exhaustion if c is not None else r.exhaustion) >= rules.chase.drop_out_exhaustion:
        return False
    return c is None or sheet.status(rules, c) == "ok"


def free_dashes(state: State, r: Runner) -> int:
    ch = state.rules.chase
    return max(ch.free_dashes_min, ch.free_dashes + r.con)


def rounds_run(chase: Chase) -> int:
    """Rounds the chase (or evasion) has run: an evasion counts those it ran;
    a 2024 chase's counter names the round under way, which the last turn of
    a round already moved on to the next (nobody's turn yet): that one has
    not begun (gm-review7 R3: caught in round 1 is 1 round, not 2)."""
    if chase.evasion is not None:
        return chase.evasion.rounds
    return chase.round if chase.turn else max(0, chase.round - 1)


def current(state: State) -> Runner | None:
    """The runner whose turn it is (the first still running at a round's start)."""
    ch = state.chase
    if not ch.active or ch.evasion is not None:
        return None
    # loops, not generators: replay asks on every chase turn
    runners, start = ch.runners, 0
    if ch.turn:
        for i, r in enumerate(runners):
            if r.name == ch.turn:
                start = i
                break
    for r in runners[start:]:
        if running(state, r):
            return r
    return None


def chases(p: Runner, q: Runner) -> bool:
    """A pursuer chases the quarry it names, or, naming none, every quarry."""
    return p.side == PURSUER and q.side == QUARRY and (not p.target or p.target == q.name)


def quarry_of(state: State, p: Runner) -> Runner | None:
    """The nearest quarry still running that the pursuer chases."""
    best = None  # the first of the nearest, as ``min`` gives it
    for q in state.chase.runners:
        if chases(p, q) and running(state, q) and (best is None or q.position < best.position):
            best = q
    return best


def pursuers_of(state: State, q: Runner) -> list[Runner]:
    return [p for p in state.chase.runners if chases(p, q) and running(state, p)]


def lead_pursuer(state: State, q: Runner) -> Runner | None:
    return max(pursuers_of(state, q), key=lambda p: p.position, default=None)


def gap(state: State, r: Runner) -> int | None:
    """Feet from a quarry to its lead pursuer, or from a pursuer to its quarry."""
    if r.side == QUARRY:
        lead = lead_pursuer(state, r)
        return None if lead is None else r.position - lead.position
    q = quarry_of(state, r)
    return None if q is None else q.position - r.position


def escape_die(rules, factors) -> str:
    """The Stealth die with advantage or disadvantage (both cancel out)."""
    edges = {rules.chase.escape_factors[f].edge for f in factors
             if f in rules.chase.escape_factors}
    die = rules.chase.stealth_die
    if len(edges) != 1:
        return die
    g = dicemod.parse(die).groups[0]
    return f"2d{g.sides}{'kh1' if edges == {'advantage'} else 'kl1'}" + \
        die[len(f"{g.count}d{g.sides}"):]


def escape_target(state: State, q: Runner) -> int | None:
    """The highest passive Perception among the quarry's pursuers."""
    return max((p.perception for p in pursuers_of(state, q)), default=None)


def afflicted(state: State, name: str, out: str = "") -> Runner | None:
    """Who a complication rolled by ``name`` lands on: the next runner in
    initiative order still running, round the table, never the roller;
    ``out``: a runner the turn itself took out of the chase (caught by it)."""
    runners = state.chase.runners
    for i, r in enumerate(runners):  # loops, not generators: a complication asks
        if r.name == name:
            break
    else:
        raise StopIteration  # as ``next`` of no match did
    for r in runners[i + 1:]:
        if r.name != out and running(state, r):
            return r
    for r in runners[:i]:
        if r.name != out and running(state, r):
            return r
    return None


def complication_row(rules, setting: str, roll: Roll) -> Complication | None:
    """The table row a complication roll lands on (None: no complication)."""
    return complication_row_at(rules, setting, roll)[0]


def complication_row_at(rules, setting: str, roll: Roll) -> tuple[Complication | None, str]:
    """``complication_row`` and, for a row, its ``row_at`` ('' for none)."""
    table = rules.chase.complications.get(setting) if rules.chase else None
    if not table:
        return _NO_ROW
    total = roll.total
    # each total's row, per table (every chase turn asks): a function of the
    # table (immutable, held here: no other object can take its id) and the total
    known = _ROWS[0]
    if known[0] is not table or known[1] != setting:
        known = _ROWS[0] = (table, setting, {})
    rows = known[2]
    if total in rows:
        return rows[total]
    row = _NO_ROW
    for i, e in enumerate(table.entries):  # the first row the roll lands on
        if e.roll[0] <= total <= e.roll[1]:
            if e.result:  # row_at: the index of the first entry that is the row
                row = (e, f"chase.complications.{setting}.entries.{i}")
            break
    rows[total] = row
    return row


# the (row, row_at) of the last complication table asked, by total, with the
# table itself and the setting it was asked under (one tuple, swapped whole)
_ROWS: list = [(None, "", {})]
_NO_ROW = (None, "")


def save_bonus(state: State, r: Runner, save: str) -> int | None:
    """The runner's best saving throw among the abilities a save names ("Str or
    Dex"), where the tracker knows it: a party member's own saves (proficiency
    and exhaustion in, as its sheet shows them), anyone's Con less exhaustion."""
    named = [w.lower() for w in save.replace(",", " ").split() if w.lower() in ABILITIES]
    c = party.find(state, r.name) if r.member else None
    own = sheet.saves(state.rules, c) if c is not None else {}
    known = [own[w] for w in named if w in own]
    if not known and "con" in named:
        known = [r.con - d20_penalty(state, r)]
    return max(known, default=None)


def save_missed(row: Complication, save: Roll | None) -> bool:
    """A complication's effect lands: no save against it, or the save missed the DC."""
    return not row.save or (save is not None and save.total < row.dc)


def row_words(rules, at: str, row: Complication) -> tuple[str, str, str]:
    """A row's obstacle, its save ("DC 10 Dex save") and what a failure does,
    in the GM's language ('' where it has none)."""
    what = term(rules, f"{at}.result", row.result)
    said = term(rules, f"{at}.save", row.save)
    save = _("DC {dc} {save} save").format(
        dc=row.dc, save=save_words(row.save) if said == row.save else said) if row.save else ""
    fail = term(rules, f"{at}.on_fail", row.on_fail) if row.on_fail else ""
    return what, save, fail


def row_at(rules, setting: str, row: Complication) -> str:
    table = rules.chase.complications[setting].entries
    return f"chase.complications.{setting}.entries.{next(i for i, e in enumerate(table) if e is row)}"


def complication_text(rules, setting: str, roll: Roll) -> str:
    """What a complication roll means ('' for none): obstacle, save and DC, failure."""
    row = complication_row(rules, setting, roll)
    if row is None:
        return ""
    return _full(*row_words(rules, row_at(rules, setting, row), row))


def _full(what: str, save: str, fail: str) -> str:
    text = what + (f"; {save}" if save else "")
    return text + ("; " + _("on a failure: {what}").format(what=fail) if fail else "")


def save_words(save: str) -> str:
    """A save's abilities in the GM's language ("Str, Dex or Cha"); a note in
    brackets stays as the ruleset wrote it (a row's whole save can be named in
    [names.xx] instead: see row_words)."""
    if i18n.current() == i18n.ENGLISH:
        return save
    names = {"str": _("Str"), "dex": _("Dex"), "con": _("Con"), "int": _("Int"),
             "wis": _("Wis"), "cha": _("Cha")}

    def one(m) -> str:
        word = m.group(0)
        low = word.lower()
        if word.startswith("("):
            return word
        if low in ("or", "and"):
            return _("or") if low == "or" else _("and")
        return names.get(low[:3], word)

    return re.sub(r"\([^)]*\)|[A-Za-z]+", one, save)


def _went(rules, a: Affliction) -> str:
    """How a complication went for the runner: its save, and what a miss cost."""
    if a.save is not None:
        went = _("save {total}: failed").format(total=a.save) if a.missed else \
            _("save {total}: made").format(total=a.save)
    elif a.row.save:  # an amended complication die: its save was never rolled
        went = _("save not rolled (undo and take the turn again)")
    else:
        went = _("no save")
    if not a.missed:
        return went
    bits = [went]
    if a.condition:
        bits.append(_("{condition} until its turn ends").format(
            condition=term(rules, f"party.conditions.{a.condition}", a.condition)))
    if a.lost:
        bits.append(_("{feet} ft lost").format(feet=a.lost))
    if a.halved:
        bits.append(_("speed halved"))
    if a.damage is not None:
        bits.append(_("takes {damage}").format(damage=a.damage))
    if a.joined:
        bits.append(_("{creature} joins the chase after it").format(creature=a.joiner))
    return "; ".join(bits)


def affliction_text(rules, a: Affliction | None) -> str:
    """What a complication did to a runner, whole: what it is, then (after
    " — ") how it went ('' for none)."""
    if a is None:
        return ""
    return _full(*row_words(rules, a.at, a.row)) + " — " + _went(rules, a)


def brief(rules, a: Affliction) -> tuple[str, str]:
    """A runner's complication without its "on a failure" words, and how it
    went: for an alert or a one-line summary."""
    what, save, _fail = row_words(rules, a.at, a.row)
    return what + (f"; {save}" if save else ""), _went(rules, a)


def over(state: State) -> str:
    """How the chase stands to end ('' while it goes on): every quarry caught
    or escaped, or no pursuer left running. A quarry that fell (down) is the
    pursuers': the chase is not escaped because its last runner died."""
    ch = state.chase
    if not ch.active or ch.evasion is not None or not ch.runners:
        return ""
    quarry = [r for r in ch.runners if r.side == QUARRY]
    pursuers = [r for r in ch.runners if r.side == PURSUER]
    if not quarry or not pursuers:
        return ""
    if any(running(state, q) for q in quarry):
        return "" if any(running(state, p) for p in pursuers) else GAVE_UP
    return CAUGHT if any(status(state, q) in (CAUGHT, DOWN) for q in quarry) else ESCAPED


def fates(state: State) -> list[tuple[str, str]]:
    """Each quarry's fate (escaped, caught, gave up, dropped out; "in" while running)."""
    return [(q.name, status(state, q)) for q in state.chase.runners if q.side == QUARRY]


def fates_text(state: State, outcome: str = "") -> str:
    """How the chase ended for its quarries: "escaped" when all share one fate
    (or there are none: ``outcome``), else "Ana escaped, Bo caught"."""
    # a quarry still running when the chase stands over got away as the chase
    # ended (its pursuers gave up): named so, not "in"
    each = [(name, outcome if fate == IN and outcome else fate) for name, fate in fates(state)]
    if len({f for _x, f in each}) <= 1:
        return status_word(each[0][1] if each else outcome)
    return ", ".join(_("{name} {fate}").format(name=name, fate=status_word(fate))
                     for name, fate in each)


def status_word(status: str) -> str:
    """A runner's status or a chase's outcome in the GM's language."""
    return {IN: pgettext("chase status", "in"), ESCAPED: pgettext("chase status", "escaped"),
            CAUGHT: pgettext("chase status", "caught"),
            GAVE_UP: pgettext("chase status", "gave up"),
            DROPPED: pgettext("chase status", "dropped out"),
            DOWN: pgettext("chase status", "down")}.get(status, status)


def side_word(side: str) -> str:
    """quarry / pursuer in the GM's language."""
    return {QUARRY: pgettext("chase side", "quarry"),
            PURSUER: pgettext("chase side", "pursuer")}.get(side, side)


def setting_word(rules, setting: str) -> str:
    """A complication table's name (urban, wilderness) in the GM's language."""
    if i18n.current() == i18n.ENGLISH:
        return setting  # as it always read, a house rule's dense_city too
    return term(rules, f"chase.complications.{setting}", setting)


def where_word(where: str) -> str:
    """dungeon / wilderness / sea: where an evasion is, in the GM's language."""
    return {"dungeon": pgettext("evasion", "dungeon"),
            "wilderness": pgettext("evasion", "wilderness"),
            "sea": pgettext("evasion", "sea")}.get(where, where)


def surprised_words(side: str) -> str:
    """"party surprised" / "monsters surprised"."""
    return {"party": _("party surprised"), "monsters": _("monsters surprised")}.get(side, side)


def terrain_word(rules, key: str) -> str:
    """An evasion terrain modifier's name (dense woods) in the GM's language."""
    return term(rules, f"chase.evasion.terrain.{key}", key.replace("_", " "))
