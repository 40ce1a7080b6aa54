"""The bastion event a Maintain turn rolls for, and what each result of the
events table does (an attack and its losses, a criminal hireling, refugees,
a request for aid, treasure...). A part of ``turn.Turn``: the table names the
method (``_attack`` for "attack")."""

from __future__ import annotations

from msgspec.structs import replace

from .. import dice as dicemod
from ..dice import Roll
from .garrison import lose_defenders
from .ledger import book, walls_built
from .lookups import defenders, facility, facility_name, lieutenants, ready, specials
from .model import Facility

MAX_REROLLS = 20  # an Extraordinary Opportunity rerolled again and again


class TurnEvents:
    """The events part of a turn (``Turn`` holds ``b``, ``lines``, ``take``...)."""

    def bastion_event(self) -> None:
        table = self.br.events
        first = self.take(table.die, "bastion event")
        if self.b.meditating:
            second = self.take(table.die, "bastion event, second roll")
            chosen = first if self.ev.pick == 1 else second
            self.lines.append(f"Rolled twice: {first.total} and {second.total}, "
                              f"chose {chosen.total}")
            self.b = replace(self.b, meditating=False)
            first = chosen
        self.resolve(first)

    def resolve(self, r: Roll, rerolls: int = 0) -> None:
        what = self.br.events.lookup(r.total).result
        name = self.br.event_names.get(what, what)
        getattr(self, f"_{what}")(name, r, rerolls)

    def _say(self, name: str, r: Roll, text: str) -> None:
        self.lines.append(f"{name} ({r.total}): {text}")

    def _gain(self, name: str, expr: str, label: str) -> int:
        gp = self.take(expr, label).total
        self.b = book(self.b, self.clock, name, gp)
        return gp

    def _pick(self, pool: list[Facility], label: str) -> Facility | None:
        if not pool:
            return None
        if len(pool) == 1:
            return pool[0]
        return pool[self.take(f"1d{len(pool)}", label).total - 1]

    def _all_is_well(self, name, r, rerolls):
        line = self.br.all_is_well.lookup(self.take(self.br.all_is_well.die, "all is well").total)
        self._say(name, r, line.result)

    def _attack(self, name, r, rerolls):
        b, a = self.b, self.br.attack
        if b.guest_monster:
            self.b = replace(b, guest_monster=False, refugees=0, refugees_in=0)
            return self._say(name, r, "the guest monster drives them off and leaves; no losses")
        if defenders(b) == 0:
            f = self._pick([f for f in specials(b) if ready(f, self.clock)], "facility damaged")
            self.b = replace(self.b, refugees=0, refugees_in=0)
            if f is None:
                return self._say(name, r, "beaten off; nothing to damage")
            self._fac(replace(facility(self.b, f.id), shut=1))
            return self._say(name, r, f"no defenders: {self.name(f)} damaged, shut next turn")
        _, enclosed = walls_built(b, self.clock)
        n = a.dice - (a.walls_fewer if enclosed else 0) \
            - a.lieutenant_fewer * lieutenants(self.rules, b, self.clock)
        die = a.armory_die if b.armory_stocked else a.die
        self.b = replace(b, refugees=0, refugees_in=0,
                         armory_stocked=False if n > 0 else b.armory_stocked)
        if n <= 0:
            return self._say(name, r, "beaten off; no dice left to roll, no losses")
        roll = self.take(f"{n}d{die}", "attack: defenders lost")
        killed = min(defenders(b), sum(1 for d in roll.dice if d == a.kills_on))
        self._say(name, r, f"beaten off; {killed} defender(s) killed" + self.lose(killed))

    def lose(self, n: int) -> str:
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
                moved.append(f"{k} of them {p.owner}'s")
        self.b = lose_defenders(self.b, n)
        return f" ({', '.join(moved)})" if moved else ""

    def _criminal_hireling(self, name, r, rerolls):
        f = self._pick([f for f in specials(self.b) if f.hirelings], "whose hireling")
        if f is None:
            return self._say(name, r, "no hirelings to take")
        if self.ev.bribe:
            bribe = self.take(self.br.follow_ups.criminal_bribe, "the bribe").total
            if bribe <= self.b.treasury:
                self.b = book(self.b, self.clock, f"{name}: bribe", -bribe)
                return self._say(name, r, f"bribe of {bribe:,} GP paid; {self.name(f)} keeps its hireling")
        left = f.hirelings - 1
        self._fac(replace(f, hirelings=left, shut=1 if left == 0 else f.shut))
        self._say(name, r, f"a hireling of {self.name(f)} is taken"
                  + (", shut next turn" if left == 0 else ""))

    def _opportunity(self, name, r, rerolls):
        gp = self.br.follow_ups.opportunity_gp
        if rerolls:
            self._say(name, r, "again: rolled again")
        elif not self.ev.opportunity or gp > self.b.treasury:
            return self._say(name, r, "declined" if not self.ev.opportunity
                             else f"not taken: {gp:,} GP not in the treasury")
        else:
            self.b = book(self.b, self.clock, name, -gp)
            self._say(name, r, f"{gp:,} GP paid; another event")
        if rerolls < MAX_REROLLS:
            self.resolve(self.take(self.br.events.die, "bastion event, again"), rerolls + 1)

    def _friendly_visitors(self, name, r, rerolls):
        gp = self._gain(name, self.br.follow_ups.visitors_gp, "visitors pay")
        self._say(name, r, f"they pay {gp:,} GP")

    def _guest(self, name, r, rerolls):
        who = self.br.guest.lookup(self.take(self.br.guest.die, "guest").total).result
        if who == "famous":
            self.b = book(self.b, self.clock, name, item="a letter of recommendation")
            text = "a famous guest; a letter of recommendation"
        elif who == "sanctuary":
            gp = self._gain(name, self.br.follow_ups.sanctuary_gift, "sanctuary gift")
            text = f"a guest seeking sanctuary; a gift of {gp:,} GP"
        elif who == "mercenary":
            self.b = replace(self.b, mercenaries=self.b.mercenaries + 1)
            text = "a mercenary joins the defenders"
        else:
            self.b = replace(self.b, guest_monster=True)
            text = "a friendly monster stays and will defend"
        self._say(name, r, text)

    def _lost_hirelings(self, name, r, rerolls):
        f = self._pick([f for f in specials(self.b) if ready(f, self.clock)], "which facility")
        if f is None:
            return self._say(name, r, "no special facility to lose them")
        self._fac(replace(f, hirelings=0, shut=1))
        self._say(name, r, f"{self.name(f)} loses its hirelings, shut next turn")

    def _magical_discovery(self, name, r, rerolls):
        item = "an Uncommon potion or scroll (owner's choice)"
        self.b = book(self.b, self.clock, name, item=item)
        self._say(name, r, item)

    def _refugees(self, name, r, rerolls):
        n = self.take(self.br.follow_ups.refugees, "refugees").total
        self.b = replace(self.b, refugees=self.b.refugees + n)
        gp = self._gain(name, self.br.follow_ups.refugees_gp, "refugees pay")
        where = "in " + facility_name(self.rules, facility(self.b, self.b.refugees_in)) \
            if self.b.refugees_in else "outside the walls"
        self._say(name, r, f"{n} refugees; they pay {gp:,} GP; staying {where}")

    def _request_for_aid(self, name, r, rerolls):
        fu = self.br.follow_ups
        sent = min(self.ev.aid, defenders(self.b))
        if sent == 0:
            return self._say(name, r, "no defenders sent")
        sides = dicemod.parse(fu.aid_die).groups[0].sides
        armed = fu.armory_aids and self.b.armory_stocked
        if armed:
            sides = self.br.attack.armory_die
            self.b = replace(self.b, armory_stocked=False)
        total = self.take(f"{sent}d{sides}", f"{sent} defender(s) sent"
                          + (", armed from the Armory" if armed else "")).total
        reward = self.take(fu.aid_reward, "reward").total
        if total >= fu.aid_target:
            self.b = book(self.b, self.clock, name, reward)
            return self._say(name, r, f"{total} vs {fu.aid_target}: solved, {reward:,} GP")
        half = reward // 2
        self.b = book(self.b, self.clock, name, half)
        self._say(name, r, f"{total} vs {fu.aid_target}: solved at a cost, {half:,} GP, "
                  "one defender dies" + self.lose(1).replace("1 of them ", ""))

    def _treasure(self, name, r, rerolls):
        item = self.br.treasure.lookup(self.take(self.br.treasure.die, "treasure").total).result
        self.b = book(self.b, self.clock, name, item=item)
        self._say(name, r, item)
