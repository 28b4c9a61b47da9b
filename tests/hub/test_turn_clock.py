"""The turn clock. Nobody was warned as it ran out: now in the clock's last seconds (the last 5, or the last third
of a shorter clock) the table says so and the cup whose turn it is gets CUE_HURRY with the seconds left. The time
the hub itself was stopped is on nobody's clock."""
import os
import re
import signal
import time

import pytest

from cupcore import wire
from dicecup.hub.phases import RoundPhase
from dicecup.hub.faces.turnclock import hurry_from
from processes import HubProcess
from pty_cups import PtyTable, cups, seat_in_order  # noqa: F401 - cups: a fixture


def test_the_hurry_comes_in_the_last_five_seconds_or_the_last_third_of_a_shorter_clock():
    assert hurry_from(60) == 5 and hurry_from(15) == 5
    assert hurry_from(9) == 3 and hurry_from(3) == 1


def hurry(values):
    return values[0] == wire.CUE_HURRY


@pytest.mark.slow
def test_the_cup_whose_turn_runs_out_is_hurried_once_with_the_seconds_left(cups, tmp_path):
    ana, ben = cups("ana", 31), cups("ben", 32)
    with PtyTable("dudo dice=1 clock=3", [ana, ben], tmp_path) as table:
        seat_in_order(table.watch, [ana, ben])
        first = table.watch.wait(lambda s: s.phase == RoundPhase.BIDDING, 20)
        assert first is not None, table.output.getvalue()
        slow, other = (ana, ben) if first.to_act == 0 else (ben, ana)
        cue, arg = slow.wait_for(wire.CUE, where=hurry, timeout=20)
        assert arg == 1  # a 3 s clock is hurried in its last third: 1 s left
        assert table.watch.get().state.round == 1 and not table.watch.get().state.history  # before it ran out
        table.finish()  # the clock runs out: dudo takes the die, and with one die each the game is over
        assert len(slow.got(wire.CUE, where=hurry)) == 1
        assert not other.got(wire.CUE, where=hurry)
        name = "ana" if slow is ana else "ben"
        assert table.said(f"⏱ {name}: 1 s left to play"), table.output.getvalue()[-2000:]


@pytest.mark.slow
def test_the_time_the_hub_was_stopped_is_on_nobody_s_turn_clock(tmp_path):
    """Ctrl-Z until `fg` (here SIGSTOP, then SIGCONT, longer than the 5 s clock): nobody refereed meanwhile, so the
    player to move still has their turn when the hub goes on, and their bid is taken. Before, the first tick after
    SIGCONT timed them out (and, at one die each, ended the game). A real `dicecup play` with two virtual cups,
    typed at through its standard input."""
    with HubProcess(["play", "--sim", "2", "--data", str(tmp_path), "dice=1", "clock=5"], trace=False) as hub:
        hub.wait_for(" to play · ", timeout=120)
        opener = next(m.group(1) for m in map(re.compile(r"^round 1 · (cup\d) to play").match, hub.lines) if m)
        other = "cup2" if opener == "cup1" else "cup1"
        os.kill(hub.proc.pid, signal.SIGSTOP)
        try:
            time.sleep(6)  # how long the hub stays stopped: the stimulus, not a wait for an event
        finally:
            os.kill(hub.proc.pid, signal.SIGCONT)
        hub.type("help")  # answered on a pass after SIGCONT's, so the table has ticked since before the bid comes
        hub.wait_for("type at the hub: ", timeout=30)
        hub.type(f"{opener} bids 1x2")
        hub.wait_for(f"{other} to play", timeout=30)
        assert not hub.said("ran out of time"), "\n".join(hub.lines[-20:])
