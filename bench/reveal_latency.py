"""Reveal latency at a table of six virtual cups (the real firmware on MicroPython, behind real ptys), each
played by a bot through its buttons: from the moment the hub receives a cup's liar (or spot) intent to the
moment every cup has acknowledged its RESULT frame, i.e. reveal requests out, six reveals in and checked
against their commitments, the engine's ruling, and the results delivered.

The stopwatch hooks on the two marks the hub publishes (dicecup.hub.snapshot): CallAccepted (its time is when
the call's frame reached the hub) and ResultsDelivered (when the last RESULT was acknowledged).

Prints p99 above the last line, `reveal_latency_p50: N ms`. Run: .venv/bin/python bench/reveal_latency.py
"""
import io
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from dicecup.hub.screen import Screen  # noqa: E402
from dicecup.hub.snapshot import CallAccepted, ResultsDelivered  # noqa: E402
from dicecup.hub.tablesetup import TableSetup  # noqa: E402
from dicecup.rules import Rules  # noqa: E402
from dicecup.sim.players import BotPlayers  # noqa: E402
from dicecup.sim.virtualcup import VirtualCups, find_micropython  # noqa: E402


class Stopwatch:
    """A subscriber to the hub: from a call accepted to every result of that deal acknowledged."""

    def __init__(self):
        self.samples = []
        self._called = None   # (deal, time) of the call being timed

    def __call__(self, item):
        if isinstance(item, CallAccepted):
            self._called = (item.deal, item.at)
        elif isinstance(item, ResultsDelivered) and self._called and self._called[0] == item.deal:
            self.samples.append(item.at - self._called[1])
            self._called = None


def one_game(seed: str, data: str) -> list:
    with VirtualCups(6, runtime=find_micropython(), fast=True, seed=seed) as cups:
        table = TableSetup(Rules.parse("dudo dice=2"), data=data, seed=seed,
                           screen=Screen(console=Console(file=io.StringIO()), brief=True), result_pause=0.05)
        hub = table.make_hub(expect_cups=len(cups))
        stopwatch = hub.subscribe(Stopwatch())
        table.connect([cup.path for cup in cups])
        players = BotPlayers(list(cups), hub.watch(), table.stop, seed=seed).start()
        runner = threading.Thread(target=table.play, kwargs={"timeout": 240})
        runner.start()
        runner.join(250)
        table.close()
        players.join()
        return stopwatch.samples


def main():
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    samples = []
    with tempfile.TemporaryDirectory() as data:
        game = 0
        while len(samples) < wanted and game < 20:
            game += 1
            samples += one_game(f"latency-{game}", data)
            print(f"game {game}: {len(samples)} calls timed", flush=True)
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    print(f"calls timed: {len(ms)}; mean {statistics.mean(ms):.1f} ms, max {ms[-1]:.1f} ms")
    print(f"reveal_latency_p99: {p99:.1f} ms")
    print(f"reveal_latency_p50: {statistics.median(ms):.1f} ms")


if __name__ == "__main__":
    main()
