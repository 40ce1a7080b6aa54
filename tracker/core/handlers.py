"""Where each area registers its decide and evolve functions.

``decide(state, command, dice) -> list[Event]`` holds the rules;
``evolve(state, event) -> State`` folds a fact in and rolls nothing.
"""

from __future__ import annotations

from typing import Callable

import msgspec

DECIDERS: dict[type, Callable] = {}
EVOLVERS: dict[type, Callable] = {}


class Command(msgspec.Struct, frozen=True):
    """Base of every GM intent, named in the imperative."""


def decides(command_type: type):
    def register(fn):
        DECIDERS[command_type] = fn
        return fn
    return register


def evolves(event_type: type):
    def register(fn):
        EVOLVERS[event_type] = fn
        return fn
    return register
