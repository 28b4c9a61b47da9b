"""STAND-IN for adafruit-circuitpython-lis3dh (tests/boards only): samples in m/s^2 from a queue the test fills."""
RANGE_8_G = 2
DATARATE_100_HZ = 5
SAMPLES = []
CHIPS = []


class LIS3DH_I2C:
    def __init__(self, i2c, address=0x18):
        self.i2c = i2c
        self.address = address
        self.range = 0
        self.data_rate = 0
        CHIPS.append(self)

    @property
    def acceleration(self):
        return SAMPLES.pop(0) if SAMPLES else (0.0, 0.0, 9.81)
