"""The state of a poker-dice game: an immutable value that knows who holds the one cup, which dice are under it
(hidden) and which are on the table (open), and what each die is known to show.

A die under the cup that was shaken is unknown (None) to the table and to the referee until the cup is lifted;
a die on the table shows its face to everyone. The events that move the state are applied in `play.py`.
"""
from typing import NamedTuple, Optional

from ..errors import RulesError
from ..state import State
from .hands import Hand

# OPENING: the opener must shake all five; BIDDING: the holder may handle the dice (if it accepted) and bids;
# RECEIVING: the holder was passed the cup: accept or call; REVEAL: the cup is lifted, waiting for the five dice;
# TRIES: the holder accepted five of a kind and rolls for one; OVER: one player left.
OPENING, BIDDING, RECEIVING, REVEAL, TRIES, OVER = "opening", "bidding", "receiving", "reveal", "tries", "over"
SLOTS = (1, 2, 3, 4, 5)
MAX_TRIES = 3


class PokerState(NamedTuple):
    rules: object
    seats: tuple             # names, clockwise (left is the next one)
    lives: tuple             # lives left per seat; 0 is out
    round: int               # 1-based
    phase: str
    opener: Optional[int]    # who opens this round; None in the first round until somebody shakes
    holder: Optional[int]    # who holds the cup now
    direction: Optional[int]  # +1 left, -1 right; None until the opening bid
    bids: tuple              # ((seat, Hand), ...) this round
    faces: tuple             # die 1..5: face 1..6 when known to the table, None when hidden and unknown
    on_table: tuple          # die 1..5: True when it lies open on the table, False under the cup
    accepted: bool           # the holder took the cup by accepting (the opener did not)
    shaken: bool             # the holder shook the cup this turn
    rolled: bool             # the holder rolled table dice in the open this turn
    tries: int               # five-of-a-kind tries used
    caller: Optional[int]    # who called liar (or accepted five of a kind), once the cup is lifted
    history: tuple           # PokerOutcome of every finished round
    winner: Optional[int]

    @property
    def standing(self) -> Optional[Hand]:
        return self.bids[-1][1] if self.bids else None

    @property
    def alive(self) -> tuple:
        return tuple(n > 0 for n in self.lives)

    @property
    def under_cup(self) -> tuple:
        return tuple(slot for slot in SLOTS if not self.on_table[slot - 1])

    @property
    def table_dice(self) -> tuple:
        """((slot, face), ...) of the dice open on the table."""
        return tuple((slot, self.faces[slot - 1]) for slot in SLOTS if self.on_table[slot - 1])

    @property
    def to_act(self) -> Optional[str]:
        if self.phase in (OVER, REVEAL) or self.holder is None:
            return None
        return self.seats[self.holder]

    seat_index = State.seat_index  # the same refusal as at a face-bid table: it reads only `seats`

    def next_living(self, index: int, step: int = 1) -> int:
        """The next living seat from `index` going `step` (+1 left, -1 right)."""
        n = len(self.seats)
        for k in range(1, n + 1):
            candidate = (index + step * k) % n
            if self.lives[candidate] > 0:
                return candidate
        raise AssertionError("no living seat")


def fresh_round(state: PokerState, opener: Optional[int]) -> PokerState:
    """The next round: all five dice under the cup, in the opener's hands."""
    return state._replace(phase=OPENING, opener=opener, holder=opener, direction=None, bids=(),
                          faces=(None,) * 5, on_table=(False,) * 5, accepted=False, shaken=False, rolled=False,
                          tries=0, caller=None)


def new_poker_game(rules, seats) -> PokerState:
    seats = tuple(seats)
    low, high = rules.players
    if not low <= len(seats) <= high:
        raise RulesError(f"{rules.preset.name} seats {low} to {high} players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise RulesError("two seats have the same name")
    state = PokerState(rules=rules, seats=seats, lives=(rules.lives,) * len(seats), round=1, phase=OPENING,
                       opener=None, holder=None, direction=None, bids=(), faces=(None,) * 5,
                       on_table=(False,) * 5, accepted=False, shaken=False, rolled=False, tries=0, caller=None,
                       history=(), winner=None)
    return fresh_round(state, None)
