"""Poker dice (Common Hand), written in the game's own notation: a record in, the referee's verdict out.

The rule page's worked examples are checked here against the engine, and so are its house readings."""
import re

import pytest
from inprocess import dicecup_here

from dicecup.rules import Rules
from dicecup.rules.page import full_page, preset_page
from dicecup.rules.poker import Hand, new_poker_game
from dicecup.rules.poker.page import BID_ORDER, CALL_EXAMPLE, CALL_VERDICT

from record_helpers import play, record, refusal, rounds

OPEN = """
rules poker
seats ana ben cy
ana shakes
ana bids KKQQ left
"""


def test_the_preset_seats_two_to_ten_with_three_lives_and_refuses_face_bid_switches():
    rules = Rules.parse("poker")
    assert rules.lives == 3 and rules.players == (2, 10) and str(Rules.parse("poker lives=5")) == "poker lives=5"
    assert new_poker_game(rules, [f"s{i}" for i in range(10)]).lives == (3,) * 10
    assert refusal("rules poker\nseats ana") == "poker seats 2 to 10 players, not 1"
    with pytest.raises(ValueError, match="poker does not offer wild"):
        Rules.parse("poker wild=on")


def test_the_page_examples_of_bid_order_hold():
    page = preset_page("poker")
    chains = [re.findall(r"`([^`]+)`", line) for line in page.splitlines() if line.startswith("- `") and " < " in line]
    assert len(chains) == len(BID_ORDER) >= 5
    for chain in chains:
        hands = [Hand.parse(text) for text in chain]
        assert all(low < high for low, high in zip(hands, hands[1:])), chain


def test_the_page_example_of_a_call_referees_to_the_verdict_it_states():
    page = preset_page("poker")
    assert CALL_EXAMPLE.rstrip("\n") in page and CALL_VERDICT in page
    (only,) = rounds(CALL_EXAMPLE)
    assert (only["bidder"], only["caller"], only["made"], only["correct"], only["loser"]) == \
        ("ben", "cy", "KKKQ9", True, "ben")
    assert play(CALL_EXAMPLE).to_json()["next_opener"] == "ben"


def test_the_page_names_its_source_and_marks_its_house_readings():
    page = preset_page("poker")
    assert "Source: Common Hand" in page and page.count("**(house reading)**") >= 8
    assert page in full_page()


def test_the_call_compares_the_hand_the_five_dice_make_with_the_bid():
    true_bid = OPEN.replace("KKQQ", "JJJJ") + "ben calls liar\nreveal J J 9 J J\n"
    lie = OPEN.replace("KKQQ", "JJJJT") + "ben calls liar\nreveal J J 9 J J\n"
    assert rounds(true_bid)[0]["loser"] == "ben" and rounds(true_bid)[0]["correct"] is False
    assert rounds(lie)[0]["loser"] == "ana" and rounds(lie)[0]["correct"] is True


def test_the_direction_is_the_openers_choice_for_the_whole_round():
    right = OPEN.replace("left", "right")
    assert play(right).state.to_act == "cy"
    assert refusal(OPEN + "ben accepts\nben bids KKKQQ right") == \
        "the cup goes left this round: the opener chose it"
    assert play(OPEN + "ben accepts\nben bids KKKQQ left").state.to_act == "cy"
    assert refusal("rules poker\nseats ana ben\nana shakes\nana bids KK") == \
        "ana opens: say which way the cup goes, like `ana bids KK left` or `... right`"


@pytest.mark.parametrize("lines, reason", [
    ("ana bids KK left", "ana opens: shake all five dice under the cup first (`ana shakes`)"),
    ("ana shakes\nana shows 1=K", "ana opened this round: the opener rolls once and does not touch the dice"),
    ("ana shakes\nana shakes", "ana opened this round: the opener rolls once and does not touch the dice"),
    ("ana shakes\nana bids KK left\nben bids KKK", "ben must accept the bid before bidding (or call liar)"),
    ("ana shakes\nana bids KK left\ncy accepts", "ben holds the cup, not cy: only the holder accepts it"),
    ("ana shakes\nana bids KK left\nben accepts\nben bids KK",
     "KK (a pair of kings) does not beat KK (a pair of kings): bid a higher hand, or name one more die"),
    ("ana shakes\nana bids junk left\nben accepts\nben bids junk", "junk is only the opener's bid, once: every "
                                                                  "later bid names a hand"),
    ("ana shakes\nana bids KK left\nben accepts\nben shakes\nben shows 1=K",
     "dice move between the cup and the table only before shaking or rolling"),
    ("ana shakes\nana bids KK left\nben accepts\nben rolls 1=K",
     "die 1 is under the cup: only dice on the table are rolled in the open"),
    ("ana shakes\nana bids KK left\nben accepts\nben shows 1=K 2=K 3=K 4=K 5=K\nben rolls 1=A",
     "dice are rolled in the open only while at least one die stays under the cup"),
    ("ana shakes\nana bids KK left\nben accepts\nben shows 1=K\nben hides 1\nben shows 1=A",
     "die 1 shows K, not A: it has not been rolled since"),
    ("ana shakes\nana bids KK left\nben accepts\nben shows 6=K", "'6' is not a die of the cup: the dice are "
                                                               "numbered 1 to 5"),
    ("ana shakes\nana bids KK left\nben calls liar\nreveal K K K", "a reveal is the five dice, die 1 to 5, like "
                                                                   "`reveal K K K Q 9`, not 3"),
    ("ana shakes\nana bids KK left\nben calls bluff", "'bluff' is not a call: at poker dice the call is liar"),
    ("ana shakes\nana bids KK left\nben bids 3x5", "'3x5' is not a hand: name up to five dice of 9 T J Q K A, "
                                                  "like AAAKK or JJJJT, or say junk"),
])
def test_illegal_lines_are_refused_naming_the_rule(lines, reason):
    assert refusal("rules poker\nseats ana ben cy\n" + lines) == reason


def test_a_die_shown_keeps_its_face_until_shaken_and_the_reveal_must_show_it():
    shown = OPEN + "ben accepts\nben shows 1=A\nben hides 1\nben bids AAAKK\ncy calls liar\n"
    assert refusal(shown + "reveal K A A K K") == "die 1 showed A and has not been rolled since: it can't show K"
    assert rounds(shown + "reveal A A A K K")[0]["correct"] is False
    shaken = OPEN + "ben accepts\nben shows 1=A\nben hides 1\nben shakes\nben bids AAAKK\ncy calls liar\n"
    assert rounds(shaken + "reveal K A A K K")[0]["made"] == "KKKAA"


def test_open_rolls_and_moves_are_journaled_with_their_faces():
    text = OPEN + "ben accepts\nben shows 1=K 2=Q\nben rolls 2=K\nben shakes\nben bids KKK\ncy calls liar\n"
    assert refusal(text + "reveal K Q 9 9 9") == "die 2 showed K and has not been rolled since: it can't show Q"
    assert rounds(text + "reveal K K 9 9 9")[0]["made"] == "999KK"


FIVE = """
rules poker lives=1
seats ana ben
ana shakes
ana bids QQQQQ left
ben accepts
reveal A A Q Q 9
"""


def test_accepting_five_of_a_kind_gives_three_tries_at_any_five():
    made = rounds(FIVE + "ben tries 3=A 4=A 5=K\nben tries 5=A")
    assert (made[0]["call"], made[0]["correct"], made[0]["tries"], made[0]["loser"]) == ("five", True, 2, None)
    assert play(FIVE + "ben tries 3=A 4=A 5=K\nben tries 5=A").to_json()["next_opener"] == "ben"  # house reading
    missed = play(FIVE + "ben tries 3=A 4=A 5=K\nben tries 5=Q\nben tries 5=9").to_json()
    assert missed["rounds"][0]["loser"] == "ben" and missed["winner"] == "ana"
    assert missed["rounds"][0]["eliminated"] == ["ben"]
    assert refusal(FIVE + "ben bids AAAAA") == \
        "ben accepted five of a kind: roll for it (`tries`), there is no bid above it"


def test_five_of_a_kind_already_under_the_cup_is_made_without_a_try():
    (only,) = rounds(FIVE.replace("reveal A A Q Q 9", "reveal 9 9 9 9 9"))
    assert only["correct"] is True and only["tries"] == 0 and only["loser"] is None


def test_the_loser_opens_and_when_out_the_next_living_player_to_the_left_opens():
    lost = play("rules poker\nseats ana ben cy\nana shakes\nana bids AAAAK right\ncy calls liar\nreveal 9 T J Q K\n")
    assert lost.to_json()["next_opener"] == "ana" and lost.state.lives == (2, 3, 3)
    out = play("rules poker lives=1\nseats ana ben cy\nana shakes\nana bids K left\nben calls liar\n"
               "reveal 9 T J Q K\n").to_json()
    assert out["rounds"][0]["eliminated"] == ["ben"] and out["next_opener"] == "cy"
    assert out["rounds"][0]["lives_after"] == {"ana": 1, "ben": 0, "cy": 1}


def test_the_referee_json_has_the_poker_round_contract():
    data = play(CALL_EXAMPLE).to_json()
    assert set(data) == {"rules", "switches", "seats", "rounds", "next_opener", "winner"}
    assert data["switches"] == {"lives": 2, "players": [2, 10]}
    assert {"n", "opener", "direction", "bids", "bidder", "caller", "dice", "made", "correct", "loser",
            "lives_after", "eliminated"} <= set(data["rounds"][0])
    assert data["rounds"][0]["bids"] == [{"seat": "ana", "bid": "KKQQ"}, {"seat": "ben", "bid": "KKKQQ"}]
    assert data["rounds"][0]["dice"] == ["K", "K", "K", "Q", "9"] and data["rounds"][0]["direction"] == "left"


def test_bids_are_read_in_words_and_printed_in_notation():
    text = record("rules poker\nseats ana ben\nana shakes\nana Bids four jacks and a ten LEFT\n")
    assert str(play(text).state.standing) == "JJJJT"


def test_a_cup_that_lost_its_dice_restarts_the_round_and_a_retired_seat_leaves():
    again = play(OPEN + "ben accepts\nreroll ben\n").state
    assert again.phase == "opening" and again.holder == 0 and again.bids == () and again.lives == (3, 3, 3)
    gone = play(OPEN + "retire ana\n").state
    assert gone.lives == (0, 3, 3) and gone.holder == 1 and gone.history == ()
    over = play("rules poker\nseats ana ben\nana shakes\nretire ben\n").to_json()
    assert over["winner"] == "ana" and over["rounds"] == []
    assert refusal(OPEN + "retire ana\nana shakes") == "ana is out of the game"


def test_the_referee_command_refuses_an_illegal_poker_line_with_status_2(tmp_path):
    game = tmp_path / "poker.txt"
    game.write_text(record(OPEN + "cy accepts\n"))
    done = dicecup_here("referee", game, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "line 5: ben holds the cup, not cy: only the holder accepts it\n"
    game.write_text(CALL_EXAMPLE)
    done = dicecup_here("referee", game)
    assert done.returncode == 0 and "round 1: ana opens, the cup goes left" in done.stdout
    assert "the call was right\n  ben loses a life" in done.stdout


def test_play_refuses_poker_with_cups_in_one_line(tmp_path):
    for words in (["play", "--rules", "poker", "--sim", "2"], ["play", "--rules", "poker", "--sim", "1", "--bots", "2"]):
        done = dicecup_here(*words, "--data", tmp_path)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-400:]
        assert done.stderr.endswith("poker dice passes one cup round the table: name who shares it, like "
                                    "`dicecup play --rules poker --sim 1 --players ana,ben,cy` (bots alone: --bots 4)\n")
        assert len(done.stderr.splitlines()) == 1
