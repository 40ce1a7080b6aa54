"""The chase area: the D&D 2024 chase (dashes, exhaustion, complications,
escape) and B/X evasion and pursuit. Its state and ruleset section (model.py),
its rules (rules.py, evasion.py), how it stands (standing.py) and how it
shows (views.py).
`core/areas.py` loads the layers in order."""


from ..areas import rules_of

__getattr__ = rules_of(__name__, "rules", "evasion", "met")
