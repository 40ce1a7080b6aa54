"""The areas of the campaign, in fold order: importing one registers its
commands, events, deciders, evolvers, log lines and invariants. An area that
reacts to another's events comes after it, so its evolver runs second."""

from __future__ import annotations

from . import campaign, party, dungeon, lights, effects, supplies, corrections  # noqa: F401

AREAS = (campaign, party, dungeon, lights, effects, supplies, corrections)
