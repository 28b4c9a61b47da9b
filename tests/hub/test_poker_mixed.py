"""A poker table of one virtual cup (the real firmware on the MicroPython unix port, behind a real pty) shared by a
player and two bots seated on the hub: the player's hands press the cup's buttons, the hub's bots roll through the
cup and look under it through it. The game reaches a winner, its journal referees with the same result and every
die the cup rolled is rechecked from the journal."""
import io

from rich.console import Console

from dicecup.hub.fairness import check_journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay
from dicecup.sim.pokerdemo import play_poker_demo
from dicecup.sim.virtualcup import VirtualCups, find_micropython


def test_a_virtual_cup_and_two_hub_bots_play_one_poker_table_to_a_winner(tmp_path):
    out = io.StringIO()
    with VirtualCups(1, runtime=find_micropython(), fast=True, seed="mixed", keyed=True) as cups:
        table = TableSetup(Rules.parse("poker lives=1"), data=tmp_path, seed="mixed", result_pause=0.0, bots=2,
                           keys=cups.keys, screen=Screen(console=Console(file=out, width=100), live=False))
        try:
            hub, errors = play_poker_demo(table, cups[0], players=1, seed="mixed", timeout=240)
        finally:
            table.close()
    said = out.getvalue()
    assert not errors and hub.finished and not hub.stopped, f"{errors}\n{said[-3000:]}"
    assert [seat.name for seat in hub.seats] == ["ana", "bot1", "bot2"] and hub.seats[1].bot is not None
    text = hub.journal.path.read_text()
    assert "by=bot1" in text or "by=bot2" in text  # a bot rolled through the cup
    assert replay(text).state.winner == hub.state.winner and len(hub.state.history) == 2
    checked = check_journal(text)
    assert checked.scheme == "fair" and checked.rolls >= 10, checked
