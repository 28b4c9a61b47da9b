"""Preset dudo (seed 000): wild ones with transitions, opening on ones, spot on, palifico, lose=difference."""
import pytest

from dicecup.rules import LIAR, SPOT, Rules, legal_actions, new_game
from record_helpers import play, refusal, rounds

TABLE = """
    rules dudo
    seats ana ben cy
"""


def test_wild_ones_count_toward_the_face():
    [r] = rounds(TABLE + """
        roll ana 3 1 4 4 6
        roll ben 3 3 1 2 2
        roll cy 6 6 5 5 2
        ana bids 3x3
        ben bids 5x3
        cy calls liar
    """)
    assert (r["count"], r["wild"], r["correct"], r["losers"]) == (5, True, False, ["cy"])


def test_a_count_equal_to_the_bid_keeps_it_honest_and_the_caller_loses_a_die_and_opens():
    state = play(TABLE + """
        roll ana 5 5 2 2 2
        roll ben 6 6 6 6 6
        roll cy 4 4 4 4 4
        ana bids 2x5
        ben calls liar
    """).state
    assert state.history[-1].losers == ("ben",)
    assert state.dice == (5, 4, 5) and state.to_act == "ben"


def test_a_lie_costs_the_bidder_who_then_opens():
    reason = refusal(TABLE + """
        roll ana 5 2 2 2 2
        roll ben 6 6 6 6 6
        roll cy 4 4 4 4 4
        ana bids 2x5
        ben calls liar
        ben bids 2x2
    """)
    assert reason == "it is ana's turn, not ben's"


def test_anyone_may_open_the_first_round_and_then_turns_go_clockwise():
    assert play(TABLE + "cy bids 2x2\nana bids 3x2").state.to_act == "ben"
    assert refusal(TABLE + "cy bids 2x2\nben bids 3x2") == "it is ana's turn, not ben's"


def test_the_opener_must_bid():
    game = play(TABLE + """
        ana bids 2x2
        ben calls liar
        roll ana 2 2 3 3 3
        roll ben 4 4 4 4 4
        roll cy 5 5 5 5 5
    """)
    assert game.state.to_act == "ben"
    assert refusal(TABLE + """
        ana bids 2x2
        ben calls liar
        roll ana 2 2 3 3 3
        roll ben 4 4 4 4 4
        roll cy 5 5 5 5 5
        ben calls liar
    """) == "ben opens the round and must bid: there is no bid to call"


@pytest.mark.parametrize("standing, new, message", [
    ("4x5", "4x3", "4x3 does not raise 4x5: the same quantity needs a higher face"),
    ("4x5", "4x5", "4x5 does not raise 4x5: the same quantity needs a higher face"),
    ("4x5", "3x6", "3x6 does not raise 4x5: the quantity never goes down"),
    ("6x4", "2x1", "2x1 is too low to switch to ones from 6x4: needs at least 3x1"),
    ("7x4", "3x1", "3x1 is too low to switch to ones from 7x4: needs at least 4x1"),
    ("3x1", "6x6", "6x6 is too low to switch from ones at 3x1: needs at least 7x6"),
    ("3x1", "3x1", "3x1 does not raise 3x1: a bid on ones needs more ones"),
])
def test_refused_raises_name_the_rule(standing, new, message):
    # cy opens with a non-ones bid so the round stays wild, ana bids the standing bid, ben tries the raise
    opening = "cy bids 1x2\n" if standing.endswith("x1") else f"cy bids {standing}\n"
    setup = opening + (f"ana bids {standing}\n" if standing.endswith("x1") else "")
    mover = "ben" if standing.endswith("x1") else "ana"
    assert refusal(TABLE + setup + f"{mover} bids {new}") == message


@pytest.mark.parametrize("standing, new", [
    ("6x4", "3x1"), ("7x4", "4x1"), ("1x6", "1x1"), ("3x1", "7x2"), ("3x1", "4x1"), ("3x4", "3x5"), ("3x5", "4x2"),
])
def test_accepted_raises(standing, new):
    opening = "cy bids 1x2\nana bids " + standing if standing.endswith("x1") else "cy bids 1x2\nana bids " + standing
    assert str(play(TABLE + opening + f"\nben bids {new}").state.standing) == new


def test_opening_on_ones_makes_ones_ordinary_for_the_round():
    game = play(TABLE + """
        roll ana 1 1 2 2 3
        roll ben 2 2 2 5 5
        roll cy 1 3 3 3 3
        ana bids 2x1
        ben bids 2x2
        cy bids 3x2
        ana calls liar
    """)
    [r] = game.to_json()["rounds"]
    # 2x1 -> 2x2 is a plain raise (no doubling), and the ones do not count as twos: 5 twos, not 8
    assert (r["wild"], r["count"], r["correct"]) == (False, 5, False)


def test_spot_on_right_wins_a_die_back_but_never_above_five():
    game = play(TABLE + """
        roll ana 2 2 2 2 2
        roll ben 3 3 3 3 3
        roll cy 4 4 4 4 4
        ana bids 5x3
        ben bids 5x4
        cy calls liar
        roll ana 6 6 6 6 6
        roll ben 6 6 6 6 6
        roll cy 6 6 6 2
        cy bids 14x6
        ana calls spot
        ana bids 1x2
        ben bids 2x2
        cy calls spot
        roll ana 2 3 4 5
        roll ben 2 5 5 5 5
        roll cy 3 3 3 3
    """)
    first, second, third = game.to_json()["rounds"]
    assert first["losers"] == ["cy"]
    assert (second["call"], second["count"], second["correct"], second["losers"]) == ("spot", 13, False, ["ana"])
    assert second["dice_after"]["ana"] == 4
    assert (third["count"], third["correct"], third["losers"], third["dice_after"]["cy"]) == (2, True, [], 5)
    assert game.state.to_act == "cy"  # the caller opens
    capped = play(TABLE + """
        roll ana 2 2 2 2 2
        roll ben 3 3 3 3 3
        roll cy 4 4 4 4 4
        ana bids 5x2
        ben calls spot
    """)
    assert capped.state.history[-1].correct and capped.state.dice == (5, 5, 5)


def test_spot_off_refuses_the_call():
    assert refusal("""
        rules dudo spot=off
        seats ana ben
        ana bids 2x2
        ben calls spot
    """) == "there is no spot call at this table (dudo spot=off): it takes spot=on"


PALIFICO = """
    rules dudo dice=2
    seats ana ben cy
    roll ana 3 3
    roll ben 4 4
    roll cy 5 5
    ana bids 3x6
    ben calls liar
"""  # ana is caught lying: down to one die, next round is ana's palifico round


def test_palifico_round_locks_the_face_and_ones_are_not_wild():
    game = play(PALIFICO + """
        roll ana 1
        roll ben 1 4
        roll cy 4 6
        ana bids 1x4
        ben bids 2x4
        cy bids 3x4
        ana calls liar
    """)
    r = game.to_json()["rounds"][1]
    assert (r["palifico"], r["wild"], r["count"], r["correct"]) == (True, False, 2, True)
    assert refusal(PALIFICO + "ana bids 1x4\nben bids 1x5") == (
        "1x5 breaks the palifico lock: bids stay on fours this round (only ana may change the face)")
    assert refusal(PALIFICO + "ana bids 1x4\nben bids 2x5") == (
        "2x5 breaks the palifico lock: bids stay on fours this round (only ana may change the face)")


def test_only_the_palifico_player_may_change_the_face_by_an_ordinary_raise():
    assert str(play(PALIFICO + "ana bids 1x4\nben bids 2x4\ncy bids 3x4\nana bids 3x6").state.standing) == "3x6"
    assert str(play(PALIFICO + "ana bids 1x4\nben bids 2x4\ncy bids 3x4\nana bids 4x2").state.standing) == "4x2"
    assert refusal(PALIFICO + "ana bids 1x4\nben bids 2x4\ncy bids 3x4\nana bids 3x2") == (
        "3x2 does not raise 3x4: the same quantity needs a higher face")
    # after ana's change of face, the others are locked to the new face
    assert refusal(PALIFICO + "ana bids 1x4\nben bids 2x4\ncy bids 3x4\nana bids 3x6\nben bids 4x5").startswith(
        "4x5 breaks the palifico lock: bids stay on sixes")


def test_palifico_comes_once_per_player():
    game = play(PALIFICO + """
        roll ana 6
        roll ben 6 6
        roll cy 2 3
        ana bids 1x6
        ben bids 2x6
        cy bids 3x6
        ana calls spot
        roll ana 4 4
        roll ben 5 5
        roll cy 2 3
        ana bids 3x4
        ben calls liar
    """)
    second, third = game.to_json()["rounds"][1:]
    assert second["palifico"] and second["correct"] and second["dice_after"]["ana"] == 2  # a die back
    assert third["losers"] == ["ana"] and third["dice_after"]["ana"] == 1  # down to one again...
    assert game.state.palifico is None and game.state.wild is True  # ...but palifico came already
    assert game.state.to_act == "ana"


def test_palifico_off_means_an_ordinary_round():
    game = play(PALIFICO.replace("rules dudo dice=2", "rules dudo dice=2 palifico=off") + "ana bids 1x4\nben bids 1x5")
    assert game.state.palifico is None and game.state.wild is True


def test_lose_difference_costs_the_gap_at_least_one():
    first, second, third = rounds("""
        rules dudo lose=difference
        seats ana ben
        roll ana 2 2 2 3 3
        roll ben 4 4 4 4 4
        ana bids 5x3
        ben calls liar
        roll ana 6 6
        roll ben 4 4 4 4 4
        ana bids 1x4
        ben calls liar
        roll ana 5 5
        roll ben 4
        ben bids 2x5
        ana calls liar
    """)
    assert first["losers"] == ["ana"] and first["dice_after"]["ana"] == 2  # bid 5, counted 2: three dice
    assert second["losers"] == ["ben"] and second["dice_after"]["ben"] == 1  # bid 1, counted 5: four dice
    assert third["count"] == 2 and third["losers"] == ["ana"] and third["dice_after"]["ana"] == 1  # exact: one


def test_the_dice_in_play_cap_the_bid_and_the_highest_bid_leaves_only_calls():
    assert refusal(TABLE + "ana bids 16x6") == "16x6 names more dice than are in play: there are 15"
    # in dudo the switch to ones still fits under 15x6 (at least 8x1); after 15x1 only the calls remain
    after_sixes = play(TABLE + "ana bids 15x6").state
    assert [str(a) for a in legal_actions(after_sixes)] == [f"{q}x1" for q in range(8, 16)] + ["liar", "spot"]
    assert legal_actions(play(TABLE + "ana bids 1x2\nben bids 15x1").state) == [LIAR, SPOT]


def test_no_clock_no_timeout_and_with_a_clock_the_timeout_costs_a_die():
    assert refusal(TABLE + "ana bids 2x2\ntimeout ben") == "timeout ben: this table has no turn clock (clock=0)"
    [r] = rounds("""
        rules dudo clock=30
        seats ana ben cy
        ana bids 2x2
        timeout ben
    """)
    assert (r["call"], r["caller"], r["count"], r["correct"], r["losers"]) == ("timeout", "ben", None, None, ["ben"])
    assert r["dice_after"] == {"ana": 5, "ben": 4, "cy": 5}


def test_elimination_the_empty_chair_and_the_winner():
    game = play("""
        rules dudo dice=1 palifico=off
        seats ana ben cy
        roll ana 2
        roll ben 3
        roll cy 4
        ben bids 1x6
        cy calls liar
        cy bids 1x2
        ana calls liar
        roll ana 5
        roll cy 5
    """)
    first, second = game.to_json()["rounds"]
    assert first["eliminated"] == ["ben"] and second["opener"] == "cy"  # ben's chair is empty: cy opens
    assert second["losers"] == ["cy"] and second["eliminated"] == ["cy"]
    assert game.to_json()["winner"] == "ana" and game.to_json()["next_opener"] is None
    assert refusal("""
        rules dudo dice=1 palifico=off
        seats ana ben
        roll ana 2
        roll ben 3
        ben bids 1x6
        ana calls liar
        ana bids 1x2
    """) == "the game is over: ana won"


def test_a_loser_who_is_out_hands_the_opening_to_the_next_living_seat():
    state = play("""
        rules dudo dice=1 palifico=off
        seats ana ben cy
        roll ana 2
        roll ben 3
        roll cy 4
        ben bids 1x6
        cy calls liar
    """).state
    assert state.to_act == "cy"


def test_legal_actions_start_from_each_faces_floor():
    state = new_game(Rules.parse("dudo"), ["ana", "ben"])
    assert [str(a) for a in legal_actions(state)][:7] == ["1x1", "1x2", "1x3", "1x4", "1x5", "1x6", "2x1"]


@pytest.mark.parametrize("moves, attempt, rule", [
    ([], ("ben", "liar"), "no-bid"),
    (["ana 2x2"], ("cy", "3x2"), "turn"),
    (["ana 2x2"], ("ben", "2x2"), "raise"),
    (["ana 2x2"], ("ben", "16x2"), "cap"),
])
def test_refusals_carry_a_rule_name_for_programs(moves, attempt, rule):
    from dicecup.rules import IllegalAction, Move, apply, parse_action
    state = new_game(Rules.parse("dudo"), ["ana", "ben", "cy"])
    for move in moves:
        seat, action = move.split()
        state = apply(state, Move(seat, parse_action(action)))
    with pytest.raises(IllegalAction) as caught:
        apply(state, Move(attempt[0], parse_action(attempt[1])))
    assert caught.value.rule == rule
