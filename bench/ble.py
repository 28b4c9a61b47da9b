"""Bluetooth LE on real stacks, with no radio (dicecup.sim.air): the cups' NUS peripheral (cupcore/nus.py) on
MicroPython's `bluetooth` (BTstack) against the hub's dicecup.link.ble on Bumble's host, each on a Bumble virtual
controller, the controllers on one link. Measures:
  - connect: the hub's BleTransport open (connect, MTU exchange at 517 as BlueZ asks, discovery, subscribe);
  - round trip of a 20-byte and a 69-byte frame (the longest) through both stacks: written by the hub, echoed by
    the cup's peripheral (tests/ble/mp_echo.py), p50 and p95;
  - call to result at a six-cup table over the air: from the hub receiving a call to every cup having
    acknowledged its RESULT (the marks bench/reveal_latency.py uses), paired cups, bots pressing their buttons.
Software only: the virtual link has no connection interval. A real radio adds one or two connection intervals
(7.5-50 ms) to every round trip, and has loss and supervision timeouts the virtual air does not model.
Targets (issue 32): connect <= 300 ms p50, 69-byte round trip <= 5 ms p50, call to result at six cups <= 30 ms p50.

Run: .venv/bin/python bench/ble.py [round trips per size, default 200]; prints ble_call_to_result_p50 last.
DICECUP_BENCH_QUICK=1: two connects, ten round trips, one game of two cups (bench/quickform.py).
"""
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))
sys.path.insert(0, str(ROOT / "tests"))

from airhelpers import Echo, close_hub, found, read_until  # noqa: E402
from dicecup.link import ble  # noqa: E402
from dicecup.sim.air import VirtualAir, cup_address  # noqa: E402
from dicecup.sim.virtualcup import find_micropython_ble  # noqa: E402
from quickform import sized  # noqa: E402
from reveal_latency import CUPS, one_game  # noqa: E402

CONNECTS, TRIPS, CALLS = sized(20, 2), sized(200, 10), sized(30, 1)  # the quick form: a few of each


def percentile(ms, p):
    ms = sorted(ms)
    return ms[min(len(ms) - 1, int(round(p * (len(ms) - 1))))]


def on_the_air(work):
    """work(air) with the hub's BLE on a fresh virtual air."""
    ble.BleSession.sessions.clear()
    with VirtualAir() as air:
        ble.backend = air.hub_backend()
        try:
            return work(air)
        finally:
            close_hub()


def echo_figures(air, connects, trips):
    echo = Echo(air, "echo", cup_address(1))
    try:
        address = found(1)[0][0]
        opened = []
        for _ in range(connects):
            start = time.perf_counter()
            transport = ble.BleTransport(address)
            opened.append(1000 * (time.perf_counter() - start))
            transport.close()
            found(1)  # advertising again
        transport = ble.BleTransport(address)
        rtt = {}
        for size in (20, 69):
            frame = b"\x00" + bytes(1 + i % 255 for i in range(size - 2)) + b"\x00"
            times = []
            for _ in range(trips):
                start = time.perf_counter()
                transport.write(frame)
                if read_until(transport, size) != frame:
                    raise SystemExit(f"ble bench: a {size}-byte frame did not come back whole")
                times.append(1000 * (time.perf_counter() - start))
            rtt[size] = times
        transport.close()
        return opened, rtt
    finally:
        echo.stop()


def main():
    trips = int(sys.argv[1]) if len(sys.argv) > 1 else TRIPS
    if find_micropython_ble() is None:
        raise SystemExit("ble bench: no MicroPython with bluetooth (python3 dev.py sets up vendor/micropython-ble)")
    opened, rtt = on_the_air(lambda air: echo_figures(air, CONNECTS, trips))
    calls = []
    with tempfile.TemporaryDirectory() as data:
        game = 0
        while len(calls) < CALLS and game < 6:
            game += 1
            calls += [1000 * s for s in on_the_air(lambda air: one_game(f"ble-{game}", data, True, air))]
    if not calls:
        raise SystemExit("ble bench: no call was timed at the six-cup table")
    print(f"connect (open: connect + MTU 517 + discovery + subscribe): p50 {statistics.median(opened):.0f} ms, "
          f"max {max(opened):.0f} ms over {len(opened)}")
    for size, times in rtt.items():
        print(f"{size}-byte frame round trip: p50 {statistics.median(times):.2f} ms, "
              f"p95 {percentile(times, 0.95):.2f} ms over {len(times)}")
    print(f"call to result at {CUPS} cups over the air: {len(calls)} calls, p50 {statistics.median(calls):.1f} ms, "
          f"p99 {percentile(calls, 0.99):.1f} ms")
    print(f"ble_connect_p50: {statistics.median(opened):.0f} ms")
    print(f"ble_rtt69_p50: {statistics.median(rtt[69]):.2f} ms")
    print(f"ble_call_to_result_p50: {statistics.median(calls):.1f} ms")


if __name__ == "__main__":
    main()
