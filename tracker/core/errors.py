"""The one error type a GM sees when the engine refuses something."""


class Refused(Exception):
    """A command, input or file that cannot be used; the message is for the GM."""


class WrittenByNewer(Refused):
    """Something in a campaign a later tracker wrote (a ruleset schema, an
    event version or type this one does not know): never called damaged."""


class WrittenByOlder(Refused):
    """Something an earlier tracker wrote that even upcast cannot be read:
    the message says which version wrote it and what is missing."""
