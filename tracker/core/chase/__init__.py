"""The chase area: the D&D 2024 chase (dashes, exhaustion, complications,
escape) and B/X evasion and pursuit. Its state and ruleset section (model.py),
its rules (rules.py, evasion.py), how it stands (standing.py) and how it
shows (views.py).
`core/areas.py` finds it and loads its layers in fold order."""


from ..areas import area

__getattr__ = area(__name__, order=80, rules=("rules", "evasion", "met", "clock"))
