"""The Adafruit Circuit Playground Bluefruit's hook on the CircuitPython board layer (cupcore.cpboard): the slide
switch (sound on/off), the LIS3DH accelerometer for shake-to-roll, the speaker and BLE (adafruit_ble). The 10
NeoPixels, buttons A and B and usb_cdc's data channel are the base's; the capped LED show and the tones are
cupcore.board's.

Pin names are those of hardware/cpb/pins.json (baked into pinmap.py by `dicecup build`), looked up in `board`.
"""
import board
import digitalio

from cupcore.compat import const, ticks_diff
from cupcore.cpboard import CircuitPythonBoard, pin_in

_MG_PER_MS2 = 101.97  # 1000 / 9.80665
_SAMPLE_MS = const(10)  # the accelerometer runs at 100 Hz


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


class CpbBoard(CircuitPythonBoard):
    name = "cpb"
    shakes = True

    def attach(self, pinmap, ble_name):
        self.switch = pin_in(pinmap["switch"])
        self.speaker = Speaker(pinmap["speaker"])
        self.accelerometer = Accelerometer(pinmap["accel"])
        if ble_name:
            from cpbble import CupRadio

            self.ble = CupRadio(ble_name)
            self.streams.append(self.ble)

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
