"""Faults at the table, end to end: a cup pulled out and plugged back, a cup power-cycled, a cheating cup.
The cable is a relay between two pseudo-terminals (link/ptyrelay.py); pulling it closes the hub's side."""
import json

import pytest

from dicecup.rules import Record, Reroll, Retire, Roll
from table_helpers import LiveTable, bidding_under_way, referee

pytestmark = pytest.mark.slow  # whole games with cups pulled, restarted and cheating


def test_a_cup_pulled_mid_round_pauses_the_game_and_the_round_goes_on_when_it_is_back(tmp_path):
    with LiveTable("dudo dice=3", tmp_path, seed="unplug") as table:
        table.wait(lambda: bidding_under_way(table), "the first bids")
        round_at_pull = table.snapshot.state.round
        table.cups[1].unplug()
        table.wait(lambda: table.snapshot.paused, "the hub to notice and pause")
        table.wait(lambda: table.said("cup2's cup dropped"), "the table to say so")
        assert table.snapshot.state.round == round_at_pull
        table.cups[1].plug()
        table.wait(lambda: not table.snapshot.paused, "the cup to come back", timeout=30)
        table.wait(lambda: table.said("cup2's cup is back"), "the table to say so")
        final = table.finish()
        record = Record.parse(table.journal_text())
        assert not any(isinstance(e, Reroll) for e in record.events)  # same dice: the round went on
        assert any(o.n == round_at_pull for o in final.state.history)
        assert referee(final.journal).returncode == 0


def test_a_cup_that_lost_its_dice_to_a_power_cycle_is_rolled_again_only_once_the_host_consents(tmp_path):
    with LiveTable("dudo dice=3", tmp_path, seed="power") as table:
        table.wait(lambda: bidding_under_way(table), "the first bids")
        table.cups[1].power_cycle(lose_deal=True)  # its kept deal gone too (a cup that keeps it: test_e2e_keep)
        table.wait(lambda: table.said("cup2's cup came back without the dice it was shown"), "the table to say so",
                   timeout=30)
        assert table.snapshot.paused and "reroll cup2" not in table.journal_text()  # not on the cup's word
        table.table.inbox.put(("command", "reroll cup2"))
        table.wait(lambda: "#@ reroll cup2 by=host\nreroll cup2\n" in table.journal_text(), "the host's reroll")
        final = table.finish()
        done = referee(final.journal)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["winner"] is not None


def test_a_cheating_reveal_is_named_never_counted_and_the_cup_is_retired(tmp_path):
    with LiveTable("dudo dice=3", tmp_path, seed="cheat", cheat=1) as table:
        final = table.finish()
        output = table.output.getvalue()
        assert "CHEATING: cup2's cup revealed 6 6 6" in output
        record = Record.parse(table.journal_text())
        assert Retire("cup2") in record.events
        assert not any(isinstance(e, Roll) and e.seat == "cup2" for e in record.events)  # never counted
        assert final.winner != "cup2"
        assert referee(final.journal).returncode == 0


def test_a_cup_that_never_comes_back_is_retired_by_the_host_and_the_game_goes_on(tmp_path):
    with LiveTable("dudo dice=2", tmp_path, seed="retire") as table:
        table.wait(lambda: bidding_under_way(table), "the first bids")
        table.cups[2].unplug()
        table.wait(lambda: table.snapshot.paused, "the hub to notice and pause")
        table.wait(lambda: table.said("type `retire cup3` to take the seat out"), "the table to say so")
        table.table.inbox.put(("command", "retire cup3"))
        table.wait(lambda: not table.snapshot.paused, "the game to go on without cup3")
        final = table.finish()
        assert Retire("cup3") in Record.parse(table.journal_text()).events
        assert final.winner != "cup3"
        assert referee(final.journal).returncode == 0
