"""STAND-IN for CircuitPython's `digitalio` (tests/boards only): pins by name whose level the test sets."""
PINS = {}


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self.value = False
        PINS[pin] = self

    def switch_to_output(self, value=False):
        self.direction = Direction.OUTPUT
        self.value = value
