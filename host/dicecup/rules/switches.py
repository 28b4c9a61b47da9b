"""The switches a host may flip, written `name=value` after the preset name (contract: RULES.md).

A switch knows how to parse and print its values; which presets offer it, and their defaults, live with the
presets. Values are plain Python: bool for on/off, int for counts, str for choices, (min, max) for players.
"""
from .errors import RulesError, short


class Switch:
    __slots__ = ("name", "doc", "kind", "low", "high", "choices", "unit")

    def __init__(self, name, doc, kind, low=None, high=None, choices=(), unit=""):
        self.name, self.doc, self.kind = name, doc, kind
        self.low, self.high, self.choices, self.unit = low, high, choices, unit

    def parse(self, text: str):
        if self.kind == "onoff":
            if text not in ("on", "off"):
                raise RulesError(f"{self.name}={short(text)}: {self.name} is on or off")
            return text == "on"
        if self.kind == "choice":
            if text not in self.choices:
                raise RulesError(f"{self.name}={short(text)}: {self.name} is one of {', '.join(self.choices)}")
            return text
        if self.kind == "int":
            return self._int(text)
        low, sep, high = text.partition("-")  # kind "range": players=2-6
        if not sep:
            raise RulesError(f"{self.name}={short(text)}: write a range, like {self.name}=2-6")
        low, high = self._int(low, text), self._int(high, text)
        if low > high:
            raise RulesError(f"{self.name}={short(text)}: the smaller number comes first")
        return (low, high)

    def _int(self, text: str, whole: str = None):
        shown = whole if whole is not None else text
        if not text.isdigit():
            raise RulesError(f"{self.name}={short(shown)}: {self.name} is a whole number from {self.low} to "
                             f"{self.high}")  # -5 is whole: the range is what was wrong
        if not text.isascii():  # int() reads full-width digits; a record must read the same everywhere
            raise RulesError(f"{self.name}={short(shown)}: {self.name} is a whole number written with the "
                             "digits 0-9")
        too_long = len(text.lstrip("0")) > len(str(self.high))  # int() of a million digits takes its time, or fails
        value = None if too_long else int(text)
        if value is None or not self.low <= value <= self.high:
            raise RulesError(f"{self.name}={short(shown)}: {self.name} is from {self.low} to {self.high}")
        return value

    def show(self, value) -> str:
        if self.kind == "onoff":
            return "on" if value else "off"
        if self.kind == "range":
            return f"{value[0]}-{value[1]}"
        return str(value)

    def values_text(self) -> str:
        """The allowed values, for the rule page."""
        if self.kind == "onoff":
            return "on / off"
        if self.kind == "choice":
            return " / ".join(self.choices)
        if self.kind == "range":
            return f"min-max within {self.low}..{self.high}"
        return f"{self.low}..{self.high}{' ' + self.unit if self.unit else ''}"


SWITCHES = {s.name: s for s in (
    Switch("dice", "starting dice per player", "int", 1, 10, unit="dice"),
    Switch("wild", "ones are wild: every 1 counts toward the face bid", "onoff"),
    Switch("spot", "the exact call (spot on, calza)", "onoff"),
    Switch("exact", "the Exact call of classic Liar's Dice: right, every other player loses a die; wrong, "
           "the caller loses two", "onoff"),
    Switch("palifico", "a player brought down to one die gets one palifico round", "onoff"),
    Switch("lose", "what a lost round costs: one die, the difference between count and bid, or no die",
           "choice", choices=("die", "difference", "none")),
    Switch("load", "bullets loaded by a first lost round", "int", 1, 6, unit="bullets"),
    Switch("clock", "seconds per turn; 0 is no clock", "int", 0, 3600, unit="s"),
    Switch("limit", "holding this many dice eliminates a player", "int", 2, 20, unit="dice"),
    Switch("lives", "lives per player", "int", 1, 9),
    Switch("players", "seats allowed", "range", 2, 10),
)}
