"""Bots on the hub: `--bots N` seats built-in `normal` bots, `--bot NAME` any bot; a hub game with a bot that
overruns its budget goes on, the slow turn played by the safest action and said on the screen."""
import io
import threading

import pytest
from rich.console import Console

from dicecup.bots import guard
from dicecup.bots.loader import BotError
from dicecup.bots.player import Normal
from dicecup.cli import main
from dicecup.hub.chance import Chance
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup, bot_seats
from dicecup.rules import Rules


def test_bot_seats_are_normal_bots_then_the_named_ones(sample):
    seats = bot_seats(2, Chance("s"), names=["baseline", sample("Seeded")])
    assert [name for name, _ in seats] == ["bot1", "bot2", "bot3", "bot4"]
    assert all(isinstance(bot, Normal) for _, bot in seats[:2])
    assert seats[2][1].__name__ == "baseline" and isinstance(seats[3][1].seed, int)
    with pytest.raises(BotError, match="'nope' is not a bot"):
        bot_seats(0, Chance("s"), names=["nope"])


def test_dicecup_play_refuses_a_bot_that_is_not_one(capsys):
    assert main(["play", "--bot", "nope"]) == 2
    assert "dicecup play: 'nope' is not a bot" in capsys.readouterr().err


def test_a_slow_bot_never_stalls_the_hub(tmp_path, sample, monkeypatch):
    monkeypatch.setattr(guard, "DEFAULT_BUDGET", 0.05)
    slow = sample("Slow")
    output = io.StringIO()
    screen = Screen(console=Console(file=output, width=120), brief=True)
    table = TableSetup(Rules.parse("fourdice dice=2"), data=tmp_path, seed="slow", screen=screen,
                  bot_names=["hard", slow], result_pause=0.0)
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 0.0
    watch = hub.watch()
    thread = threading.Thread(target=table.play, kwargs={"timeout": 60}, daemon=True)
    thread.start()
    thread.join(70)
    table.close()
    text = output.getvalue()
    assert watch.get().finished, text[-2000:]
    assert "bot2's bot took longer than its 0.05 s; it plays" in text
