"""The campaign area: its rules (rules.py).
`core/areas.py` finds it and loads its layers in fold order."""


from ..areas import area

__getattr__ = area(__name__, order=10, logs=("campaign", "session"))
