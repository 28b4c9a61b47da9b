"""A flooded line at a playing table (issue 24): three paired virtual cups (the real firmware on MicroPython, behind
real ptys) play, each by a bot through its buttons, while one more line the hub listens on (a real pty, opened by
the hub with pyserial as it opens a cup's port) is flooded with well-formed untagged frames at 3 MB/s or more by a
writer that never reads. The figure is the other seats' frame latency: from a call accepted to every result of
that deal acknowledged (reveal requests out, the three reveals in and checked, the results delivered: the
Stopwatch of bench/reveal_latency.py), in a quiet game and in a flooded one, same seeds.

The hub throttles the flooding line (link/peer.py CupConnection.admit: so many bytes a second; the rest dropped
unread, counted and logged) and never blocks writing to it (serial_port.py: a full buffer is not waited on).

Prints the flood's rate, then the quiet and flooded p99s, last `flood_other_seat_p99: N ms`.
Run: .venv/bin/python bench/flood.py [calls per game kind, default 30]
"""
import io
import os
import select
import sys
import tempfile
import threading
import time
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from cupcore import wire  # noqa: E402
from dicecup.hub.screen import Screen  # noqa: E402
from dicecup.hub.tablesetup import TableSetup  # noqa: E402
from dicecup.rules import Rules  # noqa: E402
from dicecup.sim.players import BotPlayers  # noqa: E402
from dicecup.sim.ptyrelay import open_raw_pty  # noqa: E402
from dicecup.sim.virtualcup import VirtualCups, find_micropython  # noqa: E402
from quickform import sized  # noqa: E402
from reveal_latency import Stopwatch, summary  # noqa: E402

RATE = 3_000_000  # bytes a second, at least
CUPS = sized(3, 2)


def flood_frames() -> bytes:
    """A block of well-formed untagged frames of every kind a stranger might send: reliable ones (acks owed),
    unknown types and bad bodies (errors owed), hellos of a cup nobody knows, bids."""
    frames = []
    for seq in range(1, 256):
        frames.append(wire.encode(wire.PING, (seq,), seq, 0))
        frames.append(wire.encode(wire.INTENT, (1, wire.BID, 9, 6), seq, 0))
        frames.append(wire.encode(wire.HELLO, (wire.VERSION, 0, 1, 0x5EE, "eve", "sim"), seq, 0))
        frames.append(wire.encode(wire.PING, (seq,), seq, 0, version=3))
    return b"".join(frames)


class Flooder:
    """Writes untagged frames into a pty as fast as the line takes them (at least RATE), never reading."""

    def __init__(self):
        self.master, self.slave = open_raw_pty()
        self.path = os.ttyname(self.slave)
        os.set_blocking(self.master, False)
        self.sent = 0
        self.seconds = 0.0
        self._stop = threading.Event()
        self._thread = None

    def start(self):
        self._thread = threading.Thread(target=self._run, name="flooder", daemon=True)
        self._thread.start()
        return self

    def _run(self):
        block = flood_frames()
        started = time.monotonic()
        while not self._stop.is_set():
            if not select.select([], [self.master], [], 0.05)[1]:
                continue
            try:
                self.sent += os.write(self.master, block)
            except (BlockingIOError, OSError):
                pass
        self.seconds = time.monotonic() - started

    @property
    def rate(self) -> float:
        return self.sent / self.seconds if self.seconds else 0.0

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        os.close(self.master)
        os.close(self.slave)


def one_game(seed: str, data: str, flood: bool):
    """(latency samples, whether the game finished, the flooded line's connection and the flood's rate)."""
    flooder = Flooder().start() if flood else None
    try:
        with VirtualCups(CUPS, runtime=find_micropython(), fast=True, seed=seed, keyed=True) as cups:
            table = TableSetup(Rules.parse("dudo dice=2"), data=data, seed=seed,
                               screen=Screen(console=Console(file=io.StringIO()), brief=True), result_pause=0.05,
                               keys=cups.keys, allow_unpaired=False)
            hub = table.make_hub(expect_cups=len(cups))
            stopwatch = hub.subscribe(Stopwatch())
            table.connect([cup.path for cup in cups] + ([flooder.path] if flooder else []))
            players = BotPlayers(list(cups), hub.watch(), table.stop, seed=seed).start()
            runner = threading.Thread(target=table.play, kwargs={"timeout": 240})
            runner.start()
            runner.join(250)
            flooded = next((c for c in hub.seating.conns if flooder and c.name.endswith(flooder.path)), None)
            table.close()
            players.join()
    finally:
        if flooder is not None:
            flooder.stop()
    return stopwatch.samples, hub.finished, flooded, flooder.rate if flooder else None


def main():
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else sized(30, 1)
    samples = {False: [], True: []}  # flooded? -> seconds
    rates, throttled = [], 0
    with tempfile.TemporaryDirectory() as data:
        game = 0
        while min(len(s) for s in samples.values()) < wanted and game < 10:
            game += 1
            for flood in (False, True):
                timed, finished, flooded, rate = one_game(f"flood-{game}", data, flood)
                samples[flood] += timed
                if flooded is not None:
                    throttled += flooded.throttled
                    rates.append(rate)
                if not finished:
                    raise SystemExit(f"flood: game {game} ({'flooded' if flood else 'quiet'}) did not finish: the "
                                     "table stalled")
            print(f"game {game}: {len(samples[False])} quiet and {len(samples[True])} flooded calls timed", flush=True)
    quiet, flooded_ms = summary(samples[False]), summary(samples[True])
    print(f"flood: {min(rates) / 1e6:.1f} to {max(rates) / 1e6:.1f} MB/s of untagged frames on one line")
    print(f"throttled: {throttled} bytes dropped unread on the flooded line")
    for name, (ms, p99, p50) in (("quiet", quiet), ("flooded", flooded_ms)):
        print(f"{name}: {len(ms)} calls; p50 {p50:.1f} ms, max {ms[-1]:.1f} ms, p99 {p99:.1f} ms")
    print(f"flood_quiet_other_seat_p99: {quiet[1]:.1f} ms")
    print(f"flood_other_seat_p99: {flooded_ms[1]:.1f} ms")


if __name__ == "__main__":
    main()
