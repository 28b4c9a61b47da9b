"""`dicecup verify` and `dicecup referee` recheck the dice of a real journal: every commitment, entropy and die.

journals/demo-dudo-seed3.txt is the journal of a real `dicecup demo --seed 3` (four virtual cups: the firmware on
the MicroPython unix port behind ptys), kept as written. Any single changed die, seed, commitment, nonce or
entropy byte in it must fail, naming the line. The commands run through their main in this process
(tests/inprocess.py): what they check is the file."""
import random
import shutil
from pathlib import Path

import pytest

from inprocess import dicecup_here as dicecup
from dicecup.hub.fairness import FairnessError, check_journal, p_value_df5

HERE = Path(__file__).parent
DEMO = HERE / "journals" / "demo-dudo-seed3.txt"
EXAMPLE = Path(__file__).parents[2] / "host" / "dicecup" / "examples" / "dudo.txt"


def demo_lines():
    return DEMO.read_text().splitlines(keepends=True)


def with_line(lines, index, new):
    changed = list(lines)
    changed[index] = new
    return "".join(changed)


def flip_hex_char(line, at):
    """The line with the hex character at `at` changed to another hex character."""
    old = line[at]
    new = "0" if old != "0" else "1"
    return line[:at] + new + line[at + 1:]


def test_the_demo_journal_verifies_and_shows_each_cups_faces():
    done = dicecup("verify", DEMO)
    assert done.returncode == 0, done.stderr
    assert "every commitment, entropy and die checks: 68 roll(s) in 19 deal(s)" in done.stdout
    for cup in ("cup1 (cup 00000001)", "cup2 (cup 00000002)", "cup3 (cup 00000003)", "cup4 (cup 00000004)"):
        assert f"  {cup}: faces 1-6 " in done.stdout and "chi-square" in done.stdout and "p = " in done.stdout


def test_the_chi_square_p_value_is_the_df5_survival_function():
    assert abs(p_value_df5(11.0705) - 0.05) < 1e-5
    assert abs(p_value_df5(20.515) - 0.001) < 1e-6
    assert p_value_df5(0) == 1.0


def hex_spans(line):
    """(start, end) of each run of hex bytes worth changing on a fact line: the value, and a check= field."""
    words, spans, at = line.rstrip("\n").split(" "), [], 0
    for word in words:
        if word.startswith(("nonce=", "check=")):
            spans.append((at + 6, at + len(word)))
        elif len(word) >= 16 and all(c in "0123456789abcdef" for c in word):
            spans.append((at, at + len(word)))
        at += len(word) + 1
    return spans


FACTS = ("#@ round", "#@ commit", "#@ entropy", "#@ seed")


@pytest.mark.parametrize("kind", FACTS)
def test_any_changed_byte_of_a_nonce_commitment_entropy_or_seed_fails_naming_its_line(kind):
    lines = demo_lines()
    rng = random.Random(kind)
    targets = [i for i, line in enumerate(lines) if line.startswith(kind + " ")]
    assert len(targets) >= 15
    tried = 0
    for index in targets:
        for start, end in hex_spans(lines[index]):
            for at in rng.sample(range(start, end), 3):  # three positions of every value on every such line
                with pytest.raises(FairnessError) as caught:
                    check_journal(with_line(lines, index, flip_hex_char(lines[index], at)))
                assert f"line {index + 1}" in str(caught.value), (kind, index + 1, str(caught.value))
                tried += 1
    assert tried >= 45


def test_any_single_changed_die_fails_naming_its_roll_line():
    lines = demo_lines()
    rolls = [i for i, line in enumerate(lines) if line.startswith("roll ")]
    tried = 0
    for index in rolls:
        words = lines[index].split()
        for position in range(2, len(words)):
            changed = list(words)
            changed[position] = str(int(words[position]) % 6 + 1)
            with pytest.raises(FairnessError) as caught:
                check_journal(with_line(lines, index, " ".join(changed) + "\n"))
            assert caught.value.line == index + 1
            tried += 1
    assert tried == sum(len(lines[i].split()) - 2 for i in rolls) >= 200


def test_a_roll_rewritten_to_five_fives_fails_verify_and_referee_naming_the_line(tmp_path):
    lines = demo_lines()
    index = next(i for i, line in enumerate(lines) if line.startswith("roll cup2 ") and len(line.split()) == 7)
    tampered = tmp_path / "tampered.txt"
    tampered.write_text(with_line(lines, index, "roll cup2 5 5 5 5 5\n"))
    done = dicecup("verify", tampered)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (f"dicecup verify: {tampered} line {index + 1}: cup2's roll 5 5 5 5 5 is not what "
                                   f"the seed and entropy give ({lines[index].split(' ', 2)[2].strip()})")
    refereed = dicecup("referee", tampered)
    assert refereed.returncode == 2 and refereed.stderr.startswith(f"line {index + 1}: cup2's roll 5 5 5 5 5")


def test_referee_of_a_journal_with_commitments_says_it_checked_the_dice():
    done = dicecup("referee", DEMO)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("checked the rules and every die: 68 roll(s)")
    assert done.stdout.rstrip().endswith("winner: cup1")


def test_a_bare_record_is_refereed_by_the_rules_only_and_verify_says_there_is_nothing_to_check():
    refereed = dicecup("referee", EXAMPLE)
    assert refereed.returncode == 0
    assert refereed.stdout.startswith("checked the rules only: this record carries no fair-dice commitments")
    done = dicecup("verify", EXAMPLE)
    assert done.returncode == 1 and "carries no fair-dice commitments (a bare game record)" in done.stderr


def test_a_journal_from_before_fair_dice_still_referees_and_verify_says_so(tmp_path):
    old = tmp_path / "old.txt"
    old.write_text("rules dudo dice=1\nseats ana ben\n#@ round 1 deal=1 nonce=0011223344556677\n"
                   "#@ commit ana " + "ab" * 32 + "\n#@ commit ben " + "cd" * 32 + "\nana bids 1x2\nben calls liar\n"
                   "#@ salt ana " + "00" * 16 + "\n#@ salt ben " + "11" * 16 + "\nroll ana 2\nroll ben 3\n")
    assert dicecup("referee", old).returncode == 0
    done = dicecup("verify", old)
    assert done.returncode == 1 and "(a journal from before fair dice)" in done.stderr


def test_verify_all_adds_up_each_cup_over_the_data_folder_and_fails_if_one_journal_does(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(DEMO, games / "a.txt")
    shutil.copy(DEMO, games / "b.txt")
    shutil.copy(EXAMPLE, games / "old.txt")
    done = dicecup("verify", "--all", "--data", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "2 journal(s) check, 0 do not, 1 carry no commitments" in done.stdout
    single = dicecup("verify", DEMO).stdout
    faces = single.split("  cup1 (cup 00000001): faces 1-6 ")[1].split(" (")[0]
    doubled = " ".join(str(2 * int(n)) for n in faces.split())
    assert f"  cup 00000001: faces 1-6 {doubled} " in done.stdout
    lines = demo_lines()
    index = next(i for i, line in enumerate(lines) if line.startswith("#@ seed "))
    (games / "c.txt").write_text(with_line(lines, index, flip_hex_char(lines[index], len("#@ seed cup1 "))))
    done = dicecup("verify", "--all", "--data", tmp_path)
    assert done.returncode == 1 and f"c.txt line {index + 1}: " in done.stderr


def test_verify_without_a_journal_or_with_a_missing_one_says_so_in_one_line(tmp_path):
    bare = dicecup("verify")
    assert bare.returncode == 2 and bare.stderr.startswith("dicecup verify: name a journal")
    missing = dicecup("verify", tmp_path / "nope.txt")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert missing.stderr.strip() == f"dicecup verify: can't read {tmp_path / 'nope.txt'}: No such file or directory"


def test_a_game_cut_off_mid_round_says_it_stopped_not_that_a_round_was_rolled_again(tmp_path):
    lines = demo_lines()
    second_round = next(i for i, line in enumerate(lines) if line.startswith("#@ round 2 "))
    first_bid = next(i for i in range(second_round, len(lines)) if " bids " in lines[i])
    cut = tmp_path / "cut.txt"
    cut.write_text("".join(lines[:first_bid + 1]))  # the hub stopped after round 2's first bid
    done = dicecup("verify", cut)
    assert done.returncode == 0, done.stderr
    assert "rolled again" not in done.stdout, done.stdout
    assert "the game stopped before 4 commitment(s) of its last round were revealed" in done.stdout, done.stdout


def test_a_poker_game_cut_off_mid_round_says_it_stopped_not_that_rounds_ended_without_a_reveal(tmp_path):
    lines = (HERE / "journals" / "demo-poker-seed3.txt").read_text().splitlines(keepends=True)
    third_roll = next(i for i, line in enumerate(lines) if line.startswith("#@ dice 3 "))
    cut = tmp_path / "cut.txt"
    cut.write_text("".join(lines[:third_roll + 1]))  # the hub stopped as ana's cup rolled a third time, mid-round
    done = dicecup("verify", cut)
    assert done.returncode == 0, done.stderr
    assert "without a reveal" not in done.stdout and "rolled again" not in done.stdout, done.stdout
    assert "the game stopped before 13 commitment(s) of its last round were revealed" in done.stdout, done.stdout
