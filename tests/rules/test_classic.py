"""Preset classic (seed 003): ones not wild, the roll-off, loser opens, exact=on, spot=on, wild=on."""
import pytest

from dicecup.rules import Record, Rules, RulesError
from record_helpers import play, refusal, rounds

TABLE = """
    rules classic
    seats ana ben cy
"""
ROLLOFF = """
    rolloff ana 3 4
    rolloff ben 6 5
    rolloff cy 2 2
"""


def test_the_highest_roll_off_total_opens():
    assert play(TABLE + ROLLOFF).state.to_act == "ben"


def test_only_the_tied_leaders_roll_again_as_often_as_it_takes():
    before = TABLE + "rolloff ana 6 6\nrolloff ben 1 1\nrolloff cy 5 6\n"
    assert play(before).state.to_act == "ana"
    tied = TABLE + "rolloff ana 6 5\nrolloff ben 1 1\nrolloff cy 5 6\n"
    assert refusal(tied + "rolloff ben 6 6") == "ben is not in this roll-off: ana, cy roll"
    again = tied + "rolloff cy 3 3\nrolloff ana 3 3\n"
    assert play(again).state.phase == "rolloff"
    assert play(again + "rolloff ana 1 2\nrolloff cy 2 2").state.to_act == "cy"


def test_nothing_happens_before_the_roll_off_is_done():
    assert refusal(TABLE + "rolloff ana 3 4\nana bids 2x2") == "the roll-off for the first opener is not finished"
    assert refusal(TABLE + "rolloff ana 3 4\nrolloff ana 3 4") == "ana already rolled in this roll-off"
    assert refusal(TABLE + ROLLOFF + "rolloff ana 3 4") == (
        "there is no roll-off now: it only decides the first round's opener")
    assert refusal(TABLE + "rolloff ana 3 4 5").startswith("a roll-off is two dice")


def test_ones_are_not_wild_and_the_loser_opens():
    game = play(TABLE + ROLLOFF + """
        roll ana 1 1 1 4 4
        roll ben 4 2 2 2 2
        roll cy 3 3 3 3 3
        ben bids 4x4
        cy calls liar
    """)
    [r] = game.to_json()["rounds"]
    assert (r["wild"], r["count"], r["correct"], r["losers"]) == (False, 3, True, ["ben"])
    assert game.state.to_act == "ben"


def test_ones_are_an_ordinary_lowest_face():
    assert str(play(TABLE + ROLLOFF + "ben bids 3x6\ncy bids 4x1").state.standing) == "4x1"
    assert refusal(TABLE + ROLLOFF + "ben bids 3x2\ncy bids 3x1") == (
        "3x1 does not raise 3x2: the same quantity needs a higher face")


def test_wild_on_counts_ones_for_other_faces_but_a_bid_on_ones_counts_only_ones():
    table = "rules classic wild=on\nseats ana ben\nrolloff ana 6 6\nrolloff ben 1 1\n"
    dice = "roll ana 1 1 4 4 4\nroll ben 1 4 2 2 2\n"
    [fours] = rounds(table + dice + "ana bids 7x4\nben calls liar")
    assert (fours["wild"], fours["count"], fours["correct"]) == (True, 7, False)
    [ones] = rounds(table + dice + "ana bids 4x1\nben calls liar")
    assert (ones["count"], ones["correct"]) == (3, True)
    # no transition rules: a plain raise from ones to twos at the same quantity
    assert str(play(table + "ana bids 4x1\nben bids 4x2").state.standing) == "4x2"


def test_no_exact_call_unless_switched_on():
    assert refusal(TABLE + ROLLOFF + "ben bids 2x2\ncy calls spot") == (
        "there is no spot call at this table (classic): it takes spot=on or exact=on")


def test_exact_right_costs_every_other_player_a_die_and_the_caller_opens():
    game = play("rules classic exact=on\nseats ana ben cy\n" + ROLLOFF + """
        roll ana 2 2 3 3 3
        roll ben 4 4 4 4 4
        roll cy 5 5 5 5 5
        ben bids 3x3
        cy calls spot
    """)
    [r] = game.to_json()["rounds"]
    assert (r["call"], r["correct"], r["losers"]) == ("spot", True, ["ana", "ben"])
    assert r["dice_after"] == {"ana": 4, "ben": 4, "cy": 5}
    assert game.state.to_act == "cy"


def test_exact_wrong_costs_the_caller_two_dice():
    [r] = rounds("rules classic exact=on\nseats ana ben cy\n" + ROLLOFF + """
        roll ana 2 2 3 3 3
        roll ben 4 4 4 4 4
        roll cy 5 5 5 5 5
        ben bids 2x3
        cy calls spot
    """)
    assert (r["correct"], r["losers"], r["dice_after"]["cy"]) == (False, ["cy"], 3)


def test_spot_on_plays_as_in_dudo():
    [r] = rounds("rules classic spot=on\nseats ana ben cy\n" + ROLLOFF + """
        roll ana 2 2 3 3 3
        roll ben 4 4 4 4 4
        roll cy 5 5 5 5
        ben bids 3x3
        cy calls spot
    """.replace("roll cy 5 5 5 5\n", "roll cy 5 5 5 5 5\n"))
    assert (r["correct"], r["losers"], r["dice_after"]) == (True, [], {"ana": 5, "ben": 5, "cy": 5})


@pytest.mark.parametrize("rules, message", [
    ("classic spot=on exact=on", "spot=on and exact=on are two versions of the same call: choose one"),
    ("classic palifico=on", "classic does not offer palifico: only dudo offers it"),
    ("classic load=2", "classic does not offer load: only revolver offers it"),
    ("dudo exact=on", "dudo does not offer exact: only classic, fourdice offer it"),
    ("classic lose=none", "lose=none is not offered by classic: choose die or difference"),
    ("classic lives=3", "classic does not offer lives: only poker offers it"),
    ("classic players=2-7", "players=2-7: classic seats 2 to 6 players"),
])
def test_switches_the_preset_does_not_offer_are_refused_with_who_offers_them(rules, message):
    with pytest.raises(RulesError) as caught:
        Rules.parse(rules)
    assert str(caught.value) == message


def test_players_switch_narrows_the_table():
    assert refusal("rules classic players=3-4\nseats ana ben") == "classic seats 3 to 4 players, not 2"


@pytest.mark.parametrize("word", ["exact", "calza", "Exact", "spot"])
def test_players_call_exact_or_calza_and_the_record_prints_spot(word):
    text = "rules classic exact=on\nseats ana ben cy\n" + ROLLOFF + f"""
        roll ana 2 2 3 3 3
        roll ben 4 4 4 4 4
        roll cy 5 5 5 5 5
        ben bids 3x3
        cy calls {word}
    """
    [r] = rounds(text)
    assert (r["call"], r["correct"], r["losers"]) == ("spot", True, ["ana", "ben"])
    record = Record.parse(text)
    assert "cy calls spot" in str(record) and Record.parse(str(record)) == record  # spot is the printed form
