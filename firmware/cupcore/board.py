"""What every board shares, under its thin hardware layer: the LED buffer shown capped to the board's brightness
limit, cue tones that stop by themselves, and waiting for input. A board subclasses BoardBase and supplies
its hooks (after Adafruit's libraries: one base class that owns the logic, a subclass per board):

    pixels       given to __init__: pixels[i] = (r, g, b), then write() puts them out (MicroPython's
                 NeoPixel; a CircuitPython board overrides flush())
    pins         callables, True while button A, B (and an optional C: a peek button) is held
    streams      byte links to the hub (USB serial, BLE): .poll(feed) calls feed(buf, n) for what arrived,
                 .write(frame) sends
    accel()      (x, y, z) in milli-g now, or None (no new sample yet); read when `shakes` is True
    tone(hz)     start a tone, 0: silence (a board with a buzzer or speaker)
    sound_on()   False while the owner has switched sound off
    wait(ms)     return when input may have arrived or ms have passed (the default just sleeps)
    store        where the deal in progress is kept across a reset (cupcore/keep.py: read(), write(data), erase()),
                 or None: a board that can't store loses its deal at a reset, as before
    crashed(exc) the cup's loop caught exc and carries on: say so where the board can (a console)
cupcore.runner.Runner drives a board: it fills `buf` in cupcore's colours (leds.py) and calls show(what).
"""
from cupcore.compat import const, sleep_ms, ticks_add, ticks_diff

FULL = const(80)  # the brightest channel value in cupcore's colours (leds.py)
# cue -> (Hz, ms): 1 your turn, 2 lost, 3 gained, 4 someone called, 5 click, 6 bang, 7 won, 8 refused, 9 hurry
TONES = {1: (1320, 80), 2: (220, 400), 3: (880, 200), 4: (660, 120), 5: (2000, 20), 6: (110, 600), 7: (1760, 500),
         8: (330, 150), 9: (2640, 40)}


def capped(value, limit):
    """A channel value scaled so that cupcore's brightest (FULL) becomes `limit`; a lit channel stays lit."""
    if limit >= FULL or not value:
        return value
    return max(1, value * limit // FULL)


class BoardBase:
    name = "board"
    shakes = False  # True on a board with an accelerometer: a shake between deals is "ready"
    store = None  # type: object  # the board's service for cupcore/keep.py (read, write, erase), or None

    def __init__(self, clock, pixels, count, limit=FULL):
        self.clock = clock
        self.buf = bytearray(3 * count)  # cupcore's display, in cupcore's colours
        self.limit = limit
        self.pixels = pixels
        self.pins = []
        self.streams = []
        self._tone_until = None

    # -- LEDs ---------------------------------------------------------------------------------------------

    def show(self, what):
        """Put the buffer on the pixels, every channel capped. `what` names the display ("peek", "cue",
        "crash" or the cup's state), for a board that draws some displays its own way."""
        buf, limit, pixels = self.buf, self.limit, self.pixels
        for i in range(len(buf) // 3):
            pixels[i] = (capped(buf[3 * i], limit), capped(buf[3 * i + 1], limit), capped(buf[3 * i + 2], limit))
        self.flush()

    def flush(self):
        self.pixels.write()

    # -- sound --------------------------------------------------------------------------------------------

    def sound(self, cue):
        """A cue's tone starts; tick() stops it when its time is up."""
        tone = TONES.get(cue)
        if tone and self.sound_on():
            self.tone(tone[0])
            self._tone_until = ticks_add(self.clock(), tone[1])

    def tick(self, now):
        """Called every step of the loop."""
        if self._tone_until is not None and ticks_diff(now, self._tone_until) >= 0:
            self._tone_until = None
            self.tone(0)

    def due_in(self, now):
        """Milliseconds until tick() must run (a tone to stop), or -1."""
        if self._tone_until is None:
            return -1
        return max(0, ticks_diff(self._tone_until, now))

    def tone(self, hz):
        pass

    def sound_on(self):
        return True

    # -- the rest -----------------------------------------------------------------------------------------

    def accel(self):
        return None

    def wait(self, ms):
        sleep_ms(ms)

    def crashed(self, exc):
        pass

