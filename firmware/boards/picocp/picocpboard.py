"""The Raspberry Pi Pico running CircuitPython: its hook on the CircuitPython board layer (cupcore.cpboard) is the
buzzer (pwmio). The WS2812 stick, buttons A, B and C and usb_cdc's data channel are the base's; the wiring is the
MicroPython Pico's (hardware/picocp/pins.json names the same pins as hardware/pico/pins.json, by their `board`
names). No BLE: CircuitPython has no Bluetooth on the Pico W's radio.
"""
import board

from cupcore.compat import const
from cupcore.cpboard import CircuitPythonBoard

_BEEP_DUTY = const(16384)  # a quarter duty cycle: loud enough, gentle on a piezo


class PicoCpBoard(CircuitPythonBoard):
    name = "picocp"

    def attach(self, pinmap, ble_name):
        self._pwm = None
        if "buzzer" in pinmap:
            import pwmio

            self._pwm = pwmio.PWMOut(getattr(board, pinmap["buzzer"]["pin"]), frequency=440, duty_cycle=0,
                                     variable_frequency=True)

    def tone(self, hz):
        pwm = self._pwm
        if pwm is None:
            return
        if hz:
            pwm.frequency = hz
            pwm.duty_cycle = _BEEP_DUTY
        else:
            pwm.duty_cycle = 0
