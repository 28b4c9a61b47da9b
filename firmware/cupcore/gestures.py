"""Buttons to gestures: press, long press and double press, debounced by polling.

After Peter Hinch's micropython-async Pushbutton: the pin is a callable returning True while the button is
held (so a board wraps `lambda: not pin.value()` and a test passes a lambda), the times are class attributes a
board or a test can override, and `poll(now)` is called often from the main loop; no interrupts, no timers.
A single press is reported only once the double-press window has passed, so a double press never also
reports a press.
"""
from cupcore.compat import const, ticks_diff

PRESS = const(1)
LONG = const(2)
DOUBLE = const(3)
NAMES = {PRESS: "press", LONG: "long", DOUBLE: "double"}


class Button:
    debounce_ms = 20
    long_press_ms = 600
    double_ms = 300

    def __init__(self, pin):
        self._pin = pin
        self._held = False
        self._sampled_at = None
        self._down_at = 0
        self._up_at = 0
        self._waiting = False  # released once: a press unless a second one comes soon
        self._spent = False  # this hold already gave its gesture (long, or the second half of a double)

    def poll(self, now):
        """Return PRESS, LONG, DOUBLE or 0."""
        if self._sampled_at is not None and ticks_diff(now, self._sampled_at) < self.debounce_ms:
            return 0
        self._sampled_at = now
        held = bool(self._pin())
        if held != self._held:
            self._held = held
            return self._pressed(now) if held else self._released(now)
        if held and not self._spent and ticks_diff(now, self._down_at) >= self.long_press_ms:
            self._spent = True
            self._waiting = False
            return LONG
        if self._waiting and ticks_diff(now, self._up_at) >= self.double_ms:
            self._waiting = False
            return PRESS
        return 0

    def due_in(self, now):
        """Milliseconds until poll() can next see something: the debounce time since the last sample (a button
        is sampled no faster than that, so a press is never missed by waiting this long)."""
        if self._sampled_at is None:
            return 0
        return max(0, self.debounce_ms - ticks_diff(now, self._sampled_at))

    def _pressed(self, now):
        self._down_at = now
        self._spent = False
        if not self._waiting:
            return 0
        self._waiting = False
        if ticks_diff(now, self._up_at) < self.double_ms:
            self._spent = True
            return DOUBLE
        # The last press's window ran out between two polls (a slow loop), and this poll already sees the next
        # press: the last one is still a press, said now, and this one starts afresh.
        return PRESS

    def _released(self, now):
        self._up_at = now
        if not self._spent:
            self._waiting = True
        return 0
