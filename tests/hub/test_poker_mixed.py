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
from dicecup.sim.pokerhands import PokerHands
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


class CupThatDropsPresses:
    """The virtual cup, but every `every`-th press (past seating) never reaches it, as a press a busy cup let go
    by: the hands' own tally of where its buttons stand is then wrong."""

    def __init__(self, cup, every):
        self.cup, self.every, self.count, self.dropped = cup, every, 0, 0

    def press(self, *gesture):
        self.count += 1
        if self.count > 4 and self.count % self.every == 0:
            self.dropped += 1
            return
        self.cup.press(*gesture)

    def __getattr__(self, name):
        return getattr(self.cup, name)


def test_hands_that_lose_count_of_their_presses_start_again_from_where_the_cup_says_its_buttons_stand(
        tmp_path, monkeypatch):
    """Fails when PokerHands counts from its own tally (a dropped press: the next move's tool, cursor or bid off,
    pressed again and again, wrong each time)."""
    monkeypatch.setattr(PokerHands, "again", 1.0)
    out = io.StringIO()
    with VirtualCups(1, runtime=find_micropython(), fast=True, seed="dropped", keyed=True) as cups:
        cup = CupThatDropsPresses(cups[0], every=9)
        table = TableSetup(Rules.parse("poker lives=1"), data=tmp_path, seed="dropped", result_pause=0.0, bots=1,
                           keys=cups.keys, screen=Screen(console=Console(file=out, width=100), live=False))
        try:
            hub, errors = play_poker_demo(table, cup, players=1, seed="dropped", timeout=180)
        finally:
            table.close()
    said = out.getvalue()
    assert cup.dropped >= 3, cup.dropped
    assert not errors and hub.finished and not hub.stopped, f"{errors}\n{said[-3000:]}"
