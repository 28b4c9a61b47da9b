"""`dicecup odds` as a user runs it, through the command's main in this process (tests/inprocess.py): exit codes,
stdout and stderr."""
import json

import pytest
from inprocess import dicecup_here

from dicecup.odds import Sight
from dicecup.rules import Bid


def odds(*args):
    return dicecup_here("odds", *args)


EXAMPLE = ("--rules", "dudo", "--dice", "20", "--mine", "1", "3", "3", "5", "6", "--bid", "7x3")


def test_json_is_the_contract():
    done = odds(*EXAMPLE, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == ["bid", "hidden", "wild", "at_least", "exactly", "expected"]
    exact = Sight.make("dudo", 20, (1, 3, 3, 5, 6)).odds(Bid(7, 3))
    assert data == {"bid": "7x3", "hidden": 15, "wild": True, "at_least": float(exact.at_least),
                    "exactly": float(exact.exactly), "expected": 8.0}
    assert round(data["at_least"], 4) == 0.7908


@pytest.mark.parametrize("extra, wild", [((), True), (("--palifico",), False), (("--opened-on-ones",), False)])
def test_json_knows_the_round(extra, wild):
    data = json.loads(odds(*EXAMPLE, "--json", *extra).stdout)
    assert data["wild"] is wild
    assert data["expected"] == (8.0 if wild else 2 + 15 / 6)


def test_a_bid_in_words_both_worlds_side_by_side():
    done = odds(*EXAMPLE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "`dudo`: 20 dice in play, you see 1 3 3 5 6, 15 hidden; ones are wild this round."
    assert lines[2].split() == ["7x3", "(seven", "threes)", "ones", "wild", "(this", "round)", "ones", "not", "wild"]
    assert "true (count >= 7)             79.1 %" in done.stdout
    assert "exactly 7 (a spot call wins)  19.5 % (1 in 5.1)" in done.stdout
    assert "false (a liar call wins)      20.9 %" in done.stdout


def test_without_a_bid_the_full_table_for_the_dice_count():
    done = odds("--dice", "10")
    assert done.returncode == 0, done.stderr
    assert "Among the 10 hidden dice" in done.stdout
    rows = [line.split() for line in done.stdout.splitlines() if line[:1].isdigit()]
    assert [r[0] for r in rows] == [str(k) for k in range(11)]
    assert rows[2] == ["2", "89.6", "%", "19.5", "%", "51.5", "%", "29.1", "%"]  # both worlds in one row


def test_with_your_dice_the_table_starts_with_your_best_bids():
    done = odds("--rules", "revolver", "--dice", "20", "--mine", "1", "3", "3", "5", "6")
    assert done.returncode == 0, done.stderr
    assert "Ladder this round, highest first: 8x3 59.6 %, 7x6 59.6 %" in done.stdout
    assert "no bids on ones while wild" in done.stdout
    assert "Among the 15 hidden dice" in done.stdout


@pytest.mark.parametrize("args, message", [
    (("--dice", "20", "--bid", "21x3"), "21x3 names more dice than are in play: there are 20"),
    (("--dice", "4", "--mine", "1", "2", "3", "4", "5"), "you see 5 dice but only 4 are in play"),
    (("--dice", "20", "--mine", "1", "2", "3", "4", "5", "6"), "you can't hold 6 dice"),
    (("--dice", "20", "--mine", "7"), "'7' is not a die: a die shows 1 to 6"),
    (("--dice", "20", "--bid", "3x7"), "3x7 is not a bid: a face is 1 to 6"),
    (("--dice", "20", "--bid", "three"), "'three' is not a bid"),
    (("--rules", "revolver", "--dice", "20", "--bid", "3x1"), "3x1 is not a bid while ones are wild (revolver)"),
    (("--rules", "revolver", "--dice", "20", "--palifico"), "only dudo offers palifico"),
    (("--dice", "40"), "a `dudo` table holds at most 30"),
    (("--dice", "lots"), "--dice lots: the dice in play is a whole number, at least 1"),
    ((), "--dice (the dice in play) is required"),
    (("--dice", "20", "--json"), "--json prints the odds of one bid: add --bid QxF"),
    (("--dice", "20", "--threshold", "0"), "above 0 and at most 1"),
    (("--dice", "20", "--threshold", "half"), "'half' is not a number"),
    (("--rules", "yahtzee", "--dice", "5"), "unknown preset 'yahtzee'"),
])
def test_bad_input_is_a_clear_error_never_a_traceback(args, message):
    done = odds(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("dicecup odds: ") and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_markdown_to_an_unwritable_place_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = odds("--markdown", str(blocker / "odds.md"))
    assert done.returncode == 2 and "can't write" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("args, message", [
    (("--dice", "-5"), "--dice -5: the dice in play is a whole number, at least 1"),
    (("--dice", "²"), "--dice ²: the dice in play is a whole number written with the digits 0-9"),
    (("--dice", "５"), "--dice ５: the dice in play is a whole number written with the digits 0-9"),
    (("--dice", "9" * 5000), "--dice 9999999999999999999999999999999999999999…: a `dudo` table holds at most 30 "
                             "(6 players of 5)"),
    (("--dice", "20", "--mine", "²"), "'²' is not a die: write dice with the digits 1 to 6"),
    (("--dice", "20", "--mine", "10"), "'10' is not a die: a die shows 1 to 6"),
    (("--dice", "20", "--threshold", "1e-99999999"), "threshold '1e-99999999' is not a number: write 0.5 or 1/2"),
    (("--dice", "20", "--threshold", "0.５"), "threshold '0.５' is not a number: write 0.5 or 1/2"),
    (("--dice", "20", "--mine", "５"), "'５' is not a die: write dice with the digits 1 to 6"),
    (("--dice", "20", "--bid", "４x５"), "'４x５' is not a bid: write it with the digits 0-9, like 4x5"),
])
def test_numbers_are_refused_with_what_is_true(args, message):
    done = odds(*args)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    assert done.stderr == f"dicecup odds: {message}\n"


def test_bids_typed_loosely_are_priced():
    assert odds("--dice", "20", "--bid", " 3X5 ").stdout == odds("--dice", "20", "--bid", "3x5").stdout


def test_long_odds_read_as_numbers_people_use():
    done = odds("--dice", "20", "--bid", "20x3")
    assert "(1 in 3.5 billion)" in done.stdout and "(1 in 3,656 trillion)" in done.stdout, done.stdout
    assert ".0)" not in done.stdout
    three = odds("--dice", "1", "--bid", "1x3").stdout
    assert "(1 in 3)" in three and "(1 in 6)" in three


def test_one_die_is_a_die():
    done = odds("--dice", "1", "--bid", "1x3")
    assert done.stdout.splitlines()[0] == "`dudo`: 1 die in play, you don't see it; ones are wild this round."
    table = odds("--dice", "2", "--mine", "3").stdout
    assert table.splitlines()[0] == "`dudo`: 2 dice in play, you see 3, 1 hidden; ones are wild this round."
    assert "Among the 1 hidden die, the chance that k of them count" in table
    assert " 1 dice" not in done.stdout + table


def test_mine_given_twice_adds_up():
    once = odds("--dice", "20", "--mine", "1", "2", "3", "--bid", "3x3", "--json")
    twice = odds("--dice", "20", "--mine", "1", "2", "--mine", "3", "--bid", "3x3", "--json")
    assert twice.returncode == 0 and json.loads(twice.stdout) == json.loads(once.stdout)


def test_markdown_takes_no_other_options(tmp_path):
    done = odds("--markdown", str(tmp_path / "odds.md"), "--dice", "20", "--bid", "3x3")
    assert done.returncode == 2 and not (tmp_path / "odds.md").exists()
    assert done.stderr == "dicecup odds: --markdown writes the whole odds page: it takes no --dice, --bid or " \
                          "other options\n"
