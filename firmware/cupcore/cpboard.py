"""The CircuitPython board layer every CircuitPython cup shares (the Circuit Playground Bluefruit, a Pico running
CircuitPython): after Adafruit's libraries, this base class owns the logic and each board's subclass supplies one
hook, attach(pinmap, ble_name), for what only that board has (a speaker, a slide switch, an accelerometer, a
buzzer, BLE), plus the BoardBase hooks it overrides for them (tone, sound_on, accel, tick, due_in).

What the base owns: the NeoPixels (adafruit neopixel, shown by flush), buttons A, B and the optional C found by
their pin names in `board` (hardware/<board>/pins.json's "pin"), usb_cdc's data channel for the frames (boot.py
enables it), the deal in progress kept in microcontroller.nvm (NvmStore), waiting for input without select, the
console for crash reports, and run(): settings.toml read by CircuitPython itself (os.getenv), then cupcore.start's
Runner.
(MicroPython boards have cupcore.usbserial instead: this file is never loaded there.)
"""
import os

import board
import digitalio
import neopixel

from cupcore.board import BoardBase
from cupcore.compat import const, sleep_ms, ticks_ms

_NAP_MS = const(1)  # CircuitPython can't wait on a port: while waiting, look at the ports this often
_NVM_USED = const(64)  # nvm[0:64]: the kept deal's length byte and record (cupcore/keep.py's are 26 to 33 bytes)


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


class NvmStore:
    """The deal in progress in microcontroller.nvm (cupcore/keep.py): CircuitPython can't write its CIRCUITPY drive
    from code while USB is connected, but nvm is flash kept apart for this. nvm[0] is the record's length, then
    the record; each assignment is one erase-and-write of the whole stretch, so a record goes in one assignment
    (a power cut mid-erase leaves a record whose check fails: no record, a reset then loses the deal as before)."""

    def __init__(self, nvm):
        self._nvm = nvm

    def read(self):
        size = self._nvm[0]
        if not 0 < size < _NVM_USED:
            return None
        return bytes(self._nvm[1 : 1 + size])

    def write(self, data):
        self._nvm[0 : 1 + len(data)] = bytes((len(data),)) + data

    def erase(self):
        self._nvm[0:1] = b"\x00"


def nvm_store():
    """The store over microcontroller.nvm, or None on a board without nvm (it then loses a deal at a reset)."""
    import microcontroller

    nvm = getattr(microcontroller, "nvm", None)
    return NvmStore(nvm) if nvm is not None and len(nvm) >= _NVM_USED else None


class CircuitPythonBoard(BoardBase):
    name = "circuitpython"

    def __init__(self, pinmap, clock, usb=None, ble_name=None, store=None):
        leds = pinmap["leds"]
        pixels = neopixel.NeoPixel(getattr(board, leds["pin"]), leds["count"], brightness=1.0, auto_write=False)
        super().__init__(clock, pixels, leds["count"], leds["max_level"])
        spec = pinmap["buttons"]
        self.pins = [pin_in(spec[key]) for key in ("a", "b", "c") if key in spec]
        self.usb = usb if usb is not None else usb_data()
        if self.usb is not None:
            self.streams.append(self.usb)
        self.ble = None
        self.store = store if store is not None else nvm_store()
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


class Settings:
    """settings.toml as CircuitPython reads it itself (os.getenv), looked up as cupcore.settings.read()'s dict is:
    get(key, default), a whole number where the default is one. CircuitPython 10's os.getenv gives
    `DICECUP_PIPS = 0` as the text '0' (which as a flag would be true), so a number is read as one; the default
    when missing or not a number."""

    def get(self, key, default=None):
        value = os.getenv(key)
        if value is None:
            return default
        if isinstance(default, int):
            try:
                return int(value)
            except ValueError:
                return default
        return str(value)


def run(board_class, pinmap):
    """The cup's main loop (code.py calls it with its board's class), started as every board's is
    (cupcore.start). Needs CircuitPython 10.1 or newer (hashlib)."""
    from cupcore import start

    start.runner(lambda ble_name: board_class(pinmap, ticks_ms, ble_name=ble_name), Settings(), board_class.name,
                 chip_uid).run()


def chip_uid():
    import microcontroller

    return microcontroller.cpu.uid
