"""Hands as a newcomer says them at the hub (issue 14's notation): half a hand is refused, never read as less."""
import pytest

from dicecup.rules.errors import NotationError
from dicecup.rules.poker.hands import Hand


@pytest.mark.parametrize("said", ["four jacks and a", "four jacks and", "four jacks with a", "three kings and an",
                                  "a pair of queens and a", "two pairs kings and nines with an"])
def test_half_a_hand_is_refused_not_read_as_the_dice_before_it(said):
    # "four jacks and a" was read as JJJJ: Enter pressed mid-sentence bid four jacks
    with pytest.raises(NotationError, match=r"stops at '(a|an|and)': say which die comes next, like"):
        Hand.parse(said)


def test_a_whole_hand_still_reads():
    assert str(Hand.parse("four jacks and a ten")) == "JJJJT"
    assert str(Hand.parse("two pairs kings and nines with an ace")) == "KK99A"


def test_a_straight_without_saying_which_names_both():
    with pytest.raises(NotationError, match="high straight .* or low straight"):
        Hand.parse("straight")
