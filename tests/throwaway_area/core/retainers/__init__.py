"""Retainers: hirelings paid a daily wage, owed more each day they go unpaid."""

from ..areas import area

__getattr__ = area(__name__, order=95)
