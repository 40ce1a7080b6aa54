"""Two parts of a state as a snapshot holds them, decoded on first use: the
corrections in force and the redo stack (issue 22, benchmark 6).

A campaign with 1,000 corrections holds 1,000 stand-ins, and decoding them
cost more than the whole rest of an open (2.6M instructions, against 2.1M for
opening a campaign without any); 1,000 undos in a row leave a redo stack of
1,000 commands (1.8M). Opening needs neither: the correction at the tail
refolds only the entry it corrects, whose stand-in is in that correction, and
an undo at the tail pushes one command on the stack. So a state read from a
snapshot holds ``UndecodedCorrections`` / ``UndecodedRedo``: the msgpack
bytes the snapshot wrote, and what was put on top of them since. Each is a
read-only mapping / sequence equal to the dict / tuple it stands for;
anything that reads further into it decodes it then, once (it never changes:
a new correction or undo makes a new one, as ``{**corrections, seq: events}``
and ``(ref,) + redo`` did), so it cannot go stale.

Nothing but the snapshot writer (``store.sqlite``) encodes a state: a generic
msgspec encoder does not know these types (``plain`` gives the dict / tuple).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Iterator

import msgspec

from ..state import CommandRef
from .model import Raw

StandIns = tuple[Raw, ...]
_CORRECTIONS = msgspec.msgpack.Decoder(dict[int, StandIns])
_REFS = msgspec.msgpack.Decoder(tuple[CommandRef, ...])
_ENCODER = msgspec.msgpack.Encoder()
NO_CORRECTIONS = _ENCODER.encode({})
NO_REDO = _ENCODER.encode(())
_MISSING = object()


class UndecodedCorrections(Mapping):
    """The corrections in force: ``raw`` (msgpack of the dict, which corrects
    entries ``first..last`` only), updated with ``plus``."""

    __slots__ = ("raw", "first", "last", "plus", "_dict")

    def __init__(self, raw: bytes, first: int, last: int,
                 plus: dict[int, StandIns] | None = None):
        self.raw, self.first, self.last = raw, first, last
        self.plus = plus or {}
        self._dict: dict[int, StandIns] | None = None

    def decoded(self) -> dict[int, StandIns]:
        d = self._dict
        if d is None:  # two threads may both decode: the same value either way
            d = _CORRECTIONS.decode(self.raw)
            if self.plus:
                d = {**d, **self.plus}  # as ``{**corrections, seq: events}`` in turn
            self._dict = d
        return d

    def get(self, seq, default=None):
        plus = self.plus
        if seq in plus:
            return plus[seq]
        if self._dict is None and type(seq) is int and not self.first <= seq <= self.last:
            return default  # not corrected in ``raw`` either: no need to decode
        return self.decoded().get(seq, default)

    def __getitem__(self, seq) -> StandIns:
        found = self.get(seq, _MISSING)
        if found is _MISSING:
            raise KeyError(seq)
        return found

    def __contains__(self, seq) -> bool:
        return self.get(seq, _MISSING) is not _MISSING

    def __iter__(self) -> Iterator[int]:
        return iter(self.decoded())

    def __len__(self) -> int:
        return len(self.decoded())

    def __bool__(self) -> bool:
        return True  # made only for corrections in force (none is a plain {})

    def keys(self):
        return self.decoded().keys()

    def items(self):
        return self.decoded().items()

    def values(self):
        return self.decoded().values()

    def __eq__(self, other) -> bool:
        if isinstance(other, UndecodedCorrections):
            if other.raw == self.raw and other.plus == self.plus:
                return True
            other = other.decoded()
        return self.decoded() == other

    __hash__ = None  # type: ignore[assignment]  (a dict is not hashable either)

    def __repr__(self) -> str:
        return repr(self.decoded())

    def __reduce__(self):  # copied or pickled, it is the plain dict
        return dict, (self.decoded(),)


class UndecodedRedo(Sequence):
    """The redo stack: ``top`` (the commands undone since, the latest first),
    then the commands in ``raw`` (msgpack of a non-empty tuple)."""

    __slots__ = ("raw", "top", "_refs")

    def __init__(self, raw: bytes, top: tuple[CommandRef, ...] = ()):
        self.raw, self.top = raw, top
        self._refs: tuple[CommandRef, ...] | None = None

    def decoded(self) -> tuple[CommandRef, ...]:
        refs = self._refs
        if refs is None:
            refs = self._refs = self.top + _REFS.decode(self.raw)
        return refs

    def __getitem__(self, i):
        top = self.top
        if type(i) is int and 0 <= i < len(top):
            return top[i]  # what redo brings back next: no need to decode
        if type(i) is slice and i == slice(1, None) and top and self._refs is None:
            return UndecodedRedo(self.raw, top[1:])  # a redo: the stack less its top
        return self.decoded()[i]

    def __radd__(self, other):
        if type(other) is tuple and self._refs is None:  # an undo: ``(ref,) + redo``
            return UndecodedRedo(self.raw, other + self.top)
        return tuple(other) + self.decoded()

    def __add__(self, other):
        return self.decoded() + tuple(other)

    def __len__(self) -> int:
        return len(self.decoded())

    def __bool__(self) -> bool:
        return True  # ``raw`` is never the empty stack (that is a plain ())

    def __iter__(self) -> Iterator[CommandRef]:
        return iter(self.decoded())

    def __eq__(self, other) -> bool:
        if isinstance(other, UndecodedRedo):
            if other.raw == self.raw and other.top == self.top:
                return True
            other = other.decoded()
        return self.decoded() == other

    def __hash__(self) -> int:
        return hash(self.decoded())

    def __repr__(self) -> str:
        return repr(self.decoded())

    def __reduce__(self):  # copied or pickled, it is the plain tuple
        return tuple, (self.decoded(),)


def with_correction(corrections: Mapping[int, StandIns], seq: int,
                    events: StandIns) -> Mapping[int, StandIns]:
    """``{**corrections, seq: events}``, without decoding ``corrections`` when a
    snapshot's have not been yet (the correction at the tail of an open)."""
    if type(corrections) is UndecodedCorrections and corrections._dict is None:
        return UndecodedCorrections(corrections.raw, corrections.first, corrections.last,
                                    {**corrections.plus, seq: events})
    new = {**corrections, seq: events}
    last = _EARLIEST[0]
    if last[0] is corrections:  # its earliest is known: the new dict's follows from it
        _EARLIEST[0] = (new, min(last[1], seq))
    return new


# The last plain dict of corrections whose earliest entry was asked or derived,
# and that entry: ``(dict, min(dict))``. Each correction of a replay asks it of
# the dict ``with_correction`` just made from the state's, and ``min`` over a
# campaign's 1,700 corrections, then the dict copy, cost O(corrections) each:
# 3% of a 100,000-entry mixed replay apiece. A dict of corrections is never
# changed once made (a new correction makes a new one), and the one kept here
# is held strongly (no other object can take its id); one tuple, swapped whole
# (a replay in another thread reads a dict with its own earliest, never another's).
_EARLIEST: list[tuple[object, int]] = [(None, 0)]


def earliest(corrections: Mapping[int, StandIns]) -> int:
    """``min(corrections)``: the earliest corrected entry (never asked of none)."""
    if type(corrections) is UndecodedCorrections and corrections._dict is None:
        return min(corrections.first, *corrections.plus) if corrections.plus \
            else corrections.first
    last = _EARLIEST[0]
    if last[0] is corrections:
        return last[1]
    found = min(corrections)
    if type(corrections) is dict:
        _EARLIEST[0] = (corrections, found)
    return found


def encoded_corrections(corrections: Mapping[int, StandIns]) -> tuple[bytes, int, int]:
    """The msgpack of ``corrections`` and the earliest and latest entry they
    correct (0, 0 when none), as a snapshot writes them."""
    if type(corrections) is UndecodedCorrections and corrections._dict is None \
            and not corrections.plus:
        return corrections.raw, corrections.first, corrections.last
    plain_ = plain(corrections)
    if not plain_:
        return NO_CORRECTIONS, 0, 0
    return _ENCODER.encode(plain_), min(plain_), max(plain_)


def encoded_redo(redo: Sequence[CommandRef]) -> bytes:
    """The msgpack of the redo stack, as a snapshot writes it."""
    if type(redo) is UndecodedRedo and redo._refs is None and not redo.top:
        return redo.raw
    return _ENCODER.encode(plain(redo))


def plain(part):
    """The corrections as a dict, the redo stack as a tuple (for an encoder
    that knows only those)."""
    return part.decoded() if type(part) in (UndecodedCorrections, UndecodedRedo) else part
