"""The M5Stack ATOM Matrix layer (ESP32, MicroPython): the 5x5 WS2812 matrix, its one button, the MPU6886
accelerometer, USB serial (through the board's USB-serial bridge) and BLE (cupcore/nus.py, the one NUS peripheral of every MicroPython cup).

One button is not enough for cupcore's two, so the second is the cup itself: **B is held while the cup is
tilted to the right** (past 40 degrees), read from the accelerometer and debounced by the same Button code:
tilt and back is a B press, two quick tilts a B double, tilt and hold a B long (send). The screen button is A.
A shake between deals is "ready". Dice show as die faces on the matrix, one at a time (pip mode).
The ATOM Matrix has no buzzer: cues are shown, not sounded. Pins come from hardware/atom/pins.json (baked into
pinmap.py by `dicecup build`). The capped LED show and the USB serial are cupcore.board's. The deal in progress
is kept in flash (/.dicecup/deal, cupcore/keep.py), so a reset brings back the same dice.
"""
from machine import I2C, Pin
from neopixel import NeoPixel

from cupcore.board import BoardBase, capped
from cupcore.compat import const, ticks_diff
from cupcore.keep import BOARD_FILE, FileStore
from cupcore.nus import wait_for_input
from cupcore.usbserial import UsbSerial

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
        self.last = None
        self.sample = (0, 0, 1000)

    def read(self, now):
        """(x, y, z) in milli-g, at most one new sample per 10 ms; None between."""
        if self.last is not None and ticks_diff(now, self.last) < _SAMPLE_MS:
            return None
        self.last = now
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


class AtomBoard(BoardBase):
    name = "atom"
    shakes = True

    def __init__(self, pinmap, clock, usb=None, ble=None, store=None):
        leds = pinmap["leds"]
        super().__init__(clock, NeoPixel(Pin(leds["gpio"], Pin.OUT), leds["count"]), leds["count"], leds["max_level"])
        a = pinmap["buttons"]["a"]
        button = Pin(a["gpio"], Pin.IN)  # GPIO39 is input-only; the ATOM pulls it up on the board
        tilt = pinmap["tilt"]
        self.imu = Mpu6886(pinmap["accel"])
        axis, threshold = tilt["axis"], tilt["mg"]
        self.pins = [lambda: not button.value(), lambda: self.imu.sample[axis] > threshold]
        self.usb = usb if usb is not None else UsbSerial()
        self.streams = [self.usb]
        self.ble = ble
        if ble is not None:
            self.streams.append(ble)
        # The deal in progress, in flash: a reset brings back the same dice.
        self.store = store if store is not None else FileStore(BOARD_FILE)

    def show(self, what):
        """A peek in pip mode shows the die as a die face on the 5x5 matrix; everything else as cupcore drew it."""
        face = die_face(self.buf) if what == "peek" else 0
        if not face:
            return super().show(what)
        np = self.pixels
        lit = capped(_WHITE, self.limit)
        for i in range(len(self.buf) // 3):
            np[i] = (0, 0, 0)
        for i in FACES[face]:
            np[i] = (lit, lit, lit)
        self.flush()

    def accel(self):
        return self.imu.read(self.clock())

    def due_in(self, now):
        # The tilt is button B: the accelerometer is read every 10 ms.
        last = self.imu.last
        return 0 if last is None else max(0, _SAMPLE_MS - ticks_diff(now, last))

    def wait(self, ms):
        wait_for_input(self.usb, self.ble, ms)
