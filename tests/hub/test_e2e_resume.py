"""A hub killed mid-round (SIGKILL, nothing flushed on the way out) and `dicecup resume` finishing the game from
its journal: the cups keep their dice, the round in progress goes on, nothing is lost. The hub runs as a real
`dicecup play` process; moves are typed at it, chosen from the journal itself."""
import signal
import time
from pathlib import Path

import pytest

from dicecup.sim.virtualcup import VirtualCups, find_micropython
from dicecup.rules import BIDDING, Bid, Move, Record, Reroll, replay
from processes import HubProcess
from table_helpers import referee

pytestmark = pytest.mark.slow  # a hub killed mid-round and resumed to the end


def next_move(state):
    """A plain, legal policy: open low, raise once, then call."""
    seat = state.to_act
    standing = state.standing
    if standing is None:
        return f"{seat} bids 1x2"
    if standing.quantity < 2:
        return f"{seat} bids {Bid(standing.quantity + 1, standing.face)}"
    return f"{seat} calls liar"


def play_moves(hub, journal: Path, stop_when, timeout=120):
    """Type the seat-to-act's move whenever the journal shows a turn, until stop_when(state)."""
    deadline = time.monotonic() + timeout
    typed_for, typed_at = None, 0.0
    while time.monotonic() < deadline:
        state = replay(journal.read_text()).state
        if stop_when(state):
            return state
        key = (state.round, len(state.bids), state.phase)
        # Type again if nothing came of it: between rounds the hub refuses moves until the cups have committed.
        if state.phase == BIDDING and state.to_act and (key != typed_for or time.monotonic() - typed_at > 1.0):
            hub.type(next_move(state))
            typed_for, typed_at = key, time.monotonic()
        time.sleep(0.05)
    raise AssertionError("the game did not get there in time:\n" + "\n".join(hub.lines[-40:]) +
                         "\njournal:\n" + "\n".join(journal.read_text().splitlines()[-12:]))


def test_a_hub_killed_mid_round_resumes_from_its_journal_with_no_round_lost(tmp_path):
    runtime = find_micropython()
    with VirtualCups(3, runtime=runtime, fast=True, seed="resume") as cups:
        ports = [arg for cup in cups for arg in ("--port", cup.path)]
        first = HubProcess(["play", "--rules", "fourdice", "dice=2", *ports, "--data", str(tmp_path),
                            "--allow-unpaired"])  # cups like `dicecup sim`'s: no key
        second = None
        try:
            for cup in cups:
                first.wait_for(f"a cup called {cup.name} is here")
            for index, cup in enumerate(cups):
                cup.press("b", "long")
                first.wait_for(f"{cup.name} takes seat {index + 1}")
            first.wait_for("the game begins")
            journal = next((tmp_path / "games").glob("*.txt"))
            # Into round 2, two bids made: then the hub dies without a word.
            mid = play_moves(first, journal, lambda s: s.round == 2 and len(s.bids) == 2)
            assert len(mid.bids) == 2
            before_kill = Record.parse(journal.read_text()).events
            first.proc.send_signal(signal.SIGKILL)
            first.stop()

            second = HubProcess(["resume", str(journal), "--data", str(tmp_path), "--allow-unpaired"])
            second.wait_for("resuming")
            final = play_moves(second, journal, lambda s: s.winner is not None)
            second.wait_for("wins the game")
        finally:
            first.stop()
            if second is not None:
                second.stop()
    record = Record.parse(journal.read_text())
    assert not any(isinstance(e, Reroll) for e in record.events)  # the cups still held their dice
    # Everything the first hub wrote stands, and round 2 went on from its two bids: the resumed hub only
    # appended, and the next move it took is the third bid or the call of round 2.
    assert record.events[:len(before_kill)] == before_kill
    after = record.events[len(before_kill):]
    assert isinstance(after[0], Move)
    assert final.history[1].n == 2 and final.winner is not None
    assert referee(journal).returncode == 0
    assert "the hub restarted; resuming from this journal" in journal.read_text()
