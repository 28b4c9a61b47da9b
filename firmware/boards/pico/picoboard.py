"""The Raspberry Pi Pico / Pico W layer: buttons, a WS2812 strip or ring, a buzzer, USB serial, BLE on the Pico W.

Everything is where hardware/pico/pins.json says (baked into pinmap.py by `dicecup build`). Pins are callables
for cupcore's Button; the LED buffer is cupcore's, capped to the board's brightness limit on the way out.
"""
import sys

from machine import PWM, Pin
from neopixel import NeoPixel

from cupcore.breakin import BreakIn
from cupcore.compat import const, ticks_add, ticks_diff
from cupcore.runner import capped

_BEEP_DUTY = const(16384)  # a quarter duty cycle: loud enough, gentle on a piezo
# cue -> (Hz, ms): 1 your turn, 2 lost, 3 gained, 4 someone called, 5 click, 6 bang, 7 won, 8 refused
TONES = {1: (1320, 80), 2: (220, 400), 3: (880, 200), 4: (660, 120), 5: (2000, 20), 6: (110, 600), 7: (1760, 500),
         8: (330, 150)}


def button(spec):
    """A callable that is True while the button is held (wired to ground, pulled up: pressed reads 0)."""
    pin = Pin(spec["gpio"], Pin.IN, Pin.PULL_UP if spec.get("pull") == "up" else Pin.PULL_DOWN)
    if spec.get("active") == "low":
        return lambda: not pin.value()
    return lambda: bool(pin.value())


class Leds:
    def __init__(self, spec):
        self.count = spec["count"]
        self.limit = spec["max_level"]
        self.buf = bytearray(3 * self.count)
        self._np = NeoPixel(Pin(spec["gpio"], Pin.OUT), self.count)

    def show(self, what=None):
        buf, limit, np = self.buf, self.limit, self._np
        for i in range(self.count):
            np[i] = (capped(buf[3 * i], limit), capped(buf[3 * i + 1], limit), capped(buf[3 * i + 2], limit))
        np.write()


class Buzzer:
    def __init__(self, spec):
        self._pwm = PWM(Pin(spec["gpio"], Pin.OUT))
        self._pwm.duty_u16(0)
        self._until = None

    def play(self, cue, now):
        tone = TONES.get(cue)
        if tone:
            self._pwm.freq(tone[0])
            self._pwm.duty_u16(_BEEP_DUTY)
            self._until = ticks_add(now, tone[1])

    def tick(self, now):
        if self._until is not None and ticks_diff(now, self._until) >= 0:
            self._pwm.duty_u16(0)
            self._until = None


class UsbSerial:
    """The USB serial port: stdin/stdout with Ctrl-C switched off (a frame may hold a 0x03 byte)."""

    def __init__(self):
        import micropython
        import select

        micropython.kbd_intr(-1)
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._buf = bytearray(64)
        self._break = BreakIn()

    def poll(self, feed):
        n = 0
        buf = self._buf
        while n < len(buf) and self._poll.poll(0):
            got = self._in.read(1)
            if not got:
                break
            if self._break.see(got[0]):
                raise KeyboardInterrupt  # mpremote or dicecup flash asks for the REPL (cupcore/breakin.py)
            buf[n] = got[0]
            n += 1
        if n:
            feed(buf, n)

    def write(self, frame):
        self._out.write(frame)


def radio(name):
    """The Pico W's BLE peripheral, or None on a Pico without a radio."""
    try:
        import bluetooth
    except ImportError:
        return None
    from nus import Peripheral

    return Peripheral(bluetooth, name)


class Board:
    name = "pico"

    def __init__(self, pinmap, clock, usb=None, ble_name=None):
        self._clock = clock
        spec = pinmap["buttons"]
        self.pins = [button(spec[key]) for key in ("a", "b", "c") if key in spec]
        self.leds = Leds(pinmap["leds"])
        self.buzzer = Buzzer(pinmap["buzzer"]) if "buzzer" in pinmap else None
        self.streams = [usb if usb is not None else UsbSerial()]
        self.ble = radio(ble_name) if ble_name else None
        if self.ble is not None:
            self.streams.append(self.ble)

    def sound(self, cue):
        if self.buzzer is not None:
            self.buzzer.play(cue, self._clock())

    def tick(self, now):
        if self.buzzer is not None:
            self.buzzer.tick(now)
