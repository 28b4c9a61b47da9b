"""A cup switched off mid-bidding and on again keeps its dice, end to end (issue 24 item 1, the cup side): a
`play --sim` table (the hub's loop on a thread, keyed virtual cups running the real firmware on the MicroPython
unix port behind real ptys, each played by a bot through its buttons), one cup killed outright (SIGKILL) during
the bidding and started again on its own state folder, which keeps its deal as a board's flash does
(cupcore/keep.py). Every wait has a deadline; everything started is stopped."""
import subprocess
import sys

import pytest

from dicecup.hub.phases import RoundPhase
from dicecup.rules import Record, Reroll
from table_helpers import LiveTable, referee
from processes import checked_but_seeded

pytestmark = pytest.mark.slow  # a whole game with a cup killed and restarted


def bidding_under_way(table):
    snapshot = table.snapshot
    return snapshot.phase == RoundPhase.BIDDING and len(snapshot.state.bids) >= 1


def commits_in_round(text, round_number, name):
    """The `#@ commit NAME` lines of one round of a journal (from its `#@ round N` line to the next round's)."""
    found, inside = [], False
    for line in text.splitlines():
        if line.startswith("#@ round "):
            inside = line.split()[2] == str(round_number)
        elif inside and line.startswith(f"#@ commit {name} "):
            found.append(line)
    return found


def test_a_cup_killed_and_restarted_mid_bidding_brings_back_its_dice_and_the_round_goes_on(tmp_path):
    with LiveTable("dudo dice=3", tmp_path, seed="keep") as table:
        table.wait(lambda: bidding_under_way(table), "the first bids")
        round_at_cut = table.snapshot.state.round
        table.cups[1].power_cycle()  # SIGKILL, then a new process on the same folder
        table.wait(lambda: table.said("cup2's cup is back"), "the cup to come back", timeout=30)
        final = table.finish()
        text = table.journal_text()
        record = Record.parse(text)
        assert not any(isinstance(e, Reroll) for e in record.events), text  # the same dice: the round went on
        assert "lost its dice" not in table.output.getvalue()
        assert any(o.n == round_at_cut for o in final.state.history)  # that round was played out, not re-dealt
        assert len(commits_in_round(text, round_at_cut, "cup2")) == 1  # its one commitment stood
        assert referee(final.journal).returncode == 0
        verified = subprocess.run([sys.executable, "-m", "dicecup", "verify", str(final.journal)],
                                  capture_output=True, text=True, timeout=60)
        assert checked_but_seeded(verified), verified.stdout + verified.stderr  # every die checks; a seeded table
