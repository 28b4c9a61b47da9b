"""The Raspberry Pi Pico / Pico W layer: buttons, a WS2812 strip or ring, a buzzer, USB serial, BLE on the Pico W.

The deal in progress is kept in flash (/.dicecup/deal, cupcore/keep.py), so a reset brings back the same dice.
Everything is where hardware/pico/pins.json says (baked into pinmap.py by `dicecup build`). Pins are callables
for cupcore's Button; the capped LED show, the tones and the USB serial are cupcore.board's, shared by every
board: this layer only says which pins.
"""
from machine import PWM, Pin
from neopixel import NeoPixel

from cupcore.board import BoardBase
from cupcore.compat import const
from cupcore.keep import BOARD_FILE, FileStore
from cupcore.nus import radio, wait_for_input
from cupcore.usbserial import UsbSerial

_BEEP_DUTY = const(16384)  # a quarter duty cycle: loud enough, gentle on a piezo


def button(spec):
    """A callable that is True while the button is held (wired to ground, pulled up: pressed reads 0)."""
    pin = Pin(spec["gpio"], Pin.IN, Pin.PULL_UP if spec.get("pull") == "up" else Pin.PULL_DOWN)
    if spec.get("active") == "low":
        return lambda: not pin.value()
    return lambda: bool(pin.value())


class PicoBoard(BoardBase):
    name = "pico"

    def __init__(self, pinmap, clock, usb=None, ble_name=None, store=None):
        leds = pinmap["leds"]
        super().__init__(clock, NeoPixel(Pin(leds["gpio"], Pin.OUT), leds["count"]), leds["count"], leds["max_level"])
        spec = pinmap["buttons"]
        self.pins = [button(spec[key]) for key in ("a", "b", "c") if key in spec]
        self._pwm = None
        if "buzzer" in pinmap:
            self._pwm = PWM(Pin(pinmap["buzzer"]["gpio"], Pin.OUT))
            self._pwm.duty_u16(0)
        self.usb = usb if usb is not None else UsbSerial()
        self.streams = [self.usb]
        self.ble = radio(ble_name)
        if self.ble is not None:
            self.streams.append(self.ble)
        # The deal in progress, in flash: a reset brings back the same dice.
        self.store = store if store is not None else FileStore(BOARD_FILE)

    def tone(self, hz):
        pwm = self._pwm
        if pwm is None:
            return
        if hz:
            pwm.freq(hz)
            pwm.duty_u16(_BEEP_DUTY)
        else:
            pwm.duty_u16(0)

    def wait(self, ms):
        wait_for_input(self.usb, self.ble, ms)
