"""Properties of the closed forms at table sizes too big to enumerate (up to 60 hidden dice)."""
from fractions import Fraction

from hypothesis import given, strategies as st

from dicecup.odds import at_least_float, best_quantity, ladder, odds
from dicecup.rules import Bid

hands = st.lists(st.integers(1, 6), max_size=6).map(tuple)
hidden_dice = st.integers(0, 60)
faces = st.integers(1, 6)
worlds = st.booleans()
thresholds = st.fractions(min_value=Fraction(1, 1000), max_value=1)


@given(hands, hidden_dice, faces, worlds)
def test_the_exact_counts_form_the_whole_distribution(mine, hidden, face, wild):
    table = [odds(Bid(q, face), mine, hidden, wild) for q in range(1, len(mine) + hidden + 2)]
    exactly = {q: o.exactly for q, o in enumerate(table, 1)}
    # counts 1..everything, plus a count of 0 (the bid 1xF false), are every outcome
    assert sum(exactly.values()) + table[0].false == 1
    assert table[-1].at_least == 0
    for q, o in enumerate(table[:-1], 1):
        assert o.at_least - table[q].at_least == o.exactly  # P(>= q) - P(>= q+1) = P(= q)
        assert o.at_least >= table[q].at_least
    assert table[0].expected == sum(q * p for q, p in exactly.items())


@given(hands, hidden_dice, st.integers(2, 6))
def test_wild_ones_only_help_a_bid_on_2_to_6(mine, hidden, face):
    for q in range(1, len(mine) + hidden + 1):
        assert odds(Bid(q, face), mine, hidden, True).at_least >= odds(Bid(q, face), mine, hidden, False).at_least


@given(hands, hidden_dice, faces, worlds, st.integers(1, 70))
def test_the_float_path_is_the_exact_value_rounded(mine, hidden, face, wild, quantity):
    o = odds(Bid(quantity, face), mine, hidden, wild)
    assert at_least_float(quantity - o.held, hidden, wild, face) == float(o.at_least)


@given(hands, hidden_dice, faces, worlds, thresholds)
def test_the_best_bid_is_likely_and_one_more_is_not(mine, hidden, face, wild, threshold):
    best = best_quantity(mine, face, hidden, wild, threshold)
    if best is None:
        assert odds(Bid(1, face), mine, hidden, wild).at_least < threshold
        return
    assert odds(Bid(best, face), mine, hidden, wild).at_least >= threshold
    assert odds(Bid(best + 1, face), mine, hidden, wild).at_least < threshold


@given(hands, hidden_dice, worlds, thresholds)
def test_the_ladder_is_ordered_and_one_rung_per_face(mine, hidden, wild, threshold):
    rungs = ladder(mine, hidden, wild, threshold)
    keys = [(o.bid.quantity, o.bid.face) for o in rungs]
    assert keys == sorted(keys, reverse=True)
    assert len({o.bid.face for o in rungs}) == len(rungs)
