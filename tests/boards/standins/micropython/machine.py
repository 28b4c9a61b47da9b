"""STAND-IN for MicroPython's `machine` (tests/boards only): pins you set and read back, a recording PWM and I2C."""
PINS = {}  # number -> the Pin made for it
LOG = []  # what the board layer did, in order


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, number, mode=-1, pull=-1):
        self.number = number
        self.mode = mode
        self.pull = pull
        self.level = 1 if pull == Pin.PULL_UP else 0
        PINS[number] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    def __call__(self, v=None):
        return self.value(v)


class PWM:
    def __init__(self, pin):
        self.pin = pin
        self.hz = 0
        self.duty = 0

    def freq(self, hz):
        self.hz = hz
        LOG.append(("freq", hz))

    def duty_u16(self, duty):
        self.duty = duty
        LOG.append(("duty", duty))


class I2C:
    """An I2C bus with one device that answers register reads from a queue the test fills."""

    reads = []  # bytes to hand out, one per readfrom_mem_into
    writes = []

    def __init__(self, bus, scl=None, sda=None, freq=0):
        self.scl = scl
        self.sda = sda

    def writeto_mem(self, addr, reg, data):
        I2C.writes.append((addr, reg, bytes(data)))

    def readfrom_mem_into(self, addr, reg, buf):
        data = I2C.reads.pop(0) if I2C.reads else bytes(len(buf))
        buf[:] = data


def unique_id():
    return b"\x01\x02\x03\x04\x05\x06\x07\x08"
