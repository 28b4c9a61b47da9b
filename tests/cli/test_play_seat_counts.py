"""Issue 12 items 4 and 5: a seat count the rules can't seat (too many, too few, negative) is refused in one
plain line before any virtual cup starts, by `play` and `demo`, through real processes with no standard input.
Before the fix these hung with no word (0, 1, -3, -1) or ended in a RulesError traceback after starting every
virtual cup (7)."""
import subprocess

import pytest

from clirun import dicecup, one_plain_line

REFUSED = [
    ("demo", "--cups", "7"),
    ("demo", "--cups", "100"),
    ("demo", "--cups", "0"),
    ("demo", "--cups", "1"),
    ("demo", "--cups", "-3"),
    ("play", "--sim", "7"),
    ("play", "--bots", "7"),
    ("play", "--sim", "-1"),
    ("play", "--bots", "-1"),
    ("play", "--bots", "1"),
    ("play", "--sim", "4", "--bots", "3"),
]


@pytest.mark.parametrize("words", REFUSED, ids=" ".join)
def test_a_seat_count_the_rules_cannot_seat_is_refused_at_once(words, tmp_path):
    try:
        # no cup can start and play within this: the answer must come before anything is started
        proc = dicecup(*words, "--data", tmp_path / "data", timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"dicecup {' '.join(words)} gave no answer in 30 s")
    line = one_plain_line(proc, words[0])
    assert "player" in line or "0 or more" in line, line


@pytest.mark.parametrize("command", [("demo", "--cups", "7"), ("play", "--bots", "7")], ids=" ".join)
def test_rules_quoted_as_one_word_are_read_as_odds_and_arena_read_them(command, tmp_path):
    """`--rules "dudo palifico=off"` is the preset and its switches (issue 12 item 12): before, `demo` and `play`
    took the whole text for a preset's name ('unknown preset'). Seven seats keep the test from starting a game:
    the refusal names the seat count, so the rules were read."""
    proc = dicecup(*command, "--rules", "dudo palifico=off", "--data", tmp_path / "data", timeout=30)
    line = one_plain_line(proc, command[0])
    assert "dudo seats 2 to 6 players: 7 (" in line and line.endswith(") is too many"), line
