"""The bastion area (D&D 2024): its part of the state and its ruleset section
(model.py), how it shows (views.py), and its rules, one module a job:
commands.py (the commands and events), lookups.py (finding things, what a
facility comes to), ledger.py (gold and walls), garrison.py (defenders
and refugees), facilities.py (adding, swapping, building, enlarging), turn.py
(running a turn, with orders.py and turn_events.py), weeks.py (several weeks
at home in one command), holdings.py (founding,
combining, divesting; what must hold) and schedule.py (turns falling due,
downtime).
`core/areas.py` finds it and loads its layers in fold order."""


from ..areas import area

__getattr__ = area(__name__, order=70, rules=(
    "commands", "lookups", "ledger", "garrison", "facilities", "orders", "turn_events",
    "turn", "holdings", "schedule", "weeks"))
