"""The table's phases, beside the engine's: the hub also waits for commitments, reveals and people."""
SEATING = "seating"      # cups take seats
DEALING = "dealing"      # a nonce is out; waiting for every cup's commitment
BIDDING = "bidding"      # turns, the clock, bots
REVEALING = "revealing"  # a call was made (or a roll-off rolled); waiting for every cup's reveal
BETWEEN = "between"      # a round's result is out; the next deal comes after a pause
OVER = "over"
