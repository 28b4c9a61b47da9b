"""Reveal latency at a table of six virtual cups (the real firmware on MicroPython, behind real ptys), each
played by a bot through its buttons: from the moment the hub receives a cup's liar (or spot) intent to the
moment every cup has acknowledged its RESULT frame, i.e. reveal requests out, six reveals in and checked
against their commitments, the engine's ruling, and the results delivered.

Prints p99 above the last line, `reveal_latency_p50: N ms`. Run: .venv/bin/python bench/reveal_latency.py
"""
import io
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from cupcore import wire  # noqa: E402

from dicecup.sim.players import BotPlayers  # noqa: E402
from dicecup.hub.screen import Screen  # noqa: E402
from dicecup.hub.session import Table  # noqa: E402
from dicecup.hub.table import Hub  # noqa: E402
from dicecup.sim.virtualcup import VirtualCups, find_micropython  # noqa: E402
from dicecup.rules import Rules  # noqa: E402


class TimedHub(Hub):
    """The real hub, with a stopwatch on the call-to-results path."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.samples = []
        self._called_at = None
        self._results_out = False

    def _on_intent(self, seat, values):
        if values[1] in (wire.LIAR, wire.SPOT) and self.phase == "bidding" and seat.index == self.to_act():
            self._called_at = time.perf_counter()
        super()._on_intent(seat, values)

    def _round_over(self):
        super()._round_over()
        self._results_out = self._called_at is not None

    def tick(self):
        super().tick()
        if self._results_out and all(not s.conn or (s.conn.link.idle and not s.conn._outbox)
                                     for s in self.seats if s.is_cup):
            self.samples.append(time.perf_counter() - self._called_at)
            self._called_at, self._results_out = None, False


def one_game(seed: str, data: str) -> list:
    with VirtualCups(6, runtime=find_micropython(), fast=True, seed=seed) as cups:
        table = Table(Rules.parse("dudo dice=2"), data=data, seed=seed,
                      screen=Screen(console=Console(file=io.StringIO()), brief=True), result_pause=0.05)
        hub = table.hub = TimedHub(table.rules, data=table.data, chance=table.chance, screen=table.screen,
                                   expect_cups=len(cups))
        hub.result_pause = 0.05
        table.connect([cup.path for cup in cups])
        players = BotPlayers(list(cups), hub, table.stop, seed=seed).start()
        runner = threading.Thread(target=table.play, kwargs={"timeout": 240})
        runner.start()
        runner.join(250)
        table.close()
        players.join()
        return hub.samples


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
