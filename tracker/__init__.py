"""tracker: a terminal campaign tracker for tabletop game masters."""

__version__ = "0.1.0"
