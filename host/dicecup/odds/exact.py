"""Exact odds of a bid: binomial tables over the hidden dice, kept as integers.

Every hidden die shows the bid's face (or a wild one) independently: with probability 1/3 for a face other
than one while ones are wild, 1/6 otherwise (a bid on ones counts only real ones, so it is always 1/6). So the
count among h hidden dice is Binomial(h, p), and P(count = k) = C(h, k) (1-p)^(h-k) p^k is an integer over 3^h
(wild) or 6^h (not wild). The numerators and their tail sums are computed once per (h, world) and cached;
a query is then two list look-ups, exact as a Fraction or correctly rounded as a float.
"""
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import NamedTuple

from dicecup.rules import Bid, bid as make_bid
from dicecup.rules.errors import DicecupError

FACES = (1, 2, 3, 4, 5, 6)
HALF = Fraction(1, 2)


class OddsError(DicecupError):
    """A question about odds that has no answer: a bid that is not a bid at this table, a die that is not a
    die, more dice seen than are in play."""


class _Binomial(NamedTuple):
    """Count of successes among `hidden` dice, as integer numerators over `den`."""

    den: int
    pmf: tuple    # pmf[k] * den = ways to see exactly k, for k in 0..hidden
    tail: tuple   # tail[k] * den = ways to see at least k, for k in 0..hidden+1 (tail[hidden+1] == 0)
    tail_f: tuple  # tail as correctly rounded floats, for callers that compare thousands of bids


@lru_cache(maxsize=None)
def binomial(hidden: int, wild: bool) -> _Binomial:
    """The exact distribution of matching dice among `hidden` dice: p = 1/3 when `wild`, else 1/6."""
    # p = 1/3 = 1 of 3 (the face or a one), p = 1/6 = 1 of 6: keep the smallest integer denominators.
    hit, miss = (1, 2) if wild else (1, 5)
    den = (hit + miss) ** hidden
    pmf = tuple(comb(hidden, k) * hit ** k * miss ** (hidden - k) for k in range(hidden + 1))
    tail = [0] * (hidden + 2)
    for k in range(hidden, -1, -1):
        tail[k] = tail[k + 1] + pmf[k]
    return _Binomial(den, pmf, tuple(tail), tuple(t / den for t in tail))


def check_dice(mine, hidden: int) -> None:
    """Refuse dice that are not dice and a negative number hidden."""
    bad = [d for d in mine if not (isinstance(d, int) and 1 <= d <= 6)]
    if bad:
        raise OddsError(f"{bad[0]!r} is not a die: a die shows 1 to 6")
    if not (isinstance(hidden, int) and hidden >= 0):
        raise OddsError(f"{hidden!r} hidden dice: the number of hidden dice is 0 or more")


def held(mine, face: int, wild: bool) -> int:
    """How many of the dice you see count for `face`: the face itself, plus ones when wild (and face != 1)."""
    return sum(1 for d in mine if d == face or (wild and face != 1 and d == 1))


def success(face: int, wild: bool) -> Fraction:
    """The chance that one hidden die counts for `face`."""
    return Fraction(1, 3) if wild and face != 1 else Fraction(1, 6)


class Odds(NamedTuple):
    """The odds of one bid from one player's seat. Probabilities are exact Fractions."""

    bid: Bid
    hidden: int
    wild: bool
    held: int           # dice you see that count for the bid
    at_least: Fraction  # the bid is true: a liar call on it loses
    exactly: Fraction   # the count is exactly the quantity: a spot call wins
    expected: Fraction  # the expected count, yours and the hidden dice together

    @property
    def false(self) -> Fraction:
        """The bid is a lie: a liar call on it wins."""
        return 1 - self.at_least

    @property
    def need(self) -> int:
        """How many of the hidden dice must count for the bid to stand (0 when your own dice make it)."""
        return max(0, self.bid.quantity - self.held)

    def to_json(self) -> dict:
        """The `dicecup odds --json` object (contract)."""
        return {"bid": str(self.bid), "hidden": self.hidden, "wild": self.wild,
                "at_least": float(self.at_least), "exactly": float(self.exactly),
                "expected": float(self.expected)}


def odds(bid: Bid, mine=(), hidden: int = 0, wild: bool = True) -> Odds:
    """The exact odds that `bid` is true, exactly true, or false, seeing `mine` with `hidden` dice unseen."""
    check_dice(mine, hidden)
    have = held(mine, bid.face, wild)
    table = binomial(hidden, wild and bid.face != 1)  # a bid on ones counts only real ones: p = 1/6
    k = bid.quantity - have
    at_least = Fraction(table.tail[max(k, 0)], table.den) if k <= hidden else Fraction(0)
    exactly = Fraction(table.pmf[k], table.den) if 0 <= k <= hidden else Fraction(0)
    return Odds(bid, hidden, wild, have, at_least, exactly, have + hidden * success(bid.face, wild))


def at_least_float(need: int, hidden: int, wild: bool, face: int = 2) -> float:
    """P(at least `need` of `hidden` dice count for `face`), as a float: the fast path for bots."""
    if need <= 0:
        return 1.0
    if need > hidden:
        return 0.0
    return binomial(hidden, wild and face != 1).tail_f[need]


def _meets(table: _Binomial, k: int, threshold: Fraction) -> bool:
    """tail[k] / den >= threshold, compared in integers so a rung never flips on rounding."""
    return table.tail[k] * threshold.denominator >= threshold.numerator * table.den


def _threshold(value) -> Fraction:
    threshold = Fraction(value)
    if not 0 < threshold <= 1:
        # at 0 every bid up to the whole table would count as likely, impossible ones included
        raise OddsError(f"threshold {value}: a best bid's chance must be above 0 and at most 1")
    return threshold


def best_quantity(mine, face: int, hidden: int, wild: bool, threshold=HALF):
    """The highest quantity of `face` that is true with probability >= threshold, or None if even one isn't."""
    threshold = _threshold(threshold)
    have = held(mine, face, wild)
    table = binomial(hidden, wild and face != 1)
    # tail[k] falls as k grows: walk up from what you hold while the next die is still likely enough.
    k = 0
    while k < hidden and _meets(table, k + 1, threshold):
        k += 1
    quantity = have + k
    return quantity or None  # no bid names zero dice


def ladder(mine=(), hidden: int = 0, wild: bool = True, threshold=HALF, faces=FACES) -> list:
    """For each face, the highest bid still true with probability >= threshold, highest bid first.

    Bids rank by quantity, then face (ones lowest), as the core raise rule ranks them. A face whose every bid
    is less likely than the threshold has no rung.
    """
    check_dice(mine, hidden)
    threshold = _threshold(threshold)
    rungs = []
    for face in faces:
        quantity = best_quantity(mine, face, hidden, wild, threshold)
        if quantity is not None:
            rungs.append(odds(make_bid(quantity, face), mine, hidden, wild))
    return sorted(rungs, key=lambda o: (o.bid.quantity, o.bid.face), reverse=True)
