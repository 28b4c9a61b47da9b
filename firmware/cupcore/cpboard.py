"""The CircuitPython board layer every CircuitPython cup shares (the Circuit Playground Bluefruit, a Pico running
CircuitPython): after Adafruit's libraries, this base class owns the logic and each board's subclass supplies one
hook, attach(pinmap, ble_name), for what only that board has (a speaker, a slide switch, an accelerometer, a
buzzer, BLE), plus the BoardBase hooks it overrides for them (tone, sound_on, accel, tick, due_in).

What the base owns: the NeoPixels (adafruit neopixel, shown by flush), buttons A, B and the optional C found by
their pin names in `board` (hardware/<board>/pins.json's "pin"), usb_cdc's data channel for the frames (boot.py
enables it), waiting for input without select, the console for crash reports, and run(): settings.toml read by
CircuitPython itself (os.getenv), the cup's id, name and key, then cupcore's Runner.
(MicroPython boards have cupcore.usbserial instead: this file is never loaded there.)
"""
import os

import board
import digitalio
import neopixel

from cupcore.board import BoardBase
from cupcore.compat import const, sleep_ms, ticks_ms

_NAP_MS = const(1)  # CircuitPython can't wait on a port: while waiting, look at the ports this often


def pin_in(spec):
    """A callable, True while the button is held: `pull` and `active` as the pin map says (a button to ground
    is pulled up and reads 0 pressed; the CPB's own buttons are pulled down and read 1)."""
    io = digitalio.DigitalInOut(getattr(board, spec["pin"]))
    io.direction = digitalio.Direction.INPUT
    io.pull = digitalio.Pull.UP if spec.get("pull") == "up" else digitalio.Pull.DOWN
    if spec.get("active") == "low":
        return lambda: not io.value
    return lambda: bool(io.value)


class UsbData:
    """usb_cdc's data channel: a second serial port beside the REPL console, so frames never meet the REPL."""

    def __init__(self, port):
        self._port = port
        self._port.timeout = 0
        self._buf = bytearray(64)

    def poll(self, feed):
        waiting = self._port.in_waiting
        if waiting:
            n = self._port.readinto(self._buf, min(waiting, len(self._buf)))
            if n:
                feed(self._buf, n)

    def ready(self):
        return self._port.in_waiting > 0

    def write(self, frame):
        self._port.write(frame)


def usb_data():
    """The data channel, or None when boot.py did not enable it (the cup then has only BLE, if any)."""
    import usb_cdc

    return UsbData(usb_cdc.data) if usb_cdc.data is not None else None


class CircuitPythonBoard(BoardBase):
    name = "circuitpython"

    def __init__(self, pinmap, clock, usb=None, ble_name=None):
        leds = pinmap["leds"]
        pixels = neopixel.NeoPixel(getattr(board, leds["pin"]), leds["count"], brightness=1.0, auto_write=False)
        super().__init__(clock, pixels, leds["count"], leds["max_level"])
        spec = pinmap["buttons"]
        self.pins = [pin_in(spec[key]) for key in ("a", "b", "c") if key in spec]
        self.usb = usb if usb is not None else usb_data()
        if self.usb is not None:
            self.streams.append(self.usb)
        self.ble = None
        self.attach(pinmap, ble_name)

    def attach(self, pinmap, ble_name):
        """The board's hook: set up what only this board has (the base has nothing more)."""

    def flush(self):
        self.pixels.show()

    def wait(self, ms):
        # No select on CircuitPython: nap a millisecond at a time until bytes wait on USB or time is up. (BLE
        # packets can't be seen without reading them; they are taken at the next step.)
        usb = self.usb
        while ms > 0 and not (usb is not None and usb.ready()):
            sleep_ms(_NAP_MS)
            ms -= _NAP_MS

    def crashed(self, exc):
        # The REPL console is its own USB port here (frames use the data channel): say what went wrong there.
        print("dicecup: caught", repr(exc), "and carried on")


def setting(key, default):
    """settings.toml's text for key, or default when it isn't there."""
    value = os.getenv(key)
    return default if value is None else str(value)


def number(key, default):
    """settings.toml's whole number for key: CircuitPython 10's os.getenv gives `DICECUP_PIPS = 0` as the text
    '0' (which as a flag would be true), so it is read as a number here; default when missing or not a number."""
    value = os.getenv(key)
    try:
        return default if value is None else int(value)
    except ValueError:
        return default


def run(board_class, pinmap):
    """The cup's main loop (code.py calls it with its board's class). settings.toml is read once, by
    CircuitPython: DICECUP_NAME (the owner's name), DICECUP_BLE (0: USB only), DICECUP_PIPS (1: pip-count
    display), DICECUP_ID (the cup id `dicecup flash` gave it), DICECUP_KEY (its key: pairs it with the hub that
    flashed it). Needs CircuitPython 10.1 or newer (hashlib)."""
    from cupcore.runner import Runner
    from cupcore.session import parse_key

    name = setting("DICECUP_NAME", board_class.name)
    cup_board = board_class(pinmap, ticks_ms, ble_name=name if number("DICECUP_BLE", 1) else None)
    key = parse_key(setting("DICECUP_KEY", None))  # the key dicecup flash wrote pairs the cup with that hub
    Runner(cup_board, cup_id(), name, pip_mode=bool(number("DICECUP_PIPS", 0)), key=key).run()


def cup_id():
    """The id `dicecup flash` wrote (the one the hub's registry knows), else one from the chip's unique id."""
    written = number("DICECUP_ID", 0)
    if written:
        return written
    import microcontroller
    from cupcore.runner import id_from_uid

    return id_from_uid(microcontroller.cpu.uid)
