"""The Adafruit Circuit Playground Bluefruit layer (CircuitPython): the 10 NeoPixels, buttons A and B, the slide
switch (sound on/off), the LIS3DH accelerometer for shake-to-roll, the speaker, USB serial (usb_cdc's data
channel, enabled in boot.py) and BLE (adafruit_ble).

Pin names are those of hardware/cpb/pins.json (baked into pinmap.py by `dicecup build`), looked up in `board`.
"""
import board
import digitalio
import neopixel

from cupcore.compat import const, ticks_add, ticks_diff
from cupcore.runner import capped

_MG_PER_MS2 = 101.97  # 1000 / 9.80665
_SAMPLE_MS = const(10)  # the accelerometer runs at 100 Hz
TONES = {1: (1320, 80), 2: (220, 400), 3: (880, 200), 4: (660, 120), 5: (2000, 20), 6: (110, 600), 7: (1760, 500),
         8: (330, 150)}


def pin_in(spec):
    """A callable, True while the button is held (the CPB's buttons read 1 when pressed, pulled down)."""
    io = digitalio.DigitalInOut(getattr(board, spec["pin"]))
    io.direction = digitalio.Direction.INPUT
    io.pull = digitalio.Pull.UP if spec.get("pull") == "up" else digitalio.Pull.DOWN
    if spec.get("active") == "low":
        return lambda: not io.value
    return lambda: bool(io.value)


class Leds:
    def __init__(self, spec):
        self.count = spec["count"]
        self.limit = spec["max_level"]
        self.buf = bytearray(3 * self.count)
        self._np = neopixel.NeoPixel(getattr(board, spec["pin"]), self.count, brightness=1.0, auto_write=False)

    def show(self, what=None):
        buf, limit, np = self.buf, self.limit, self._np
        for i in range(self.count):
            np[i] = (capped(buf[3 * i], limit), capped(buf[3 * i + 1], limit), capped(buf[3 * i + 2], limit))
        np.show()


class Speaker:
    def __init__(self, spec, switch):
        import pwmio

        self._enable = digitalio.DigitalInOut(getattr(board, spec["enable"]))
        self._enable.switch_to_output(value=False)
        self._pwm = pwmio.PWMOut(getattr(board, spec["pin"]), frequency=440, duty_cycle=0, variable_frequency=True)
        self._on = switch  # the slide switch: sound on or off
        self._until = None

    def play(self, cue, now):
        tone = TONES.get(cue)
        if tone and self._on():
            self._pwm.frequency = tone[0]
            self._pwm.duty_cycle = 0x4000
            self._enable.value = True
            self._until = ticks_add(now, tone[1])

    def tick(self, now):
        if self._until is not None and ticks_diff(now, self._until) >= 0:
            self._pwm.duty_cycle = 0
            self._enable.value = False
            self._until = None


class Accelerometer:
    def __init__(self, spec):
        import adafruit_lis3dh
        import busio

        i2c = busio.I2C(getattr(board, spec["scl"]), getattr(board, spec["sda"]))
        self._chip = adafruit_lis3dh.LIS3DH_I2C(i2c, address=spec["address"])
        self._chip.range = adafruit_lis3dh.RANGE_8_G
        self._chip.data_rate = adafruit_lis3dh.DATARATE_100_HZ
        self._last = None

    def read(self, now):
        """(x, y, z) in milli-g, at most one sample per 10 ms; None between."""
        if self._last is not None and ticks_diff(now, self._last) < _SAMPLE_MS:
            return None
        self._last = now
        x, y, z = self._chip.acceleration
        return int(x * _MG_PER_MS2), int(y * _MG_PER_MS2), int(z * _MG_PER_MS2)


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

    def write(self, frame):
        self._port.write(frame)


class Board:
    name = "cpb"

    def __init__(self, pinmap, clock, usb=None, ble_name=None):
        self._clock = clock
        spec = pinmap["buttons"]
        self.pins = [pin_in(spec[key]) for key in ("a", "b") if key in spec]
        self.leds = Leds(pinmap["leds"])
        self.switch = pin_in(pinmap["switch"])
        self.speaker = Speaker(pinmap["speaker"], self.switch)
        self.accelerometer = Accelerometer(pinmap["accel"])
        self.streams = []
        if usb is None:
            import usb_cdc

            usb = UsbData(usb_cdc.data) if usb_cdc.data is not None else None
        if usb is not None:
            self.streams.append(usb)
        self.ble = None
        if ble_name:
            from cpbble import CupRadio

            self.ble = CupRadio(ble_name)
            self.streams.append(self.ble)

    def accel(self):
        return self.accelerometer.read(self._clock())

    def sound(self, cue):
        self.speaker.play(cue, self._clock())

    def tick(self, now):
        self.speaker.tick(now)
        if self.ble is not None:
            self.ble.tick()
