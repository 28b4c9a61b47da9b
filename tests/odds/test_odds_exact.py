"""The closed forms against brute force: every outcome of the hidden dice enumerated (6^n of them), counted by
the engine's own `count_bid`, for small tables, both worlds, every face (ones included) and every quantity."""
from fractions import Fraction
from math import comb

import pytest

from dicecup.odds import HALF, OddsError, at_least_float, best_quantity, ladder, odds
from dicecup.rules import Bid

from odds_helpers import brute


HANDS = [(), (1,), (3,), (1, 1), (2, 5), (1, 3, 3), (6, 6, 1, 4), (1, 3, 3, 5, 6), (1, 1, 1, 1, 1), (2, 2, 4, 5, 6)]


@pytest.mark.parametrize("hidden", range(0, 6))
@pytest.mark.parametrize("mine", HANDS, ids=lambda m: "".join(map(str, m)) or "none")
@pytest.mark.parametrize("wild", [True, False], ids=["wild", "plain"])
def test_every_bid_matches_enumeration(mine, hidden, wild):
    for face in range(1, 7):
        for quantity in range(1, len(mine) + hidden + 2):  # one past the table: impossible, so 0
            bid = Bid(quantity, face)
            got = odds(bid, mine, hidden, wild)
            at_least, exactly, expected = brute(mine, hidden, bid, wild)
            assert (got.at_least, got.exactly, got.expected) == (at_least, exactly, expected), (bid, mine, hidden)
            assert got.false == 1 - at_least
            assert at_least_float(quantity - got.held, hidden, wild, face) == float(at_least)


def test_six_hidden_dice_in_both_worlds():
    mine = (1, 4, 4)
    for wild in (True, False):
        for face in (1, 4, 6):
            for quantity in range(1, 10):
                bid = Bid(quantity, face)
                got = odds(bid, mine, 6, wild)
                assert (got.at_least, got.exactly, got.expected) == brute(mine, 6, bid, wild)


def test_the_issue_example_in_exact_fractions():
    o = odds(Bid.parse("7x3"), (1, 3, 3, 5, 6), 15, wild=True)
    # 4 or more of 15 dice at p = 1/3: 1 - sum_{j<4} C(15, j) 2^(15-j) / 3^15
    assert o.at_least == 1 - Fraction(sum(comb(15, j) * 2 ** (15 - j) for j in range(4)), 3 ** 15)
    assert (o.held, o.need, o.expected) == (3, 4, 8)


def test_bids_on_ones_count_only_real_ones_even_while_wild():
    wild, plain = (odds(Bid(2, 1), (1, 2), 4, wild=w) for w in (True, False))
    assert wild.held == plain.held == 1
    assert wild.at_least == plain.at_least == 1 - Fraction(5, 6) ** 4


@pytest.mark.parametrize("threshold", [HALF, Fraction(1, 3), Fraction(9, 10), Fraction(1, 10 ** 9), 1])
@pytest.mark.parametrize("mine, hidden", [((), 4), ((1, 3, 3), 3), ((2, 5), 5), ((6,), 0)])
def test_ladder_is_the_highest_likely_bid_of_each_face(mine, hidden, threshold):
    for wild in (True, False):
        rungs = {o.bid.face: o for o in ladder(mine, hidden, wild, threshold)}
        for face in range(1, 7):
            likely = [q for q in range(1, len(mine) + hidden + 1)
                      if brute(mine, hidden, Bid(q, face), wild)[0] >= threshold]
            want = max(likely, default=None)
            assert best_quantity(mine, face, hidden, wild, threshold) == want
            assert (rungs[face].bid.quantity if face in rungs else None) == want


def test_ladder_orders_highest_bid_first():
    rungs = ladder((1, 3, 3, 5, 6), 15, wild=True)
    assert [str(o.bid) for o in rungs] == ["8x3", "7x6", "7x5", "6x4", "6x2", "3x1"]
    assert all(o.at_least >= HALF for o in rungs)
    assert [str(o.bid) for o in ladder((1, 3, 3, 5, 6), 15, wild=True, faces=(2, 3))] == ["8x3", "6x2"]


@pytest.mark.parametrize("threshold", [0, -1, Fraction(3, 2)])
def test_a_threshold_outside_0_to_1_is_refused(threshold):
    with pytest.raises(OddsError, match="above 0 and at most 1"):
        ladder((1,), 3, True, threshold)


def test_the_package_docstring_example_runs():
    import doctest

    import dicecup.odds

    assert doctest.testmod(dicecup.odds).failed == 0
