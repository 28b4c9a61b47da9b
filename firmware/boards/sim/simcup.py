"""The virtual cup's main loop: cupcore's Runner over the simulated board (simboard.SimBoard), as on a real board.

Options: --buttons FIFO [--leds FILE] [--taken FILE] [--name NAME] [--id N] [--pixels N] [--fast] [--pips]
         [--seed S] [--cheat] [--keep FILE] [--ble]

--taken names a file that holds how many of the FIFO's gestures the cup has taken so far (played out on its pins,
read by its gesture code, acted on or dropped): whoever presses knows when a gesture is no longer on its way, so it
can look at the LEDs and press again if the cup dropped it, never twice for one that is only slow to land.

--keep names the file that keeps the deal in progress across a restart (the board's flash); without it a
restarted cup has lost its deal.

--seed makes the dice reproducible (tests, the demo); without it they come from os.urandom as on a board.
The environment's DICECUP_KEY (64 hex digits) is the cup's key, as a board's settings.toml holds it: a keyed cup
obeys only the hub that proves it holds the same key (the demo's and play --sim's hubs do).

stdin/stdout are the cup's serial port (the launcher makes them a pseudo-terminal). Nothing else may be
printed to stdout; problems go to stderr.

--ble: the cup's one stream is Bluetooth LE instead, the Nordic UART Service every MicroPython board runs
(cupcore/nus.py) on this MicroPython's own `bluetooth` module: a build with BTstack over HCI, whose controller
is named by $MICROPYBTUART (dicecup.sim.air puts a virtual controller there). stdin/stdout are then unused.
"""
import gc
import select
from os import getenv

from cupcore import cup as cupmod
from cupcore import wire
from cupcore.compat import const, ticks_ms, urandom
from cupcore.gestures import Button
from cupcore.runner import Runner
from cupcore.session import parse_key
from simboard import ButtonFifo, SeededSource, Serial, SimBoard

_BLE_LOOK_MS = const(1)  # connected over BLE: the longest wait between two looks at the stack's packets
_BLE_IDLE_MS = const(20)  # advertising: a hub's connection is taken this soon


def parse_args(argv):
    opts = {"buttons": None, "leds": None, "taken": None, "name": "sim", "id": "1", "pixels": "6", "fast": False, "pips": False,
            "seed": None, "cheat": False, "keep": None, "ble": False}
    i = 1
    while i < len(argv):
        key = argv[i].lstrip("-")
        if key in ("fast", "pips", "cheat", "ble"):
            opts[key] = True
        elif key in opts and i + 1 < len(argv):
            i += 1
            opts[key] = argv[i]
        else:
            raise SystemExit("sim cup: unknown option " + argv[i])
        i += 1
    return opts


class SimCup:
    """The simulated board driven by cupcore's Runner, exactly as a real board is; whoever runs it (run() below,
    or bench/wasm on the WebAssembly port) moves bytes and button commands in and calls step()."""

    def __init__(self, opts, write):
        """write(frame) puts bytes on the serial line."""
        if opts["fast"]:
            # For benches, tests and the demo, where bots press the buttons: the same gesture logic and the
            # same displays, at bot speed.
            Button.debounce_ms = 3
            Button.long_press_ms = 50
            Button.double_ms = 30
            cupmod.Cup.peek_ms = 400
            cupmod.Cup.cue_ms = 80  # a turn cue at every turn: bots read the table again once it ends
        ble = None
        if opts["ble"]:
            from cupcore.nus import radio

            ble = radio(opts["name"])
            if ble is None:
                raise SystemExit("sim cup: --ble needs a MicroPython built with the bluetooth module")
        self.board = SimBoard(write, opts["leds"], int(opts["pixels"]), opts["keep"], ble)
        source = SeededSource(opts["seed"]) if opts["seed"] is not None else urandom
        key = parse_key(getenv("DICECUP_KEY"))
        self.runner = Runner(self.board, int(opts["id"]), opts["name"], pip_mode=opts["pips"], source=source, key=key)
        self.cup = self.runner.cup
        if opts["cheat"]:
            self.cup.send = cheating(self.cup.send)
        self._taken_path, self._taken = opts["taken"], 0
        self._write_taken()

    def feed(self, buf, n):
        """Bytes from the serial line, handled at once (a step); returns the ms until the next step is due."""
        self.board.serial.arrived(buf, n)
        return self.step(ticks_ms())

    def command(self, line):
        """A button command line (simboard.Buttons); False for quit."""
        return self.board.buttons.command(line)

    def step(self, now):
        """One pass of the cup's loop (Runner.step); returns the ms until the next is due."""
        wait = self.runner.step(now)
        buttons = self.board.buttons
        if buttons.asked != self._taken and buttons.settled(ticks_ms()):
            self._taken = buttons.asked
            self._write_taken()
        return wait

    def _write_taken(self):
        if self._taken_path:
            with open(self._taken_path, "w") as out:
                out.write("%d\n" % self._taken)


def run(opts):
    gc.collect()  # clear the import's leftovers before the long-lived buffers are allocated
    serial = Serial()
    sim = SimCup(opts, serial.write)
    fifo = ButtonFifo(opts["buttons"]) if opts["buttons"] else None
    poller = select.poll()
    ble = sim.board.ble
    if ble is None:
        poller.register(0, select.POLLIN)
    if fifo:
        poller.register(fifo.fd, select.POLLIN)
    rx = bytearray(64)
    wait_ms = 0
    while True:
        # Wait for a frame or a button command, or until the cup has something due: no fixed tick. BLE packets
        # come by the stack's scheduled callbacks, which run only between waits: look for them often.
        if ble is not None:
            wait_ms = min(wait_ms, _BLE_LOOK_MS if ble.connected else _BLE_IDLE_MS)
        for entry in poller.poll(wait_ms):
            if entry[0] == 0:
                try:
                    n = serial.readinto(rx)
                except OSError:
                    return 0  # the host side of the pseudo-terminal is gone: the cup was unplugged
                if n:
                    sim.feed(rx, n)
            else:
                for line in fifo.lines():
                    if not sim.command(line):
                        return 0
        wait_ms = sim.step(ticks_ms())


def cheating(send):
    """A test stand-in for a tampered cup (--cheat): its reveals claim all sixes, whatever it rolled and
    committed to. The hub must catch it; no real cup's firmware has this."""

    def send_lies(mtype, values=()):
        if mtype == wire.REVEAL:
            values = (values[0], bytes([6] * len(values[1]))) + tuple(values[2:])  # its seed and tag as sent
        return send(mtype, values)

    return send_lies


def main(argv):
    opts = parse_args(argv)
    try:
        return run(opts)
    except KeyboardInterrupt:
        return 0
