"""STAND-IN for adafruit-circuitpython-neopixel (tests/boards only): what show() put out is kept to read back."""
STRIPS = []


class NeoPixel:
    def __init__(self, pin, n, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.n = n
        self.brightness = brightness
        self.auto_write = auto_write
        self.pixels = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n
        STRIPS.append(self)

    def __setitem__(self, i, colour):
        self.pixels[i] = tuple(colour)

    def show(self):
        self.shown = [tuple(int(v * self.brightness) for v in c) for c in self.pixels]
