"""The one error type a GM sees when the engine refuses something."""


class Refused(Exception):
    """A command, input or file that cannot be used; the message is for the GM."""
