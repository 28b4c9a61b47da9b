"""The demo's bots press real virtual cups (the firmware on MicroPython) through their buttons. On a loaded machine
a press can fail to land; the cup must still send only what the bot chose, so a seeded demo replays exactly.
Here each cup loses its first face press outright, every time, in this process: the hands must notice on the LEDs
and press again, and never send a bid the display did not show."""
import re
import threading

import pytest

from dicecup.hub.snapshot import Said
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Bid, Rules
from dicecup.sim.hands import next_press
from dicecup.sim.players import BotPlayers
from dicecup.sim.virtualcup import VirtualCups, find_micropython


class LosesItsFirstFacePress:
    """A virtual cup whose first `a press` never reaches its buttons: the stand-in for a press lost on a busy
    machine. Everything else is the cup's own."""

    def __init__(self, cup):
        self._cup = cup
        self.lost = 0

    def __getattr__(self, name):
        return getattr(self._cup, name)

    def press(self, button, gesture="press"):
        if (button, gesture) == ("a", "press") and not self.lost:
            self.lost += 1
            return
        self._cup.press(button, gesture)


def test_next_press_steps_the_display_to_the_choice_one_gesture_at_a_time():
    want = Bid.parse("3x5")
    assert next_press(want, ("bid", 3, 4)) == ("a", "press")
    assert next_press(want, ("bid", 2, 5)) == ("b", "press")
    assert next_press(want, ("bid", 4, 5)) == ("a", "double")
    assert next_press(want, ("liar",)) == ("b", "double")  # an armed call: round to the bid first
    assert next_press(want, ("bid", 3, 5)) is None  # shown: send it


@pytest.mark.slow
def test_a_press_that_did_not_land_is_pressed_again_and_the_cup_sends_only_what_the_bot_chose(tmp_path):
    said = []
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, seed="lost-press", result_pause=0.0,
                       screen=lambda item: said.append(item.text) if isinstance(item, Said) else None)
    with VirtualCups(3, runtime=find_micropython(), fast=True, seed="lost-press", keyed=True) as real:
        table.keys.extra.update(real.keys)
        cups = [LosesItsFirstFacePress(cup) for cup in real]
        hub = table.make_hub(expect_cups=len(cups))
        hub.bot_delay = 0.0
        table.connect([cup.path for cup in cups])
        players = BotPlayers(cups, hub.watch(), table.stop, seed="lost-press").start()
        runner = threading.Thread(target=table.play, kwargs={"timeout": 240}, daemon=True)
        runner.start()
        try:
            runner.join(250)
        finally:
            table.close()
            errors = players.join()
    assert hub.finished and not errors, errors
    assert sum(cup.lost for cup in cups) >= 2, "the game never needed a face press to lose"
    assert not [text for text in said if text.startswith("can't do that")]  # no bid the bot never chose
    moves = re.findall(r"^(\S+) (?:bids (\S+)|calls (\S+))$", hub.journal.path.read_text(), re.M)
    sent = sorted((name, bid or call) for name, bid, call in moves)
    chosen = sorted(intent for hands in players.hands for intent in hands.intended)
    assert sent == chosen and len(sent) > 5
