"""How corrections show: their log lines."""

from __future__ import annotations

from ..describe import describe
from ..events import describes
from .rules import EntryCorrected, Rewound, cook


# --- how its events read in the log ------------------------------------------------

@describes(EntryCorrected)
def _describe_entry_corrected(ev: EntryCorrected, rules) -> str:
    new = "; ".join(describe(cook(r), rules) for r in ev.events)
    note = f" ({ev.note})" if ev.note else ""
    return f"Corrected #{ev.target}: {new}{note}"


@describes(Rewound)
def _describe_rewound(ev: Rewound, rules) -> str:
    return f"Rewound the campaign to #{ev.to_seq}"
