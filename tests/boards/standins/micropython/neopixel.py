"""STAND-IN for MicroPython's `neopixel` (tests/boards only): what was written is kept to read back."""
STRIPS = []


class NeoPixel:
    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.pixels = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n  # what the LEDs show: the pixels as of the last write()
        self.writes = 0
        STRIPS.append(self)

    def __setitem__(self, i, colour):
        self.pixels[i] = tuple(colour)

    def __getitem__(self, i):
        return self.pixels[i]

    def __len__(self):
        return self.n

    def write(self):
        self.shown = list(self.pixels)
        self.writes += 1
