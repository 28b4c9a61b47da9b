"""The table's phases. The engine has its own (dicecup.rules: BIDDING, REVEAL, ROLLOFF, SHOOTING, OVER): those say
what the rules expect next; these say what the hub is waiting for at the table (cups, people, time)."""
from enum import Enum


class TablePhase(Enum):
    SEATING = "seating"      # cups take seats
    DEALING = "dealing"      # a nonce is out; waiting for every dealt cup's commitment
    BIDDING = "bidding"      # turns, the clock, bots
    REVEALING = "revealing"  # a call was made (or a roll-off rolled); waiting for every dealt cup's reveal
    BETWEEN = "between"      # a round's result is out; the next deal comes after a pause
    OVER = "over"            # somebody won

    def __str__(self) -> str:
        return self.value
