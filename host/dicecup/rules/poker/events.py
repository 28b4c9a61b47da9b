"""The events of a poker-dice round, each printing as one line of the game record (what a hub journals).

    Shake("ana")                        ana shakes              every die under the cup rolled, hidden
    PokerBid("ana", Hand, "left")       ana bids KKQQ left      the opening bid names the round's direction
    PokerBid("cy", Hand)                cy bids KKKQQ           later bids pass the cup on the same way
    Accept("ben")                       ben accepts             the receiver takes the cup
    CallLiar("ben")                     ben calls liar          the receiver lifts the cup
    Show("ben", ((1, 5), (2, 5)))       ben shows 1=K 2=K       dice moved from under the cup to the table
    Hide("ben", (2,))                   ben hides 2             dice moved from the table back under the cup
    OpenRoll("ben", ((1, 6),))          ben rolls 1=A           table dice rolled in the open
    Reveal((5, 5, 5, 4, 1))             reveal K K K Q 9        the five dice, die 1 to 5, when the cup is lifted
    Try("ben", ((4, 5), (5, 5)))        ben tries 4=K 5=K       one of the three tries at five of a kind
    Reroll("ana"), Retire("ana")        reroll ana, retire ana  as in face-bid records (rules/events.py): the
                                                                round starts again, with all five under the cup

Dice are numbered 1 to 5 (each is its own die to the cup, which commits to each separately); faces are written
as ranks, 9 T J Q K A, and held as 1..6.
"""
from typing import NamedTuple, Optional

from .hands import Hand, rank_char

DIRECTIONS = ("left", "right")  # left: the next seat in the `seats` line (clockwise); right: the one before


def _faces(dice) -> str:
    return " ".join(f"{slot}={rank_char(face)}" for slot, face in dice)


class Shake(NamedTuple):
    seat: str

    def __str__(self):
        return f"{self.seat} shakes"


class PokerBid(NamedTuple):
    seat: str
    hand: Hand
    direction: Optional[str] = None

    def __str__(self):
        return f"{self.seat} bids {self.hand}" + (f" {self.direction}" if self.direction else "")


class Accept(NamedTuple):
    seat: str

    def __str__(self):
        return f"{self.seat} accepts"


class CallLiar(NamedTuple):
    seat: str

    def __str__(self):
        return f"{self.seat} calls liar"


class Show(NamedTuple):
    seat: str
    dice: tuple  # ((slot, face), ...)

    def __str__(self):
        return f"{self.seat} shows {_faces(self.dice)}"


class Hide(NamedTuple):
    seat: str
    slots: tuple

    def __str__(self):
        return f"{self.seat} hides {' '.join(map(str, self.slots))}"


class OpenRoll(NamedTuple):
    seat: str
    dice: tuple  # ((slot, face), ...)

    def __str__(self):
        return f"{self.seat} rolls {_faces(self.dice)}"


class Reveal(NamedTuple):
    faces: tuple  # die 1..5

    def __str__(self):
        return "reveal " + " ".join(rank_char(f) for f in self.faces)


class Try(NamedTuple):
    seat: str
    dice: tuple  # ((slot, face), ...): the dice rolled in this try, with what they show

    def __str__(self):
        return f"{self.seat} tries {_faces(self.dice)}"
