"""Preset revolver (seed 001): no bids on wild ones, the winner opens, bullets, trigger pulls, a fatal clock."""
from dicecup.rules import LIAR, SPOT, legal_actions
from record_helpers import play, refusal, rounds

TABLE = """
    rules revolver
    seats ana ben cy
"""
ROLLS = """
    roll ana 2 3 4 5 6
    roll ben 2 2 3 3 1
    roll cy 6 6 6 5 5
"""  # twos: 3 real + 1 wild = 4; sixes: 4 + 1 = 5; fives: 3 + 1 = 4


def test_no_bid_on_ones_while_they_are_wild():
    assert refusal(TABLE + "ana bids 3x1") == "3x1 is not a bid while ones are wild"
    assert refusal(TABLE + "ana bids 2x2\nben bids 3x1") == "3x1 is not a bid while ones are wild"


def test_with_wild_off_ones_are_the_lowest_face():
    state = play("rules revolver wild=off\nseats ana ben\nana bids 3x1\nben bids 3x2").state
    assert str(state.standing) == "3x2"
    assert refusal("rules revolver wild=off\nseats ana ben\nana bids 3x2\nben bids 3x1") == (
        "3x1 does not raise 3x2: the same quantity needs a higher face")


def test_the_first_seat_opens_the_first_round():
    assert refusal(TABLE + "ben bids 2x2") == "it is ana's turn, not ben's"


def test_a_caught_bidder_loads_one_bullet_and_pulls_and_the_caller_opens():
    game = play(TABLE + ROLLS + """
        ana bids 5x2
        ben calls liar
        shot ana safe
    """)
    [r] = game.to_json()["rounds"]
    assert (r["count"], r["correct"], r["losers"]) == (4, True, ["ana"])
    assert r["bullets_after"] == {"ana": 1, "ben": 0, "cy": 0}
    assert r["dice_after"] == {"ana": 5, "ben": 5, "cy": 5}  # nobody loses a die by default
    assert game.state.to_act == "ben"  # the winner of the challenge opens


def test_a_wrong_liar_call_loses_and_the_bidder_opens():
    game = play(TABLE + ROLLS + "ana bids 4x2\nben calls liar\nshot ben safe")
    assert game.state.history[-1].losers == ("ben",) and game.state.to_act == "ana"


def test_every_later_lost_round_adds_a_bullet_and_load_sets_the_first():
    game = play(TABLE + ROLLS + """
        ana bids 5x2
        ben calls liar
        shot ana safe
        ben bids 2x3
        cy bids 2x4
        ana calls liar
        roll ana 4 4 4 4 4
        roll ben 4 4 4 4 4
        roll cy 4 4 4 4 4
        shot ana safe
    """)
    assert game.to_json()["rounds"][-1]["bullets_after"]["ana"] == 2
    hot = play("rules revolver load=3\nseats ana ben\nroll ana 2 2 2 2 2\nroll ben 3 3 3 3 3\n"
               "ana bids 6x2\nben calls liar\nshot ana safe")
    assert hot.state.bullets == (3, 0)


def test_the_pull_waits_for_its_shooter_and_nothing_else_happens_meanwhile():
    before = TABLE + ROLLS + "ana bids 5x2\nben calls liar\n"
    assert refusal(before + "shot ben safe") == "it is ana's turn to pull the trigger, not ben's"
    assert refusal(before + "ben bids 2x2") == "waiting for ana to pull the trigger"
    assert play(before).state.to_act == "ana"


def test_the_dead_leave_with_their_dice():
    game = play(TABLE + ROLLS + "ana bids 5x2\nben calls liar\nshot ana dead")
    [r] = game.to_json()["rounds"]
    assert r["eliminated"] == ["ana"] and r["dice_after"]["ana"] == 0
    assert game.state.dice_in_play == 10
    after = TABLE + ROLLS + "ana bids 5x2\nben calls liar\nshot ana dead\n"
    assert refusal(after + "ben bids 11x6") == "11x6 names more dice than are in play: there are 10"
    assert legal_actions(play(after + "ben bids 10x6").state) == [LIAR, SPOT]


def test_running_out_of_time_loads_all_six_chambers():
    before = TABLE + "ana bids 2x2\ntimeout ben\n"
    assert refusal(before + "shot ben safe") == "ben carries six bullets: that pull cannot be safe"
    game = play(before + "shot ben dead")
    [r] = game.to_json()["rounds"]
    assert (r["call"], r["caller"], r["count"], r["correct"]) == ("timeout", "ben", None, None)
    assert r["bullets_after"]["ben"] == 6 and r["eliminated"] == ["ben"]
    assert game.state.to_act == "cy"  # ben's chair is empty: the next living player clockwise opens


def test_a_landed_spot_makes_everyone_else_load_and_pull_from_the_callers_left():
    game = play(TABLE + ROLLS + """
        ana bids 3x2
        ben bids 4x5
        cy calls spot
        shot ana safe
        shot ben dead
    """)
    [r] = game.to_json()["rounds"]
    assert (r["call"], r["correct"], r["losers"]) == ("spot", True, ["ana", "ben"])
    assert r["bullets_after"] == {"ana": 1, "ben": 1, "cy": 0} and r["eliminated"] == ["ben"]
    assert game.state.to_act == "cy"
    assert refusal(TABLE + ROLLS + "ana bids 3x2\nben bids 4x5\ncy calls spot\nshot ben safe") == (
        "it is ana's turn to pull the trigger, not ben's")


def test_a_missed_spot_costs_the_caller_and_the_bidder_opens():
    game = play(TABLE + ROLLS + "ana bids 3x2\nben calls spot\nshot ben safe")
    assert game.state.history[-1].losers == ("ben",) and game.state.to_act == "ana"


def test_spot_off():
    assert refusal("rules revolver spot=off\nseats ana ben\nana bids 2x2\nben calls spot").startswith(
        "there is no spot call at this table (revolver spot=off)")


def test_lose_die_takes_a_die_too_and_a_player_with_no_dice_is_out_without_a_pull():
    game = play("""
        rules revolver lose=die dice=1
        seats ana ben cy
        roll ana 2
        roll ben 3
        roll cy 4
        ana bids 1x6
        ben calls liar
    """)
    [r] = game.to_json()["rounds"]
    assert r["eliminated"] == ["ana"] and r["bullets_after"]["ana"] == 0
    assert game.state.to_act == "ben"  # no pull: straight on to the next round
    two = rounds("""
        rules revolver lose=die
        seats ana ben
        roll ana 2 2 2 2 2
        roll ben 3 3 3 3 3
        ana bids 6x2
        ben calls liar
        shot ana safe
    """)
    assert two[0]["dice_after"] == {"ana": 4, "ben": 5} and two[0]["bullets_after"]["ana"] == 1


def test_last_one_alive_wins():
    game = play("""
        rules revolver
        seats ana ben
        roll ana 2 2 2 2 2
        roll ben 3 3 3 3 3
        ana bids 6x2
        ben calls liar
        shot ana dead
    """)
    assert game.to_json()["winner"] == "ben"


def test_shots_belong_to_the_revolver_only():
    assert refusal("rules dudo\nseats ana ben\nshot ana safe") == "there is no revolver at a dudo table"
    assert refusal(TABLE + "shot ana safe") == "ana has no trigger to pull: nobody is waiting on the revolver"
