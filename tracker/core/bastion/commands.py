"""What the GM asks of a bastion (the commands) and what the log records
of it (the events, with the range of every field)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from ..dice import Roll
from ..events import Event, event, facts_added, fields_added
from ..handlers import Command
from ..limits import CharacterName, Count, Id, Key, PlaceName

Days = Annotated[int, Meta(ge=1, le=3660)]
Squares = Annotated[int, Meta(ge=1, le=10_000)]
Gold = Annotated[int, Meta(ge=-10_000_000, le=10_000_000)]
Why = Annotated[str, Meta(max_length=200)]
Pick = Annotated[int, Meta(ge=1, le=2)]
Partner = Annotated[str, Meta(max_length=40)]  # "" when none is named
DefenderRef = Annotated[str, Meta(max_length=40)]  # "": unnamed defenders
Herd = Annotated[tuple[Key, ...], Meta(max_length=100)]  # animals one Stable order trades
Made = Annotated[str, Meta(max_length=80)]  # what an order with an open yield makes
Chosen = Annotated[tuple[Key, ...], Meta(max_length=20)]  # a facility's choice (a Garden's type)


# --- commands -----------------------------------------------------------------


class NewBastion(Command, frozen=True):
    owner: str
    name: str = ""


class AddFacility(Command, frozen=True):
    """A special facility, as the owner's level allows; ``chosen``: what is
    chosen for it when built, where its kind chooses (a Garden's type)."""

    owner: str
    kind: str
    qualifies: bool = False  # the GM confirms the prerequisite is met
    chosen: tuple[str, ...] = ()


class SwapFacility(Command, frozen=True):
    """On a level-up, one special facility traded for another."""

    owner: str
    facility: int
    kind: str
    qualifies: bool = False
    chosen: tuple[str, ...] = ()


class EnlargeFacility(Command, frozen=True):
    """A special facility enlarged to Vast; ``days`` where the ruleset leaves them to the GM;
    ``chosen``: what its Vast size adds to its choice (a Vast Garden's second type)."""

    owner: str
    facility: int
    days: int = 0
    chosen: tuple[str, ...] = ()


class ChooseAgain(Command, frozen=True):
    """What is chosen for facility #``facility`` where its kind may choose again
    at any bastion turn (a Pub's drink on tap, a Training Area's trainer)."""

    owner: str
    facility: int
    chosen: tuple[str, ...] = ()


class HouseRefugees(Command, frozen=True):
    """Refugees moved into basic facility #``facility`` (0: outside the walls), or gone."""

    owner: str
    facility: int = 0
    leave: bool = False


class NameDefender(Command, frozen=True):
    """Put a name on one of the defenders, housed in facility #``home`` (0: no housing)."""

    owner: str
    name: str
    home: int = 0


class StrikeDefender(Command, frozen=True):
    """Take a named defender off the roster (fallen, or the name was wrong)."""

    owner: str
    name: str


class MoveDefenders(Command, frozen=True):
    """``count`` unnamed defenders (or the one ``name``d) moved from Barrack
    #``source`` to Barrack #``to``: the GM's rearranging, within the room."""

    owner: str
    source: int
    to: int
    count: int = 1
    name: str = ""


class BuildBasic(Command, frozen=True):
    owner: str
    space: str
    what: str = ""


class EnlargeBasic(Command, frozen=True):
    owner: str
    facility: int


class BuildWalls(Command, frozen=True):
    owner: str
    squares: int
    encloses: bool = False  # these squares close the ring


class MoveGold(Command, frozen=True):
    owner: str
    gp: int
    why: str = ""


class Downtime(Command, frozen=True):
    days: int


class Choices(msgspec.Struct, frozen=True):
    """What the owner answers when an event asks."""

    bribe: bool = False  # pay the Criminal Hireling's bribe
    opportunity: bool = False  # pay for the Extraordinary Opportunity
    aid: int = 0  # defenders sent on a Request for Aid
    pick: int = 1  # which of two event rolls (Meditation Chamber)
    shift: int = 0  # defender losses moved to combined partners
    shift_to: str = ""  # the partner taking them ("": the partners with most defenders first)


class RunTurn(Command, frozen=True):
    """The oldest queued turn of ``owner``: orders (facility id, option id,
    GM's cost[, animals a Stable trades[, what is made or the trainer's id]])
    or Maintain; neither is a turn with no orders."""

    owner: str
    orders: tuple[tuple, ...] = ()
    maintain: bool = False
    choices: Choices = Choices()


class RunQueued(Command, frozen=True):
    """Every queued turn, in order, as Maintain: the owners were away (an owner
    dead or gone from the party gives none: the turn runs without orders)."""

    owner: str = ""  # "" every bastion
    choices: Choices = Choices()


class RunWeeks(Command, frozen=True):
    """``weeks`` turns' length of days at home, each bastion turn run as it
    falls due: every facility given its usual orders again (weeks.py)."""

    weeks: int
    owner: str = ""  # "" every bastion
    choices: Choices = Choices()


class Divest(Command, frozen=True):
    owner: str


class CombineBastions(Command, frozen=True):
    """``owner``'s bastion combined with ``partner``'s (and any it is combined with)."""

    owner: str
    partner: str


# --- events -------------------------------------------------------------------


@event("bastion_founded", area="bastion")
class BastionFounded(Event, frozen=True):
    owner: CharacterName
    name: PlaceName = ""


# version 2 (gm-review4 R2): what was chosen for the facility when built, where its
# kind chooses (a Garden's type): it is given only the orders of its choice. An older
# entry chose nothing: its facility takes any order, as it did.
@event("facility_added", version=2, area="bastion")
class FacilityAdded(Event, frozen=True):
    owner: CharacterName
    kind: Key
    confirmed: bool = False  # the GM vouched for a prerequisite the sheet does not show
    chosen: Chosen = ()


@event("facility_swapped", version=2, area="bastion")
class FacilitySwapped(Event, frozen=True):
    owner: CharacterName
    facility: Id
    kind: Key
    confirmed: bool = False
    chosen: Chosen = ()  # version 2: as ``FacilityAdded``'s


@event("facility_enlarged", version=2, area="bastion")
class FacilityEnlarged(Event, frozen=True):
    owner: CharacterName
    facility: Id
    days: Days
    chosen: Chosen = ()  # version 2: what Vast adds to its choice ("": its first, again)


# what was chosen is the GM's fact, corrected like any (amend --set chosen=herb); an
# older entry reads as nothing chosen (its campaign's ruleset had no choice to make)
facts_added("facility_added", 2, chosen=())
facts_added("facility_swapped", 2, chosen=())
facts_added("facility_enlarged", 2, chosen=())


# what is chosen for a facility that may choose again at any bastion turn, with no
# order (a Pub's drink on tap, a Training Area's trainer): its whole choice at its size
@event("facility_rechosen", area="bastion")
class FacilityRechosen(Event, frozen=True):
    owner: CharacterName
    facility: Id
    chosen: Chosen


@event("defender_named", area="bastion")
class DefenderNamed(Event, frozen=True):
    owner: CharacterName
    name: CharacterName
    home: Count = 0


@event("defender_struck", area="bastion")
class DefenderStruck(Event, frozen=True):
    owner: CharacterName
    name: CharacterName


@event("defenders_moved", area="bastion")
class DefendersMoved(Event, frozen=True):
    owner: CharacterName
    source: Id
    to: Id
    count: Count = 1
    name: DefenderRef = ""


@event("refugees_housed", area="bastion")
class RefugeesHoused(Event, frozen=True):
    owner: CharacterName
    facility: Count = 0
    leave: bool = False


@event("basic_facility_ordered", area="bastion")
class BasicOrdered(Event, frozen=True):
    owner: CharacterName
    space: Key
    what: Key


@event("basic_facility_enlarged", area="bastion")
class BasicEnlarged(Event, frozen=True):
    owner: CharacterName
    facility: Id


@event("walls_ordered", area="bastion")
class WallsOrdered(Event, frozen=True):
    owner: CharacterName
    squares: Squares
    encloses: bool = False


@event("bastion_gold_moved", area="bastion")
class GoldMoved(Event, frozen=True):
    owner: CharacterName
    gp: Gold
    why: Why = ""


@event("downtime_passed", version=3, area="bastion")
class DowntimePassed(Event, frozen=True):
    days: Days
    # version 2: lit lights burn through the days (older entries passed them
    # with the lights' time standing still: they still do)
    lights_burn: bool = True
    # version 3: the days are days off: each pays back the road's rest debt, and
    # each night is a long rest where the ruleset has them (travel/camp.py; older
    # entries rested nobody: they still do)
    rests: bool = True


fields_added("downtime_passed", 2, lights_burn=False)
fields_added("downtime_passed", 3, rests=False)


class OrderGiven(msgspec.Struct, frozen=True, omit_defaults=True):
    facility: Id
    option: Key
    cost: Count = 0  # what the GM entered, for orders whose cost the GM sets
    animals: Herd = ()  # the animals a Stable buys or sells (then no cost)
    made: Made = ""  # what the GM said is made, where the yield is open ("": the yield's text)
    trainer: Key = ""  # the trainer a training order names ("": as before, none)
    chosen: Chosen = ()  # what an order changing the facility's choice makes it (a Garden's type)


@event("bastion_turn_run", area="bastion")
class BastionTurnRun(Event, frozen=True):
    owner: CharacterName
    maintain: bool = False
    away: bool = False
    orders: tuple[OrderGiven, ...] = ()
    bribe: bool = False
    opportunity: bool = False
    aid: Count = 0
    pick: Pick = 1
    dice: tuple[Roll, ...] = ()
    shift: Count = 0  # defender losses the owner moves to combined partners
    shift_to: Partner = ""


@event("bastions_combined", area="bastion")
class BastionsCombined(Event, frozen=True):
    owner: CharacterName
    partner: CharacterName


@event("bastion_divested", area="bastion")
class Divested(Event, frozen=True):
    owner: CharacterName
