"""What every part of the history shares without importing the database layer: its error, and the setting's name."""

SETTING = "DICECUP_DB"  # the setting: a URL in the environment, as a club's hubs all point at one league


class HistoryError(Exception):
    """The history database can't be used; the message says why, in one line, without the password."""


class NotAGame(Exception):
    """The file can't go into the history (not a record, not finished, forged, unsigned): the message says why."""
