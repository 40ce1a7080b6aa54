"""The party area: its part of the state and its ruleset section (model.py), its rules (rules.py),
what a character's numbers come to (sheet.py, read by the other areas too) and how it shows (views.py).
`core/areas.py` finds it and loads its layers in fold order."""


from ..areas import area

__getattr__ = area(__name__, order=20)
