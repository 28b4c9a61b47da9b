"""A newcomer's odd options around poker dice (issue 14), each through a real `dicecup` process with no stdin: one
plain line that says what to do instead, never a game of bots that can't play it nor a hint that is refused next."""
import pytest

from clirun import dicecup, one_plain_line


@pytest.mark.parametrize("words, says", [
    # a face-bid bot at poker dice played `junk` every turn after "raised ValueError" (and a poker bot at dudo 1x1)
    (("play", "--rules", "poker", "--bots", "2", "--bot", "easy"), "easy plays face bids: at poker dice seat "
                                                                    "poker-baseline, poker-hard"),
    (("play", "--bots", "2", "--bot", "poker-hard"), "poker-hard plays poker dice only"),
    # no cup found: the hint was `--sim 3`, which poker dice then refused ("one cup passed round, not 3")
    (("play", "--rules", "poker"), r"--sim 1 --players ana,ben"),
])
def test_poker_table_options_a_newcomer_gets_wrong(tmp_path, words, says):
    done = dicecup(*words, "--data", tmp_path, timeout=60)
    line = one_plain_line(done, "play")
    assert says in line, line
    assert not (tmp_path / "games").exists() or not any((tmp_path / "games").iterdir()), "a game was started"
