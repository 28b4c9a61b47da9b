"""Long work shows its progress on a terminal, and says nothing more when piped: the odds page's plots (about
2 s, silent until the end before) and an arena's games (its bar had no test). Real processes, their stderr a
pseudo-terminal; history import's bar is tested in test_newcomer_small, flash's lines in tests/flash."""
import subprocess
import sys

from ptyscreen import with_terminal_stderr


def on_a_terminal(*args):
    """The finished process, and what its stderr (a terminal) showed."""
    done, shown = with_terminal_stderr(args)
    return done, shown.decode("utf-8", "replace")


def piped(*args):
    return subprocess.run([sys.executable, "-m", "dicecup", *map(str, args)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=180)


def test_the_odds_page_counts_its_plots_on_a_terminal_and_only_lists_what_it_wrote_when_piped(tmp_path):
    done, shown = on_a_terminal("odds", "--markdown", tmp_path / "a" / "odds.md")
    assert done.returncode == 0 and b"wrote " in done.stdout, shown
    assert "drawing the odds plots" in shown and "6/6" in shown, shown[-400:]  # nothing was shown before
    quiet = piped("odds", "--markdown", tmp_path / "b" / "odds.md")
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    assert quiet.stdout.count("wrote ") == 7, quiet.stdout


def test_an_arena_counts_its_games_on_a_terminal_and_not_when_piped(tmp_path):
    words = ("arena", "easy", "easy", "--games", "6", "--workers", "1", "--rules", "dudo", "dice=2")
    done, shown = on_a_terminal(*words)
    assert done.returncode == 0, shown
    assert "easy v easy" in shown and "6/6" in shown, shown[-400:]
    quiet = piped(*words)
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    assert "easy" in quiet.stdout, quiet.stdout
