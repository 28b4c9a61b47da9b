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
