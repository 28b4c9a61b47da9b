"""Brute force for the odds tests: every outcome of the hidden dice, counted by the engine's own `count_bid`."""
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product

from dicecup.rules import count_bid


@lru_cache(maxsize=None)
def enumerated(mine: tuple, hidden: int, face: int, wild: bool) -> Counter:
    """How many of the 6^hidden outcomes give each table count for `face`."""
    return Counter(count_bid([mine, roll], face, wild) for roll in product(range(1, 7), repeat=hidden))


def brute(mine, hidden, bid, wild):
    counts = enumerated(tuple(mine), hidden, bid.face, wild)
    total = 6 ** hidden
    at_least = Fraction(sum(n for c, n in counts.items() if c >= bid.quantity), total)
    exactly = Fraction(counts.get(bid.quantity, 0), total)
    expected = Fraction(sum(c * n for c, n in counts.items()), total)
    return at_least, exactly, expected
