"""The party area: its rules (rules.py) and how it shows (views.py).

Importing the package registers both."""

from .rules import *  # noqa: F401,F403  (the area's commands, events and helpers)
from . import views  # noqa: F401  (registers its log lines, alerts, JSON, invariants)
