"""Exact odds of Liar's Dice bids: no sampling, only binomial sums kept as integers.

    >>> from dicecup.odds import Sight
    >>> from dicecup.rules import Bid
    >>> o = Sight.make("dudo", dice=20, mine=(1, 3, 3, 5, 6)).odds(Bid.parse("7x3"))
    >>> (o.hidden, o.wild, o.held, str(o.expected))
    (15, True, 3, '8')
    >>> round(float(o.at_least), 4), round(float(o.exactly), 4)
    (0.7908, 0.1948)

`odds`, `ladder` and `at_least_float` are the bare math (dice you see, dice hidden, ones wild or not);
`Sight` adds a table's rules: which world a round is in and which bids exist.
"""
from .exact import FACES, HALF, Odds, OddsError, at_least_float, best_quantity, binomial, held, ladder, odds, success
from .sight import Sight, hand_limit, round_is_wild, table_limit

__all__ = ["FACES", "HALF", "Odds", "OddsError", "at_least_float", "best_quantity", "binomial", "held", "ladder",
           "odds", "success", "Sight", "hand_limit", "round_is_wild", "table_limit"]
