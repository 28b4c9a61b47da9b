"""`dicecup demo`, as the README runs it: four virtual cups on MicroPython, pressed by bots, a whole game."""
import re
import subprocess
import sys

import pytest

from table_helpers import referee


@pytest.mark.slow
def test_the_demo_plays_a_whole_game_and_names_the_winner_and_the_journal(tmp_path):
    done = subprocess.run([sys.executable, "-m", "dicecup", "demo", "--seed", "readme", "--data", str(tmp_path),
                           "--brief"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "4 virtual cups on MicroPython" in done.stdout
    winner = re.search(r"^(\S+) wins the game\.$", done.stdout, re.M)
    journal = re.search(r"^journal: (.+)$", done.stdout, re.M)
    assert winner and journal, done.stdout[-2000:]
    verdict = referee(journal.group(1))
    assert verdict.returncode == 0 and f'"winner": "{winner.group(1)}"' in verdict.stdout
    assert "Traceback" not in done.stderr


def test_the_demo_refuses_bad_rules_clearly():
    done = subprocess.run([sys.executable, "-m", "dicecup", "demo", "--rules", "dudo", "load=2"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("dicecup demo: dudo does not offer load")


@pytest.mark.slow
def test_the_same_seed_replays_the_same_demo(tmp_path):
    """README: `dicecup demo --seed S` replays the same game. The bots' hands once asked their bot again when a
    turn's cue blinked while they were still pressing, which drew from its seeded randomness a second time."""
    games = []
    for attempt in ("a", "b"):
        done = subprocess.run([sys.executable, "-m", "dicecup", "demo", "--seed", "replay", "--data",
                               str(tmp_path / attempt), "--brief", "dice=2"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        journal = re.search(r"^journal: (.+)$", done.stdout, re.M).group(1)
        with open(journal, encoding="utf-8") as handle:
            games.append([line for line in handle.read().splitlines() if not line.startswith("#")])
    assert games[0] == games[1]
    assert sum(" bids " in line for line in games[0]) > 5
