"""The table area: what the GM has told the players (entries revealed to the
players' view) and how the players see hit points. `core/areas.py` finds it."""


from ..areas import area

__getattr__ = area(__name__, order=97)
