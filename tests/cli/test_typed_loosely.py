"""Input as people type it, taken as meant (issue 12, the ones nobody listed): a value pasted with spaces around
it, a bot's name in capitals. Presets, boards and bids were already read that way (`--rules " DUDO "`,
`--board PICO`, `--bid " 3X3 "`); counts, dice and bot names were refused. Real processes, no stdin."""
import pytest

from clirun import dicecup


@pytest.mark.parametrize("words", [
    ("arena", " hard", "easy", "--games", "2", "--workers", "1"),
    ("arena", "HARD", "Easy", "--games", "2", "--workers", "1"),
    ("arena", "easy", "normal", "--games", " 2 ", "--workers", " 1"),
    ("odds", "--dice", " 5 ", "--bid", "3x3"),
    ("odds", "--dice", "5", "--mine", " 3", "6 ", "--bid", "3x3"),
], ids=repr)
def test_taken_as_meant(words, tmp_path):
    proc = dicecup(*words, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.strip() and not proc.stderr.strip(), proc.stderr
