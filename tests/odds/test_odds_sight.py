"""A seat's view under each preset's rules: which world a round is in, which bids exist, what a table holds.
Odds from a `Sight` are checked against enumeration of the hidden dice too."""
import pytest

from dicecup.odds import OddsError, Sight, round_is_wild, table_limit
from dicecup.rules import Bid, Rules

from odds_helpers import brute


@pytest.mark.parametrize("rules, palifico, opened_on_ones, wild", [
    ("dudo", False, False, True),
    ("dudo", True, False, False),           # palifico: ones not wild
    ("dudo", False, True, False),           # dudo round opened on ones: not wild
    ("dudo wild=off", False, True, False),
    ("revolver", False, False, True),
    ("revolver wild=off", False, True, False),
    ("classic", False, False, False),
    ("classic wild=on", False, False, True),
    ("classic wild=on", False, True, True),  # classic has no transition rule: ones stay wild
    ("fourdice wild=on", False, False, True),
    ("buildup", False, False, False),
])
def test_which_world_a_round_is_in(rules, palifico, opened_on_ones, wild):
    assert round_is_wild(Rules.parse(rules), palifico, opened_on_ones) is wild
    assert Sight.make(rules, 6, (1, 2), palifico, opened_on_ones).wild is wild


@pytest.mark.parametrize("rules, kwargs, message", [
    ("revolver", {"palifico": True}, "only dudo offers palifico"),
    ("classic", {"palifico": True}, "only dudo offers palifico"),
    ("dudo palifico=off", {"palifico": True}, "palifico=off is set"),
    ("revolver", {"opened_on_ones": True}, "can't open on ones while ones are wild"),
])
def test_rounds_a_table_never_plays_are_refused(rules, kwargs, message):
    with pytest.raises(OddsError, match=message):
        Sight.make(rules, 10, (), **kwargs)


@pytest.mark.parametrize("rules, dice, mine, message", [
    ("dudo", 31, (), "holds at most 30 [(]6 players of 5[)]"),
    ("fourdice", 41, (), "holds at most 40 [(]10 players of 4[)]"),
    ("buildup", 31, (), "holds at most 30 [(]6 players of 5[)]"),
    ("dudo", 0, (), "at least 1 die"),
    ("dudo", 20, (1, 2, 3, 4, 5, 6), "holds at most 5"),
    ("dudo", 3, (1, 2, 3, 4), "you see 4 dice but only 3 are in play"),
    ("dudo", 10, (0,), "0 is not a die"),
    ("dudo", 10, (7,), "7 is not a die"),
])
def test_impossible_tables_and_hands_are_refused(rules, dice, mine, message):
    with pytest.raises(OddsError, match=message):
        Sight.make(rules, dice, mine)


def test_table_limits_follow_the_switches():
    assert table_limit(Rules.parse("dudo")) == 30
    assert table_limit(Rules.parse("dudo dice=6 players=2-4")) == 24
    assert table_limit(Rules.parse("buildup limit=4")) == 18  # 6 players of 3: a 4th die eliminates


def test_bids_on_ones_follow_each_preset():
    with pytest.raises(OddsError, match=r"3x1 is not a bid while ones are wild \(revolver\)"):
        Sight.make("revolver", 10).odds(Bid(3, 1))
    assert Sight.make("revolver", 10).faces() == (2, 3, 4, 5, 6)
    assert Sight.make("revolver wild=off", 10).odds(Bid(3, 1)).wild is False
    # dudo and classic with wild ones: the bid exists and counts only real ones (p = 1/6)
    for rules in ("dudo", "classic wild=on"):
        o = Sight.make(rules, 8, (1, 1, 5)).odds(Bid(3, 1))
        assert (o.wild, o.held) == (True, 2)
        assert o.at_least == brute((1, 1, 5), 5, Bid(3, 1), True)[0]


def test_a_bid_naming_more_dice_than_in_play_is_refused():
    with pytest.raises(OddsError, match="21x3 names more dice than are in play: there are 20"):
        Sight.make("dudo", 20).odds(Bid(21, 3))


@pytest.mark.parametrize("kwargs", [{"palifico": True}, {"opened_on_ones": True}])
def test_palifico_and_ones_openings_price_in_the_plain_world(kwargs):
    mine = (1, 4, 4)
    sight = Sight.make("dudo", 8, mine, **kwargs)
    for face in range(1, 7):
        for quantity in range(1, 9):
            o = sight.odds(Bid(quantity, face))
            assert (o.wild, o.at_least, o.exactly, o.expected) == (False, *brute(mine, 5, Bid(quantity, face), False))


def test_the_other_world_can_be_asked_for():
    sight = Sight.make("dudo", 8, (1, 4, 4), palifico=True)
    assert sight.odds(Bid(4, 4), wild=True).at_least == brute((1, 4, 4), 5, Bid(4, 4), True)[0]
    assert [str(o.bid) for o in Sight.make("revolver", 20, (1, 3, 3, 5, 6)).ladder()] == [
        "8x3", "7x6", "7x5", "6x4", "6x2"]
