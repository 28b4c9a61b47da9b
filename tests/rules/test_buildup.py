"""Preset buildup (seed 003's Build Up): start with one die, the loser gains one, reaching the limit is out."""
from dicecup.rules import Rules
from record_helpers import play, refusal, rounds

TABLE = """
    rules buildup
    seats ana ben cy
    rolloff ana 6 6
    rolloff ben 1 2
    rolloff cy 3 3
"""


def test_everyone_starts_with_one_die_and_the_roll_off_decides_the_opener():
    state = play(TABLE).state
    assert state.dice == (1, 1, 1) and state.to_act == "ana"
    assert refusal(TABLE + "roll ana 3 4") == "ana has 1 die this round, not 2"


def test_the_loser_gains_a_die_and_opens():
    game = play(TABLE + """
        roll ana 3
        roll ben 4
        roll cy 5
        ana bids 2x6
        ben calls liar
    """)
    [r] = game.to_json()["rounds"]
    assert (r["losers"], r["dice_after"]) == (["ana"], {"ana": 2, "ben": 1, "cy": 1})
    assert game.state.to_act == "ana" and game.state.dice_in_play == 4


def test_the_cap_is_still_the_dice_in_play():
    assert refusal(TABLE + "ana bids 4x6") == "4x6 names more dice than are in play: there are 3"


def test_reaching_the_limit_eliminates():
    game = play("""
        rules buildup limit=2
        seats ana ben cy
        rolloff ana 6 6
        rolloff ben 1 2
        rolloff cy 3 3
        roll ana 3
        roll ben 4
        roll cy 5
        ana bids 2x6
        ben calls liar
    """)
    [r] = game.to_json()["rounds"]
    assert r["eliminated"] == ["ana"] and r["dice_after"]["ana"] == 0
    assert game.state.to_act == "ben"  # ana's chair is empty: next living clockwise


def test_last_player_left_wins():
    game = play("""
        rules buildup limit=2
        seats ana ben
        rolloff ana 6 6
        rolloff ben 1 2
        roll ana 3
        roll ben 4
        ana bids 2x6
        ben calls liar
    """)
    assert game.to_json()["winner"] == "ben"


def test_lose_difference_gains_the_gap():
    [r] = rounds(TABLE.replace("rules buildup", "rules buildup lose=difference") + """
        roll ana 3
        roll ben 4
        roll cy 5
        ana bids 3x6
        ben calls liar
    """)
    assert r["dice_after"]["ana"] == 4


def test_spot_on_mirrors_dudo():
    game = play("""
        rules buildup spot=on dice=2
        seats ana ben
        rolloff ana 6 6
        rolloff ben 1 2
        roll ana 3 4
        roll ben 4 6
        ana bids 2x4
        ben calls spot
    """)
    [r] = game.to_json()["rounds"]
    assert (r["correct"], r["losers"], r["dice_after"]) == (True, [], {"ana": 2, "ben": 1})


def test_the_start_must_be_below_the_limit():
    import pytest
    from dicecup.rules import RulesError
    with pytest.raises(RulesError, match="players must start below the limit"):
        Rules.parse("buildup dice=6")
