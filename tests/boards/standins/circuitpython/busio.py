"""STAND-IN for CircuitPython's `busio` (tests/boards only)."""


class I2C:
    def __init__(self, scl, sda):
        self.scl = scl
        self.sda = sda
