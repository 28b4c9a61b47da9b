"""The events that move a game, each printing as one line of the game record.

    Rolloff("ana", (6, 2))      rolloff ana 6 2
    Roll("ana", (3, 5, 5, 1, 2)) roll ana 3 5 5 1 2
    Move("ana", Bid(3, 5))      ana bids 3x5
    Move("ben", LIAR)           ben calls liar
    Shot("ben", dead=False)     shot ben safe
    Timeout("cy")               timeout cy
    Reroll("ana")               reroll ana
    Retire("ana")               retire ana

`reroll` is the hub's line for a round that has to start again because a cup lost its hidden dice (a power
cycle): the round's bids are void and every living cup rolls afresh; the named seat is the cup that lost them.
`retire` is the host taking a seat out of the game (a cup that never came back, a cup caught cheating): its
dice leave the table and the round in progress starts again without it.
"""
from typing import NamedTuple

from .errors import NotationError
from .notation import Bid


def check_dice(dice) -> tuple:
    dice = tuple(dice)
    for die in dice:
        if not (isinstance(die, int) and 1 <= die <= 6):
            raise NotationError(f"{die} is not a die: dice show 1 to 6")
    return dice


class Rolloff(NamedTuple):
    seat: str
    dice: tuple

    def __str__(self):
        return f"rolloff {self.seat} {' '.join(map(str, self.dice))}"


class Roll(NamedTuple):
    seat: str
    dice: tuple

    def __str__(self):
        return f"roll {self.seat} {' '.join(map(str, self.dice))}"


class Move(NamedTuple):
    """A bid or a call by the seat whose turn it is."""

    seat: str
    action: object  # Bid or Call

    def __str__(self):
        verb = "bids" if isinstance(self.action, Bid) else "calls"
        return f"{self.seat} {verb} {self.action}"


class Shot(NamedTuple):
    """One pull of the revolver's trigger, drawn by the hub."""

    seat: str
    dead: bool

    def __str__(self):
        return f"shot {self.seat} {'dead' if self.dead else 'safe'}"


class Timeout(NamedTuple):
    seat: str

    def __str__(self):
        return f"timeout {self.seat}"


class Reroll(NamedTuple):
    seat: str

    def __str__(self):
        return f"reroll {self.seat}"


class Retire(NamedTuple):
    seat: str

    def __str__(self):
        return f"retire {self.seat}"
