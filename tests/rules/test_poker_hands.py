"""Poker-dice hands: the notation round-trips, the words players say are read, and bids are ordered as the rule
page says (its examples are these tests)."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicecup.rules import NotationError
from dicecup.rules.poker.hands import Hand, all_bids, bids_above, is_true, made

H = Hand.parse


@pytest.mark.parametrize("text, words", [
    ("AAAKK", "full house aces over kings"), ("JJJJT", "four jacks and a ten"), ("JJJJ", "four jacks"),
    ("9TJQK", "low straight"), ("TJQKA", "high straight"), ("K", "one king"), ("junk", "junk"),
    ("KK", "a pair of kings"), ("AAT", "a pair of aces and a ten"), ("KKQQ9", "two pairs kings and queens with a nine"),
    ("QQQ", "three queens"), ("KKKQ9", "three kings, a queen and a nine"), ("99999", "five nines"),
])
def test_each_hand_prints_and_reads_in_notation_and_in_words(text, words):
    hand = H(text)
    assert str(hand) == text and hand.words() == words
    assert H(words) == hand


@pytest.mark.parametrize("typed, printed", [("kkaaa", "AAAKK"), ("jjjj10", "JJJJT"), ("KQJT9", "9TJQK"),
                                            (" JUNK ", "junk"), ("full house aces over kings", "AAAKK"),
                                            ("two pair kings and nines", "KK99"), ("one pair of kings", "KK")])
def test_bids_are_read_as_people_type_them(typed, printed):
    assert str(H(typed)) == printed


@pytest.mark.parametrize("typed, says", [
    ("KKKKKK", "name up to five dice"), ("XYZ", "name up to five dice"), ("", "an empty bid"),
    ("four jacks and a jack", "which is five of a kind: say it as 'five jacks'"),
    ("three kings and a king", "say it as 'four kings'"), ("the best hand", "is not a hand I can read"),
])
def test_what_is_not_a_hand_is_refused_in_words(typed, says):
    with pytest.raises(NotationError) as refused:
        H(typed)
    assert says in str(refused.value)


def test_the_bid_order_of_the_rule_page():
    # "four jacks" < "four jacks and a nine" < "four jacks and a ten" < "four queens"
    assert H("JJJJ") < H("JJJJ9") < H("JJJJT") < H("QQQQ")
    ladder = ["junk", "A", "99", "99A", "TT", "TT99", "AAKK", "999", "9TJQK", "TJQKA", "999TT", "AAAKK", "9999",
              "AAAAK", "99999", "AAAAA"]
    assert [H(t) for t in ladder] == sorted(H(t) for t in ladder)
    assert H("AAAKK") > H("AAAQQ") > H("KKKAA"), "a full house by its three, then its pair"
    assert H("AA99") > H("KKQQ"), "two pairs by the higher pair first"
    assert H("KKA") > H("KKQJ"), "unmatched dice from the highest down"
    assert H("K") < H("K9") < H("KJ9") < H("KQ") < H("A"), "a high die by its other dice"


def test_a_bid_is_true_when_the_dice_make_at_least_as_high_a_hand():
    dice = (3, 3, 3, 3, 1)  # J J J J 9
    assert is_true(H("JJJJ"), dice) and is_true(H("JJJJ9"), dice) and not is_true(H("JJJJT"), dice)
    assert is_true(H("AAKK"), (5, 5, 5, 6, 6)), "a full house is more than two pairs"
    assert is_true(H("junk"), (1, 2, 3, 4, 6)) and not is_true(H("KK"), (1, 2, 3, 4, 6))
    assert str(made((6, 1, 3, 2, 4))) == "AQJT9" and str(made((2, 3, 4, 5, 6))) == "TJQKA"


def test_only_the_opener_may_bid_junk_and_five_aces_tops_everything():
    bids = all_bids()
    assert str(bids[0]) == "junk" and str(bids[-1]) == "AAAAA" and len(set(bids)) == len(bids) == 462
    assert H("junk") not in bids_above(H("junk")) and bids_above(H("AAAAA")) == ()


@given(st.sampled_from(all_bids()), st.sampled_from(all_bids()))
def test_every_pair_of_distinct_bids_is_ordered_one_way(a, b):
    assert (a < b) + (b < a) + (a == b) == 1
    assert (a == b) == (str(a) == str(b))
    assert H(str(a)) == a and H(a.words()) == a
