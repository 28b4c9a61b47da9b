"""The table's one poker cup (a virtual cup: the real firmware on MicroPython behind a real pty) pulled out mid-round
and plugged back (issue 14 item 3): the table pauses with a plain line; when the same cup is back mid-round the
table stays paused until the host types `reroll NAME` (issue 24: a pulled cable never re-rolls a bad hand), then the
round starts again from the shake, its bids void; the game ends and its journal referees and verifies."""
import io
import re
import threading
import time

from rich.console import Console

import pytest

from dicecup.hub.fairness import check_journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Record, Reroll, Rules, replay
from dicecup.sim.pokerdemo import play_poker_demo
from dicecup.sim.virtualcup import VirtualCups, find_micropython

pytestmark = pytest.mark.slow  # a whole game with a cup pulled and put back


def _wait(predicate, what, timeout=60.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"never saw {what}")
        time.sleep(0.02)


def test_the_poker_cup_pulled_mid_round_pauses_the_table_and_back_restarts_the_round(tmp_path):
    out = io.StringIO()
    seen = {}
    with VirtualCups(1, runtime=find_micropython(), fast=True, seed="drop", keyed=True) as cups:
        cup = cups[0]
        table = TableSetup(Rules.parse("poker lives=1"), data=tmp_path, seed="drop", result_pause=0.0, keys=cups.keys,
                           screen=Screen(console=Console(file=out, width=120), live=False))

        def pull_and_plug():  # the cable, pulled once a bid stands, and plugged back once the table paused
            try:
                _wait(lambda: table.hub is not None and table.hub.state is not None and table.hub.state.bids,
                      "a bid")
                seen["round"] = table.hub.state.round
                cup.unplug()
                _wait(lambda: table.hub.paused, "the table paused")
                seen["paused"] = True
                cup.plug()
                _wait(lambda: "type `reroll " in out.getvalue(), "the host asked", timeout=30)
                seen["rerolled early"] = "\nreroll " in table.hub.journal.path.read_text()  # not on the cable's word
                name = re.search(r"type `reroll (\w+)`", out.getvalue()).group(1)
                table.inbox.put(("command", f"reroll {name}"))
                _wait(lambda: not table.hub.paused, "the table going on", timeout=30)
            except Exception as error:  # noqa: BLE001 - the assertion below names it
                seen["error"] = error

        cable = threading.Thread(target=pull_and_plug, daemon=True)
        cable.start()
        try:
            hub, errors = play_poker_demo(table, cup, players=2, seed="drop", timeout=120)
        finally:
            table.close()
            cable.join(10)
    said = out.getvalue()
    assert "error" not in seen and seen.get("paused"), (seen, said[-3000:])
    assert not errors and hub.finished and not hub.internal_errors, said[-3000:]
    assert "the table's cup dropped" in said and "the game is paused until it comes back" in said
    assert not seen["rerolled early"] and "the host consents: this round starts again from the shake" in said
    text = hub.journal.path.read_text()
    assert any(isinstance(e, Reroll) for e in Record.parse(text).events) and "#@ reroll " in text
    result = replay(text)
    assert result.state.winner == hub.state.winner
    assert [o.to_json() for o in result.state.history] == [o.to_json() for o in hub.state.history]
    assert check_journal(text).scheme == "fair"
