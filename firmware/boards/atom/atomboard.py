"""The M5Stack ATOM Matrix layer (ESP32, MicroPython): the 5x5 WS2812 matrix, its one button, the MPU6886
accelerometer, USB serial (through the board's USB-serial bridge) and BLE (aioble, in atomble.py).

One button is not enough for cupcore's two, so the second is the cup itself: **B is held while the cup is
tilted to the right** (past 40 degrees), read from the accelerometer and debounced by the same Button code:
tilt and back is a B press, two quick tilts a B double, tilt and hold a B long (send). The screen button is A.
A shake between rounds is "ready". Dice show as die faces on the matrix, one at a time (pip mode).
Pins come from hardware/atom/pins.json (baked into pinmap.py by `dicecup build`).
"""
import sys

from machine import I2C, Pin
from neopixel import NeoPixel

from cupcore.breakin import BreakIn
from cupcore.compat import const, ticks_diff
from cupcore.runner import capped

_PWR_MGMT_1 = const(0x6B)
_ACCEL_CONFIG = const(0x1C)
_ACCEL_XOUT_H = const(0x3B)
_RANGE_8G = const(0x10)
_LSB_PER_G = const(4096)  # at +-8 g
_SAMPLE_MS = const(10)
_WHITE = const(60)  # cupcore's white (leds.WHITE)
# Where the pips of each face go on the 5x5 matrix (row-major indices).
FACES = (
    (),
    (12,),
    (6, 18),
    (6, 12, 18),
    (6, 8, 16, 18),
    (6, 8, 12, 16, 18),
    (6, 8, 11, 13, 16, 18),
)


def die_face(buf):
    """The face cupcore's pip display shows (k white pixels from pixel 0, the rest off), or 0."""
    k = 0
    while k < len(buf) // 3 and buf[3 * k] == _WHITE and buf[3 * k + 1] == _WHITE and buf[3 * k + 2] == _WHITE:
        k += 1
    if not 1 <= k <= 6:
        return 0
    for i in range(3 * k, len(buf)):
        if buf[i]:
            return 0
    return k


class Mpu6886:
    def __init__(self, spec):
        self._i2c = I2C(0, scl=Pin(spec["scl"]), sda=Pin(spec["sda"]), freq=400_000)
        self._addr = spec["address"]
        self._raw = bytearray(6)
        self._i2c.writeto_mem(self._addr, _PWR_MGMT_1, b"\x00")  # wake
        self._i2c.writeto_mem(self._addr, _ACCEL_CONFIG, bytes((_RANGE_8G,)))
        self._last = None
        self.sample = (0, 0, 1000)

    def read(self, now):
        """(x, y, z) in milli-g, at most one new sample per 10 ms; None between."""
        if self._last is not None and ticks_diff(now, self._last) < _SAMPLE_MS:
            return None
        self._last = now
        raw = self._raw
        self._i2c.readfrom_mem_into(self._addr, _ACCEL_XOUT_H, raw)
        values = []
        for i in (0, 2, 4):
            v = (raw[i] << 8) | raw[i + 1]
            if v & 0x8000:
                v -= 0x10000
            values.append(v * 1000 // _LSB_PER_G)
        self.sample = (values[0], values[1], values[2])
        return self.sample


class Matrix:
    def __init__(self, spec):
        self.count = spec["count"]
        self.limit = spec["max_level"]
        self.buf = bytearray(3 * self.count)
        self._np = NeoPixel(Pin(spec["gpio"], Pin.OUT), self.count)

    def show(self, what=None):
        buf, limit, np = self.buf, self.limit, self._np
        face = die_face(buf) if what == "peek" else 0
        if face:
            lit = capped(_WHITE, limit)
            for i in range(self.count):
                np[i] = (0, 0, 0)
            for i in FACES[face]:
                np[i] = (lit, lit, lit)
        else:
            for i in range(self.count):
                np[i] = (capped(buf[3 * i], limit), capped(buf[3 * i + 1], limit), capped(buf[3 * i + 2], limit))
        np.write()


class UsbSerial:
    """stdin/stdout through the ATOM's USB-serial bridge, Ctrl-C switched off (a frame may hold 0x03)."""

    def __init__(self):
        import micropython
        import select

        micropython.kbd_intr(-1)
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._buf = bytearray(64)
        self._break = BreakIn()

    def poll(self, feed):
        n = 0
        while n < len(self._buf) and self._poll.poll(0):
            got = sys.stdin.buffer.read(1)
            if not got:
                break
            if self._break.see(got[0]):
                raise KeyboardInterrupt  # mpremote or dicecup flash asks for the REPL (cupcore/breakin.py)
            self._buf[n] = got[0]
            n += 1
        if n:
            feed(self._buf, n)

    def write(self, frame):
        sys.stdout.buffer.write(frame)


class Board:
    name = "atom"

    def __init__(self, pinmap, clock, usb=None, ble=None):
        self._clock = clock
        a = pinmap["buttons"]["a"]
        button = Pin(a["gpio"], Pin.IN)  # GPIO39 is input-only; the ATOM pulls it up on the board
        tilt = pinmap["tilt"]
        self.imu = Mpu6886(pinmap["accel"])
        axis, threshold = tilt["axis"], tilt["mg"]
        self.pins = [lambda: not button.value(), lambda: self.imu.sample[axis] > threshold]
        self.leds = Matrix(pinmap["leds"])
        self.streams = [usb if usb is not None else UsbSerial()]
        self.ble = ble
        if ble is not None:
            self.streams.append(ble)

    def accel(self):
        return self.imu.read(self._clock())
