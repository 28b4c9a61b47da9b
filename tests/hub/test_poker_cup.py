"""One virtual cup (the real firmware on the MicroPython unix port, behind a real pty) passed round four seats of
bots pressing its buttons (issue 14 item 3, and its Done-when): the game is refereed end to end, the hub's journal referees with the same result, every die the cup opened is rechecked from
the journal. (A cup that lies about a die is caught: test_transcript_poker.py, frame by frame.)"""
import io

from rich.console import Console

import pytest

from dicecup.hub.fairness import check_journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay
from dicecup.sim.pokerdemo import play_poker_demo
from dicecup.sim.virtualcup import VirtualCups, find_micropython
from processes import checked_but_seeded

pytestmark = pytest.mark.slow  # whole games on a virtual cup


def _one_cup_game(data, seed, players):
    """A lives=1 game of one virtual cup passed among `players` bots: (hub, the hands' errors, what was said)."""
    out = io.StringIO()
    with VirtualCups(1, runtime=find_micropython(), fast=True, seed=seed, keyed=True) as cups:
        table = TableSetup(Rules.parse("poker lives=1"), data=data, seed=seed, result_pause=0.0, keys=cups.keys,
                           screen=Screen(console=Console(file=out, width=100), live=False))
        try:
            hub, errors = play_poker_demo(table, cups[0], players=players, seed=seed, timeout=240)
        finally:
            table.close()
    return hub, errors, out.getvalue()


def test_one_virtual_cup_passed_round_four_bots_plays_a_whole_game_and_its_journal_checks(tmp_path):
    hub, errors, said = _one_cup_game(tmp_path, seed="pass", players=4)
    assert not errors, f"{errors}\n{said[-3000:]}"
    assert hub.finished, said[-3000:]
    text = hub.journal.path.read_text()
    result = replay(text)
    assert result.state.winner == hub.state.winner and len(result.state.history) == 3  # one life each: 3 go out
    assert [o.to_json() for o in result.state.history] == [o.to_json() for o in hub.state.history]
    checked = check_journal(text)
    assert checked.scheme == "fair" and checked.rolls >= 15  # every die of the three lifts, opened alone
    assert "is the table's cup, passed round: ana, ben, cy, dee play with it" in said


def test_dicecup_demo_rules_poker_passes_one_cup_round_and_its_journal_verifies(tmp_path):
    import re
    import subprocess
    import sys

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
