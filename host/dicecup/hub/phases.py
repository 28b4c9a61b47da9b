"""The table's phases, and a round's. The engine has its own (dicecup.rules: BIDDING, REVEAL, ROLLOFF, SHOOTING,
OVER): those say what the rules expect next; these say what the hub is waiting for at the table (cups, people,
time). The table keeps its own phase (table.py); a Round keeps its round's (faces/round.py deals, bids and
reveals; a poker round is all bidding: whoever holds the cup acts). Observers see one: the table's, or while a
round is under way, the Round's (Table.phase_shown, TableSnapshot.phase)."""
from enum import Enum


class TablePhase(Enum):
    SEATING = "seating"      # cups take seats
    PLAYING = "playing"      # a round is under way: the Round's own phase says what it waits for
    BETWEEN = "between"      # a round's result is out; the next round begins after a pause
    OVER = "over"            # somebody won (or the game was stopped)

    def __str__(self) -> str:
        return self.value


class RoundPhase(Enum):
    DEALING = "dealing"      # a nonce is out; waiting for every dealt cup's commitment
    BIDDING = "bidding"      # turns, the clock, bots
    REVEALING = "revealing"  # a call was made (or a roll-off rolled); waiting for every dealt cup's reveal

    def __str__(self) -> str:
        return self.value
