"""`dicecup demo --rules poker`: one virtual cup passed round the table's seats, pressed by bots, a whole game to a
winner whose journal verifies. (The same cup on the MicroPython port, passed between two seats, every die rechecked
from the journal: test_poker_round_secret.py; a cup that lies about a die: test_transcript_poker.py.)"""
import re
import subprocess
import sys

import pytest

from processes import checked_but_seeded

pytestmark = pytest.mark.slow  # a whole game


def test_dicecup_demo_rules_poker_passes_one_cup_round_and_its_journal_verifies(tmp_path):
    run = subprocess.run([sys.executable, "-m", "dicecup", "demo", "--rules", "poker", "lives=1", "--cups", "2",
                          "--seed", "5", "--cpython", "--data", str(tmp_path)], capture_output=True, text=True,
                         timeout=300, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, (run.stdout[-2000:], run.stderr[-2000:])
    assert run.stdout.startswith("dicecup demo: one virtual cup passed among 2 seats on CPython, rules poker lives=1")
    assert re.search(r"^(ana|ben) wins the game\.$", run.stdout, re.M)
    journal = re.search(r"journal: (\S+)", run.stdout.split("wins the game")[1]).group(1)
    verified = subprocess.run([sys.executable, "-m", "dicecup", "verify", journal], capture_output=True, text=True,
                              timeout=60)
    assert checked_but_seeded(verified) and "(cup 00000001)" in verified.stdout, verified.stderr  # demo --seed 5
