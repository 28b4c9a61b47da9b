"""Reveal latency at a table of six virtual cups (the real firmware on MicroPython, behind real ptys), each
played by a bot through its buttons: from the moment the hub receives a cup's liar (or spot) intent to the
moment every cup has acknowledged its RESULT frame, i.e. reveal requests out, six reveals in and checked
against their commitments, the engine's ruling, and the results delivered.

The stopwatch hooks on the two marks the hub publishes (dicecup.hub.snapshot): CallAccepted (its time is when
the call's frame reached the hub) and ResultsDelivered (when the last RESULT was acknowledged).

The hub runs as `dicecup play` runs it: one thread waiting in one selector on the six ptys and the inbox's bell
(hub/run.py, hub/inbox.py), reading each port itself as it turns readable; no reader thread per cup. Everything
shares the process with it: the cups' cable relays (a thread each), the bots' hands and the screen. Where the
milliseconds go, and the figures before and after the loop: docs/reliability.md.

Measured side by side in one run (issue 13): games alternate between plain cups (no key: the hub seats them as
`--allow-unpaired` does) and paired cups (a key each, every frame authenticated: HMAC tags and counters both ways),
with the same seeds, so both kinds see the same load on the machine.

Prints the p99s and the plain p50 above the last line, `reveal_latency_auth_p50: N ms`.
Run: .venv/bin/python bench/reveal_latency.py [calls per kind, default 60]
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
from dicecup.sim.virtualcup import VirtualCups, find_micropython, find_micropython_ble  # noqa: E402
from quickform import sized  # noqa: E402

CUPS = sized(6, 2)
RULES = "dudo dice=2"


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


def one_game(seed: str, data: str, paired: bool, air=None) -> list:
    """The calls timed in one game: on ptys, or on BLE on a virtual air (dicecup.sim.air, bench/ble.py)."""
    runtime = find_micropython() if air is None else find_micropython_ble()
    with VirtualCups(CUPS, runtime=runtime, fast=True, seed=seed, keyed=paired, air=air) as cups:
        table = TableSetup(Rules.parse(RULES), data=data, seed=seed,
                           screen=Screen(console=Console(file=io.StringIO()), brief=True), result_pause=0.05,
                           keys=cups.keys, allow_unpaired=not paired)
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


def summary(samples):
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    return ms, p99, statistics.median(ms)


def main():
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else sized(60, 1)
    samples = {False: [], True: []}  # paired? -> seconds
    with tempfile.TemporaryDirectory() as data:
        game = 0
        while min(len(s) for s in samples.values()) < wanted and game < 20:
            game += 1
            for paired in (False, True):
                samples[paired] += one_game(f"latency-{game}", data, paired)
            print(f"game {game}: {len(samples[False])} plain and {len(samples[True])} authenticated calls timed",
                  flush=True)
    plain, auth = summary(samples[False]), summary(samples[True])
    for name, (ms, p99, _) in (("plain", plain), ("authenticated", auth)):
        print(f"{name}: {len(ms)} calls; mean {statistics.mean(ms):.1f} ms, max {ms[-1]:.1f} ms, p99 {p99:.1f} ms")
    print(f"reveal_latency_auth_p99: {auth[1]:.1f} ms")
    print(f"reveal_latency_p99: {plain[1]:.1f} ms")
    print(f"reveal_latency_p50: {plain[2]:.1f} ms")
    print(f"reveal_latency_auth_p50: {auth[2]:.1f} ms")


if __name__ == "__main__":
    main()
