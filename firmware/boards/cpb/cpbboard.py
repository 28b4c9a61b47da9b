"""The Adafruit Circuit Playground Bluefruit layer (CircuitPython): the 10 NeoPixels, buttons A and B, the slide
switch (sound on/off), the LIS3DH accelerometer for shake-to-roll, the speaker, USB serial (usb_cdc's data
channel, enabled in boot.py) and BLE (adafruit_ble). The capped LED show and the tones are cupcore.board's.

Pin names are those of hardware/cpb/pins.json (baked into pinmap.py by `dicecup build`), looked up in `board`.
"""
import board
import digitalio
import neopixel

from cupcore.board import BoardBase
from cupcore.compat import const, sleep_ms, ticks_diff

_MG_PER_MS2 = 101.97  # 1000 / 9.80665
_SAMPLE_MS = const(10)  # the accelerometer runs at 100 Hz
_NAP_MS = const(1)  # CircuitPython can't wait on a port: while waiting, look at the ports this often


def pin_in(spec):
    """A callable, True while the button is held (the CPB's buttons read 1 when pressed, pulled down)."""
    io = digitalio.DigitalInOut(getattr(board, spec["pin"]))
    io.direction = digitalio.Direction.INPUT
    io.pull = digitalio.Pull.UP if spec.get("pull") == "up" else digitalio.Pull.DOWN
    if spec.get("active") == "low":
        return lambda: not io.value
    return lambda: bool(io.value)


class Speaker:
    def __init__(self, spec):
        import pwmio

        self._enable = digitalio.DigitalInOut(getattr(board, spec["enable"]))
        self._enable.switch_to_output(value=False)
        self._pwm = pwmio.PWMOut(getattr(board, spec["pin"]), frequency=440, duty_cycle=0, variable_frequency=True)

    def tone(self, hz):
        if hz:
            self._pwm.frequency = hz
            self._pwm.duty_cycle = 0x4000
        else:
            self._pwm.duty_cycle = 0
        self._enable.value = bool(hz)


class Accelerometer:
    def __init__(self, spec):
        import adafruit_lis3dh
        import busio

        i2c = busio.I2C(getattr(board, spec["scl"]), getattr(board, spec["sda"]))
        self._chip = adafruit_lis3dh.LIS3DH_I2C(i2c, address=spec["address"])
        self._chip.range = adafruit_lis3dh.RANGE_8_G
        self._chip.data_rate = adafruit_lis3dh.DATARATE_100_HZ
        self.last = None

    def read(self, now):
        """(x, y, z) in milli-g, at most one sample per 10 ms; None between."""
        if self.last is not None and ticks_diff(now, self.last) < _SAMPLE_MS:
            return None
        self.last = now
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

    def ready(self):
        return self._port.in_waiting > 0

    def write(self, frame):
        self._port.write(frame)


class CpbBoard(BoardBase):
    name = "cpb"
    shakes = True

    def __init__(self, pinmap, clock, usb=None, ble_name=None):
        leds = pinmap["leds"]
        pixels = neopixel.NeoPixel(getattr(board, leds["pin"]), leds["count"], brightness=1.0, auto_write=False)
        super().__init__(clock, pixels, leds["count"], leds["max_level"])
        spec = pinmap["buttons"]
        self.pins = [pin_in(spec[key]) for key in ("a", "b") if key in spec]
        self.switch = pin_in(pinmap["switch"])
        self.speaker = Speaker(pinmap["speaker"])
        self.accelerometer = Accelerometer(pinmap["accel"])
        if usb is None:
            import usb_cdc

            usb = UsbData(usb_cdc.data) if usb_cdc.data is not None else None
        self.usb = usb
        if usb is not None:
            self.streams.append(usb)
        self.ble = None
        if ble_name:
            from cpbble import CupRadio

            self.ble = CupRadio(ble_name)
            self.streams.append(self.ble)

    def flush(self):
        self.pixels.show()

    def tone(self, hz):
        self.speaker.tone(hz)

    def sound_on(self):
        return self.switch()  # the slide switch

    def accel(self):
        return self.accelerometer.read(self.clock())

    def tick(self, now):
        super().tick(now)
        if self.ble is not None:
            self.ble.tick()

    def due_in(self, now):
        last = self.accelerometer.last
        sample = 0 if last is None else max(0, _SAMPLE_MS - ticks_diff(now, last))
        due = super().due_in(now)
        return sample if due < 0 or sample < due else due

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
