"""Exact poker-dice odds: checked against a plain enumeration written here, against known values, and through
the `dicecup odds --rules poker` command (run here through its main)."""
import json
from fractions import Fraction
from itertools import product

import pytest
from inprocess import dicecup_here

from dicecup.odds.poker import at_least, five_within
from dicecup.rules.poker import Hand, is_true


def _by_hand(kept, bid):
    rolls = list(product(range(1, 7), repeat=5 - len(kept)))
    return Fraction(sum(is_true(bid, tuple(kept) + roll) for roll in rolls), len(rolls))


@pytest.mark.parametrize("kept, bid", [((), "KK"), ((), "TJQKA"), ((5, 5, 4), "KKKQQ"), ((3, 3, 3, 3), "JJJJT"),
                                       ((6,), "AA99"), ((1, 2, 3, 4), "9TJQK"), ((6, 6, 6, 6, 6), "AAAAA"),
                                       ((2, 2), "junk"), ((1, 1, 2), "999TT")])
def test_at_least_is_the_plain_enumeration(kept, bid):
    hand = Hand.parse(bid)
    assert at_least(kept, hand) == _by_hand(kept, hand)


def test_known_values():
    assert at_least((), Hand.parse("99999")) == Fraction(6, 6 ** 5)
    # below a pair: five different faces (720 rolls) that are no straight (2 x 120 of them)
    assert at_least((), Hand.parse("99")) == 1 - Fraction(720 - 240, 6 ** 5)
    assert five_within((), 1) == Fraction(1, 1296)
    assert abs(float(five_within((), 3)) - 0.0460286) < 1e-7  # any five of a kind in three rolls (Yahtzee)
    assert five_within((6, 6, 6, 6, 1), 3) == 1 - Fraction(5, 6) ** 3
    assert five_within((4, 4, 4, 4, 4), 0) == 1 and five_within((1, 2, 3, 4, 6), 0) == 0


def poker_odds(*args):
    return dicecup_here("odds", "--rules", "poker", *args)


def test_the_command_prices_a_bid_from_the_dice_kept():
    done = poker_odds("--mine", "K", "K", "Q", "--bid", "KKKQQ", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"bid": "KKKQQ", "kept": ["K", "K", "Q"], "rerolled": 2,
                                       "at_least": 1 / 12, "at_least_exact": "1/12"}
    table = poker_odds()
    assert table.returncode == 0 and "five of a kind within three rolls from scratch: 4.60 %" in table.stdout


@pytest.mark.parametrize("args, says", [(["--dice", "10"], "poker dice always has five dice"),
                                        (["--mine", "7"], "'7' is not a die: a die shows 9, T (ten), J, Q, K or A"),
                                        (["--mine", *"KKKKKK"], "6 dice kept: the cup holds five"),
                                        (["--bid", "3x5"], "'3x5' is not a hand")])
def test_bad_input_is_one_line(args, says):
    done = poker_odds(*args)
    assert done.returncode == 2 and says in done.stderr and len(done.stderr.splitlines()) == 1
