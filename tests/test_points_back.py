"""``entries.points_back`` (an entry about entries names only earlier ones),
written without the builtins ``min`` and ``max`` (issue 22, ninth pass), refuses
exactly what the tuple of the seqs named refused before, with the same words."""

import pytest

from tracker.core.errors import Refused
from tracker.core.events import Envelope
from tracker.core.timeline.model import Raw
from tracker.core.timeline.entries import EntryCorrected, Redone, Rewound, Undone, points_back


def _refused_before(env: Envelope) -> str | None:
    """What the earlier ``points_back`` said: its tuple of the seqs named."""
    ev = env.event
    seqs = (ev.first_seq, ev.last_seq) if isinstance(ev, (Undone, Redone)) else \
        (ev.to_seq,) if isinstance(ev, Rewound) else (ev.target,)
    if max(seqs) >= env.seq or min(seqs) < 1 or \
            (isinstance(ev, (Undone, Redone)) and ev.first_seq > ev.last_seq):
        kind = env.type.replace("_", " ")  # the kind in words, never the internal type
        return f"entry #{env.seq} ({kind}) names entry #{max(seqs)}, which is not before it"
    return None


def _events():
    for first in range(0, 6):
        for last in range(0, 6):
            yield Undone("c", first, last)
            yield Redone("c", first, last)
        yield Rewound(first)
        yield EntryCorrected(first, (Raw("note_added", 1, '{"text": "x"}'),))


@pytest.mark.parametrize("seq", [1, 2, 3, 5, 6])
def test_points_back_refuses_as_before(seq):
    for ev in _events():
        env = Envelope(seq, ev.TYPE, ev.VERSION, ev, "c", 1, "")
        want = _refused_before(env)
        if want is None:
            points_back(env)
        else:
            with pytest.raises(Refused) as err:
                points_back(env)
            assert str(err.value) == want, ev
