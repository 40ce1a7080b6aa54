"""Comparing an old campaign's recorded ``state --json`` with today's replay:
what the generations tests and the old evasion campaigns share."""

from __future__ import annotations

import json

from tracker.cli import _state_json
from tracker.service import Campaign

# the JSON's own bookkeeping, not the campaign's: its layout version and the
# name a copy is opened under
NOT_COMPARED = {"format"}


def differences(old, new, path="$") -> list[str]:
    """Where ``new`` loses or changes a value ``old`` had (added keys are fine)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for k, v in old.items():
            if path == "$" and k in NOT_COMPARED:
                continue
            if k not in new:
                out.append(f"{path}.{k}: gone (was {v!r:.80})")
            else:
                out += differences(v, new[k], f"{path}.{k}")
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{path}: {len(old)} items, now {len(new)}"]
        return [d for i, (a, b) in enumerate(zip(old, new)) for d in differences(a, b, f"{path}[{i}]")]
    return [] if old == new else [f"{path}: {old!r:.80} -> {new!r:.80}"]


def state_now(c: Campaign) -> dict:
    """``state --json`` as the CLI prints it (tuples become lists)."""
    return json.loads(json.dumps(_state_json(c, c.state, c.seq), ensure_ascii=False))
