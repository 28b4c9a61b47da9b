"""Bids and calls, and their notation.

A bid prints as `QxF` (`4x5`) and in words ("four fives"); a call prints as `liar` or `spot`.
`parse_action(str(a)) == a` for every action.

Reading is forgiving the way people type: case and surrounding spaces don't matter (`3X5`, ` 3x5 `, `LIAR`), and
the spot call is also read as `exact` or `calza`, the words players use for it; it always prints as `spot`.
Numbers are written with the digits 0-9: `４x５` is refused with that reason, not read as 4x5.
"""
import re
from enum import Enum
from typing import NamedTuple

from .errors import NotationError, quoted

FACES = (1, 2, 3, 4, 5, 6)
FACE_NAMES = {1: ("one", "ones"), 2: ("two", "twos"), 3: ("three", "threes"),
              4: ("four", "fours"), 5: ("five", "fives"), 6: ("six", "sixes")}

_SMALL = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n: int) -> str:
    """0..99 in words ("twenty-one"); larger numbers as digits."""
    if 0 <= n < 20:
        return _SMALL[n]
    if 20 <= n < 100:
        tens, units = divmod(n, 10)
        return _TENS[tens] + (f"-{_SMALL[units]}" if units else "")
    return str(n)


class Bid(NamedTuple):
    """A claim that at least `quantity` dice on the table show `face`."""

    quantity: int
    face: int

    def __str__(self) -> str:
        return f"{self.quantity}x{self.face}"

    def words(self) -> str:
        """ "four fives", "one six", "twelve ones" """
        singular, plural = FACE_NAMES[self.face]
        return f"{number_words(self.quantity)} {singular if self.quantity == 1 else plural}"

    @classmethod
    def parse(cls, text: str) -> "Bid":
        match = _BID.fullmatch(text.strip().lower())
        if not match:
            if _in_other_digits(text.strip().lower()):
                raise NotationError(f"{quoted(text)} is not a bid: write it with the digits 0-9, like 4x5")
            raise NotationError(f"{quoted(text)} is not a bid: write quantity x face, like 4x5")
        quantity, face = int(match[1]), int(match[2])
        if quantity < 1:
            raise NotationError(f"{text} is not a bid: the quantity starts at 1")
        if face not in FACE_NAMES:
            raise NotationError(f"{text} is not a bid: a face is 1 to 6")
        return bid(quantity, face)


_BID = re.compile(r"(\d{1,3})x(\d{1,3})", re.ASCII)


def _in_other_digits(text: str) -> bool:
    """A bid written with digits other than 0-9 (full-width, superscript, Arabic-Indic...): refused with a reason."""
    parts = text.split("x")
    return not text.isascii() and len(parts) == 2 and all(part.isdigit() for part in parts)


class Call(Enum):
    """A challenge of the standing bid: `liar` (too high) or `spot` (exactly right).

    Members compare by value: `Call("liar")`, a copy and an unpickled LIAR are all LIAR itself."""

    LIAR = "liar"
    SPOT = "spot"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Call({self.value!r})"

    @classmethod
    def _missing_(cls, value):
        raise NotationError(f"{quoted(value)} is not a call: call liar or spot")


LIAR = Call.LIAR
SPOT = Call.SPOT
CALLS = {call.value: call for call in Call}
# Every word read as a call: the printed ones, and the other names players give the spot call.
CALL_WORDS = {**CALLS, "exact": SPOT, "calza": SPOT}


def parse_call(word: str):
    """`liar`, `spot` (also `exact`, `calza`), any case -> Call; None if the word is not a call."""
    return CALL_WORDS.get(word.strip().lower())

# Bids are interned: legal-move generation hands out the same objects instead of building new ones.
_BIDS: dict = {}


def bid(quantity: int, face: int) -> Bid:
    key = (quantity, face)
    found = _BIDS.get(key)
    if found is None:
        found = _BIDS[key] = Bid(quantity, face)
    return found


def parse_action(text: str):
    """`4x5` -> Bid, `liar` / `spot` (`exact`, `calza`) -> Call."""
    call = parse_call(text)
    return call if call is not None else Bid.parse(text)
