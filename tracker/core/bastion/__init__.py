"""The bastion area (D&D 2024): its part of the state and its ruleset section (model.py), its rules (rules.py) and how it shows (views.py).
`core/areas.py` loads the layers in order."""


from ..areas import rules_of

__getattr__ = rules_of(__name__)
