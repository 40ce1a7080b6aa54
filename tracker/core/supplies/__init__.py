"""The supplies area: its part of the state and its ruleset section (model.py), its rules (rules.py).
`core/areas.py` finds it and loads its layers in fold order."""


from ..areas import area

__getattr__ = area(__name__, order=60, rules=("rules", "hunger"))
