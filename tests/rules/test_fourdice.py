"""Preset fourdice (seed 004): four dice, up to ten seats in join order, the first to join opens."""
import pytest

from dicecup.rules import Rules, RulesError, new_game
from record_helpers import play, refusal, rounds

NAMES = "p1 p2 p3 p4 p5 p6 p7 p8 p9 p10"


def test_four_dice_and_up_to_ten_seats_in_join_order():
    state = new_game(Rules.parse("fourdice"), NAMES.split())
    assert state.dice == (4,) * 10 and state.to_act == "p1" and state.dice_in_play == 40
    with pytest.raises(RulesError, match="fourdice seats 2 to 10 players, not 11"):
        new_game(Rules.parse("fourdice"), (NAMES + " p11").split())
    with pytest.raises(RulesError, match="dudo seats 2 to 6 players, not 7"):
        new_game(Rules.parse("dudo"), NAMES.split()[:7])


def test_no_roll_off_and_the_first_to_join_opens():
    assert refusal("rules fourdice\nseats ana ben\nrolloff ana 2 3") == "fourdice has no roll-off"
    assert refusal("rules fourdice\nseats ana ben\nben bids 2x2") == "it is ana's turn, not ben's"


def test_raises_follow_the_shared_rule():
    table = "rules fourdice\nseats ana ben cy\nana bids 3x5\n"
    assert str(play(table + "ben bids 4x2").state.standing) == "4x2"
    assert str(play(table + "ben bids 3x6").state.standing) == "3x6"
    assert refusal(table + "ben bids 3x4") == "3x4 does not raise 3x5: the same quantity needs a higher face"


def test_otherwise_as_classic_ones_not_wild_and_exact_on_offered():
    [r] = rounds("""
        rules fourdice exact=on
        seats ana ben cy
        roll ana 1 1 2 2
        roll ben 2 3 3 3
        roll cy 6 6 6 6
        ana bids 3x2
        ben calls spot
    """)
    assert (r["wild"], r["count"], r["correct"], r["dice_after"]) == (False, 3, True, {"ana": 3, "ben": 4, "cy": 3})
