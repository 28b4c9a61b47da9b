"""A newcomer's odd options around poker dice, each through `dicecup` with no stdin: one plain line that says what
to do instead, never a game of bots that can't play it nor a hint that is refused next. `play` runs as a real
process; verify, referee and odds, which only read what they are given, through their main here
(tests/inprocess.py)."""
from pathlib import Path

import pytest

from clirun import dicecup, one_plain_line
from inprocess import dicecup_here


@pytest.mark.parametrize("words, says", [
    # a face-bid bot at poker dice played `junk` every turn after "raised ValueError" (and a poker bot at dudo 1x1)
    (("play", "--rules", "poker", "--bots", "2", "--bot", "easy"), "easy plays face bids: at poker dice seat "
                                                                    "poker-baseline, poker-hard"),
    (("play", "--bots", "2", "--bot", "poker-hard"), "poker-hard plays poker dice only"),
    # no cup found: the hint was `--sim 3`, which poker dice then refused ("one cup passed round, not 3")
    (("play", "--rules", "poker"), r"--sim 1 --players ana,ben"),
    # named players and a bot but no cup: waited in silence for a cup that was never coming
    (("play", "--rules", "poker", "--players", "ana,ben", "--bots", "1"), "no cups found"),
    # a seat named as a word of the record started a game whose journal referee and resume then refused (line 2)
    (("play", "--rules", "poker", "--sim", "1", "--players", "reveal,ben"), "'reveal' is not a name to type"),
    (("play", "--rules", "poker", "--sim", "1", "--players", "ana,Seats"), "'Seats' is not a name to type"),
    (("play", "--phones", "rules,ana", "--web", "127.0.0.1:0"), "'rules' is not a name to type"),
])
def test_poker_table_options_a_newcomer_gets_wrong(tmp_path, words, says):
    done = dicecup(*words, "--data", tmp_path, timeout=60)
    line = one_plain_line(done, "play")
    assert says in line, line
    assert not (tmp_path / "games").exists() or not any((tmp_path / "games").iterdir()), "a game was started"


# journals/demo-poker-seed3.txt: a real `dicecup demo --rules poker --brief --cups 2 lives=1 --seed 3` (one virtual
# cup, the firmware on MicroPython, passed between two seats), its temporary folder renamed.
DEMO = Path(__file__).parent / "journals" / "demo-poker-seed3.txt"


def _edited(tmp_path, old, new):
    text = DEMO.read_text()
    assert old in text
    edited = tmp_path / "edited.txt"
    edited.write_text(text.replace(old, new, 1))
    return edited


def test_the_demo_journal_verifies_and_referees_as_it_was_played():
    verified = dicecup_here("verify", DEMO)
    assert verified.returncode == 0 and "every commitment, entropy and die checks" in verified.stdout, verified
    refereed = dicecup_here("referee", DEMO)
    assert refereed.returncode == 0 and "winner: ben" in refereed.stdout, refereed


def test_verify_names_a_poker_die_by_its_face_as_the_journal_writes_it(tmp_path):
    # was "die 5 shows 6 but its seed and the hub's entropy give 5": the journal says A and K
    line = one_plain_line(dicecup_here("verify", _edited(tmp_path, "reveal Q A A A K", "reveal Q A A A A")), "verify")
    assert "line 44: die 5 shows A but its seed and the hub's entropy give K" in line, line


@pytest.mark.parametrize("kept", [("KKQ",), ("K,K,Q",), ("K K Q",), ("k", "kq")])
def test_odds_takes_the_kept_dice_written_as_a_hand_is(kept):
    # `--mine KKQ` (as bids are written) was refused: "'KKQ' is not a die: a die shows 9, T (ten), J, Q, K or A"
    spaced = dicecup_here("odds", "--rules", "poker", "--mine", "K", "K", "Q", "--bid", "KKKQQ")
    written = dicecup_here("odds", "--rules", "poker", "--mine", *kept, "--bid", "KKKQQ")
    assert spaced.returncode == 0 and "keeping 3 dice, re-rolling 2: 8.33 %" in spaced.stdout, spaced
    assert (written.returncode, written.stdout) == (0, spaced.stdout), written.stderr


@pytest.mark.parametrize("kept, says", [
    (("AAAAAA",), "6 dice kept: the cup holds five"),
    (("KKX",), "'KKX' is not a die: a die shows 9, T (ten), J, Q, K or A"),
    (("",), "'' is not a die"),
])
def test_odds_refuses_kept_dice_that_are_not_dice_in_one_line(kept, says):
    line = one_plain_line(dicecup_here("odds", "--rules", "poker", "--mine", *kept, "--bid", "KK"), "odds")
    assert says in line, line


def test_odds_json_without_a_bid_at_poker_asks_for_a_poker_hand():
    # said "add --bid QxF", the face-bid notation, which poker dice then refuses ("'3x3' is not a hand")
    line = one_plain_line(dicecup_here("odds", "--rules", "poker", "--json"), "odds")
    assert "--bid KKKQQ" in line and "QxF" not in line, line


def test_verify_tallies_a_poker_journal_in_the_faces_poker_players_read():
    # was "ana (cup 1): faces 1-6 2 1 0 1 2 4": poker dice has no 1 to 6, its faces are 9 T J Q K A
    done = dicecup_here("verify", DEMO)
    assert done.returncode == 0 and "  ana (cup 00000001): faces 9-A 2 1 0 1 2 4 (10 dice)" in done.stdout, done.stdout
