"""The bastion event a Maintain turn rolls for, and what each result of the
events table does (an attack and its losses, a criminal hireling, refugees,
a request for aid, treasure...). A part of ``turn.Turn``: the table names the
method (``_attack`` for "attack")."""

from __future__ import annotations

from msgspec.structs import replace

from ...i18n import N_
from .. import dice as dicemod
from ..dice import Roll
from .garrison import lose_defenders
from .ledger import book, walls_built
from .lookups import defenders, facility, facility_term, lieutenants, ready, specials
from .model import Facility
from .said import Joined, Term, Value, say, say_n

MAX_REROLLS = 20  # an Extraordinary Opportunity rerolled again and again


def _index_at(cell: list, table, total: int) -> int | None:
    """The index of the first entry of ``table`` (a rolled table) whose range
    holds ``total``, or None: as ``table.lookup`` finds it, kept per total for
    the last table asked at this place (``cell``: one tuple, swapped whole; the
    table held, immutable: no other object can take its id). A bastion turn
    rolls the events table and, on a quiet turn, the all-is-well table."""
    known = cell[0]
    if known[0] is not table:
        known = cell[0] = (table, {})
    rows = known[1]
    if total not in rows:
        rows[total] = next((i for i, e in enumerate(table.entries)
                            if e.roll[0] <= total <= e.roll[1]), None)
    return rows[total]


_EVENTS: list = [(None, {})]
_ALL_IS_WELL: list = [(None, {})]


class TurnEvents:
    """The events part of a turn (``Turn`` holds ``b``, ``lines``, ``take``...)."""

    def bastion_event(self) -> None:
        table = self.br.events
        first = self.take(table.die, say(N_("bastion event")))
        if self.b.meditating:
            second = self.take(table.die, say(N_("bastion event, second roll")))
            chosen = first if self.ev.pick == 1 else second
            self.lines.append(say(N_("Rolled twice: {first} and {second}, chose {chosen}"),
                                  first=str(first.total), second=str(second.total),
                                  chosen=str(chosen.total)))
            self.b = replace(self.b, meditating=False)
            first = chosen
        self.resolve(first)

    def resolve(self, r: Roll, rerolls: int = 0) -> None:
        table = self.br.events
        at = _index_at(_EVENTS, table, r.total)  # ``table.lookup``'s entry
        what = (table.entries[at] if at is not None else None).result
        name = Term(f"bastion.event_names.{what}", self.br.event_names.get(what, what))
        getattr(self, f"_{what}")(name, r, rerolls)

    def _say(self, name: Value, r: Roll, text: Value) -> None:
        """"Attack (53): beaten off; ...": the event, its roll and what came of it."""
        self.lines.append(say(N_("{event} ({roll}): {what}"), event=name, roll=str(r.total),
                              what=text))

    def _gain(self, name: Value, expr: str, label: Value) -> int:
        gp = self.take(expr, label).total
        self.b = book(self.b, self.clock, name, gp)
        return gp

    def _pick(self, pool: list[Facility], label: Value) -> Facility | None:
        if not pool:
            return None
        if len(pool) == 1:
            return pool[0]
        return pool[self.take(f"1d{len(pool)}", label).total - 1]

    def _all_is_well(self, name, r, rerolls):
        table = self.br.all_is_well
        roll = self.take(table.die, say(N_("all is well"))).total
        at = _index_at(_ALL_IS_WELL, table, roll)
        if at is None:
            raise StopIteration  # as ``next`` of no entry did
        self._say(name, r, Term(f"bastion.all_is_well.entries.{at}.result",
                                table.entries[at].result))

    def _attack(self, name, r, rerolls):
        b, a = self.b, self.br.attack
        if b.guest_monster:
            self.b = replace(b, guest_monster=False, refugees=0, refugees_in=0)
            return self._say(name, r, say(N_("the guest monster drives them off and leaves; "
                                             "no losses")))
        if defenders(b) == 0:
            f = self._pick([f for f in specials(b) if ready(f, self.clock)],
                           say(N_("facility damaged")))
            self.b = replace(self.b, refugees=0, refugees_in=0)
            if f is None:
                return self._say(name, r, say(N_("beaten off; nothing to damage")))
            self._fac(replace(facility(self.b, f.id), shut=1))
            return self._say(name, r, say(N_("no defenders: {facility} damaged, shut next turn"),
                                          facility=self.name(f)))
        _, enclosed = walls_built(b, self.clock)
        n = a.dice - (a.walls_fewer if enclosed else 0) \
            - a.lieutenant_fewer * lieutenants(self.rules, b, self.clock)
        die = a.armory_die if b.armory_stocked else a.die
        self.b = replace(b, refugees=0, refugees_in=0,
                         armory_stocked=False if n > 0 else b.armory_stocked)
        if n <= 0:
            return self._say(name, r, say(N_("beaten off; no dice left to roll, no losses")))
        roll = self.take(f"{n}d{die}", say(N_("attack: defenders lost")))
        killed = min(defenders(b), sum(1 for d in roll.dice if d == a.kills_on))
        self._say(name, r, say_n("beaten off; {n} defender killed{moved}",
                                 "beaten off; {n} defenders killed{moved}", killed,
                                 moved=self.lose(killed)))

    def lose(self, n: int, counted: bool = True) -> Value:
        """``n`` of the owner's defenders die, less those the owner moves to
        combined partners (the one named, else the best defended first);
        says who took them."""
        named = self.ev.shift_to.casefold()
        order = sorted((p for p in self.mates if not named or p.owner.casefold() == named),
                       key=lambda p: -defenders(p))
        moved = []
        for p in order:
            k = min(self.shift_left, n, defenders(p))
            if k:
                self.mates = [lose_defenders(x, k) if x is p else x for x in self.mates]
                self.shift_left, n = self.shift_left - k, n - k
                moved.append(say_n("{n} of them {owner}'s", "{n} of them {owner}'s", k,
                                   owner=p.owner) if counted else
                             say(N_("{owner}'s"), owner=p.owner))
        self.b = lose_defenders(self.b, n)
        return say(N_(" ({moved})"), moved=Joined(tuple(moved))) if moved else ""

    def _criminal_hireling(self, name, r, rerolls):
        f = self._pick([f for f in specials(self.b) if f.hirelings], say(N_("whose hireling")))
        if f is None:
            return self._say(name, r, say(N_("no hirelings to take")))
        if self.ev.bribe:
            bribe = self.take(self.br.follow_ups.criminal_bribe, say(N_("the bribe"))).total
            if bribe <= self.b.treasury:
                self.b = book(self.b, self.clock, say(N_("{event}: bribe"), event=name), -bribe)
                return self._say(name, r, say(N_("bribe of {gp} GP paid; {facility} keeps its "
                                                 "hireling"), gp=bribe, facility=self.name(f)))
        left = f.hirelings - 1
        self._fac(replace(f, hirelings=left, shut=1 if left == 0 else f.shut))
        self._say(name, r, say(N_("a hireling of {facility} is taken, shut next turn")
                               if left == 0 else N_("a hireling of {facility} is taken"),
                               facility=self.name(f)))

    def _opportunity(self, name, r, rerolls):
        gp = self.br.follow_ups.opportunity_gp
        if rerolls:
            self._say(name, r, say(N_("again: rolled again")))
        elif not self.ev.opportunity or gp > self.b.treasury:
            return self._say(name, r, say(N_("declined")) if not self.ev.opportunity
                             else say(N_("not taken: {gp} GP not in the treasury"), gp=gp))
        else:
            self.b = book(self.b, self.clock, name, -gp)
            self._say(name, r, say(N_("{gp} GP paid; another event"), gp=gp))
        if rerolls < MAX_REROLLS:
            self.resolve(self.take(self.br.events.die, say(N_("bastion event, again"))),
                         rerolls + 1)

    def _friendly_visitors(self, name, r, rerolls):
        gp = self._gain(name, self.br.follow_ups.visitors_gp, say(N_("visitors pay")))
        self._say(name, r, say(N_("they pay {gp} GP"), gp=gp))

    def _guest(self, name, r, rerolls):
        who = self.br.guest.lookup(self.take(self.br.guest.die, say(N_("guest"))).total).result
        if who == "famous":
            self.b = book(self.b, self.clock, name, item=say(N_("a letter of recommendation")))
            text = say(N_("a famous guest; a letter of recommendation"))
        elif who == "sanctuary":
            gp = self._gain(name, self.br.follow_ups.sanctuary_gift, say(N_("sanctuary gift")))
            text = say(N_("a guest seeking sanctuary; a gift of {gp} GP"), gp=gp)
        elif who == "mercenary":
            self.b = replace(self.b, mercenaries=self.b.mercenaries + 1)
            text = say(N_("a mercenary joins the defenders"))
        else:
            self.b = replace(self.b, guest_monster=True)
            text = say(N_("a friendly monster stays and will defend"))
        self._say(name, r, text)

    def _lost_hirelings(self, name, r, rerolls):
        f = self._pick([f for f in specials(self.b) if ready(f, self.clock)],
                       say(N_("which facility")))
        if f is None:
            return self._say(name, r, say(N_("no special facility to lose them")))
        self._fac(replace(f, hirelings=0, shut=1))
        self._say(name, r, say(N_("{facility} loses its hirelings, shut next turn"),
                               facility=self.name(f)))

    def _magical_discovery(self, name, r, rerolls):
        item = say(N_("an Uncommon potion or scroll (owner's choice)"))
        self.b = book(self.b, self.clock, name, item=item)
        self._say(name, r, item)

    def _refugees(self, name, r, rerolls):
        n = self.take(self.br.follow_ups.refugees, say(N_("refugees"))).total
        self.b = replace(self.b, refugees=self.b.refugees + n)
        gp = self._gain(name, self.br.follow_ups.refugees_gp, say(N_("refugees pay")))
        if self.b.refugees_in:
            text = say_n("{n} refugees; they pay {gp} GP; staying in {facility}",
                         "{n} refugees; they pay {gp} GP; staying in {facility}", n, gp=gp,
                         facility=facility_term(self.rules, facility(self.b, self.b.refugees_in)))
        else:
            text = say_n("{n} refugees; they pay {gp} GP; staying outside the walls",
                         "{n} refugees; they pay {gp} GP; staying outside the walls", n, gp=gp)
        self._say(name, r, text)

    def _request_for_aid(self, name, r, rerolls):
        fu = self.br.follow_ups
        sent = min(self.ev.aid, defenders(self.b))
        if sent == 0:
            return self._say(name, r, say(N_("no defenders sent")))
        sides = dicemod.parse(fu.aid_die).groups[0].sides
        armed = fu.armory_aids and self.b.armory_stocked
        if armed:
            sides = self.br.attack.armory_die
            self.b = replace(self.b, armory_stocked=False)
        total = self.take(f"{sent}d{sides}", say_n(
            "{n} defender sent, armed from the Armory", "{n} defenders sent, armed from "
            "the Armory", sent) if armed else say_n("{n} defender sent",
                                                   "{n} defenders sent", sent)).total
        reward = self.take(fu.aid_reward, say(N_("reward"))).total
        if total >= fu.aid_target:
            self.b = book(self.b, self.clock, name, reward)
            return self._say(name, r, say(N_("{total} vs {target}: solved, {gp} GP"),
                                          total=str(total), target=str(fu.aid_target), gp=reward))
        half = reward // 2
        self.b = book(self.b, self.clock, name, half)
        self._say(name, r, say(N_("{total} vs {target}: solved at a cost, {gp} GP, one defender "
                                  "dies{moved}"), total=str(total), target=str(fu.aid_target),
                               gp=half, moved=self.lose(1, counted=False)))

    def _treasure(self, name, r, rerolls):
        table = self.br.treasure
        roll = self.take(table.die, say(N_("treasure"))).total
        at = next(i for i, e in enumerate(table.entries) if e.roll[0] <= roll <= e.roll[1])
        item = Term(f"bastion.treasure.entries.{at}.result", table.entries[at].result)
        self.b = book(self.b, self.clock, name, item=item)
        self._say(name, r, item)
