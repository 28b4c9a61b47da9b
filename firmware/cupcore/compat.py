"""The few things MicroPython, CircuitPython and CPython spell differently.

Everything else in cupcore imports its clock, `const` and random bytes from here, so the rest of the code
reads the same on every runtime.
"""
try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


try:
    from time import ticks_ms, ticks_diff, ticks_add
except ImportError:  # CPython, and CircuitPython without the ticks functions in `time`
    try:
        from supervisor import ticks_ms  # CircuitPython: 2**29 period, wraps like MicroPython's

        _PERIOD = 1 << 29
    except ImportError:
        import time as _time

        _PERIOD = 1 << 30

        def ticks_ms():
            return int(_time.monotonic() * 1000) & (_PERIOD - 1)

    _HALF = _PERIOD >> 1

    def ticks_diff(end, start):
        # The signed distance from start to end on the wrapping clock, as MicroPython defines it.
        return ((end - start + _HALF) & (_PERIOD - 1)) - _HALF

    def ticks_add(ticks, delta):
        return (ticks + delta) & (_PERIOD - 1)


# The dice and the salt need the board's hardware random source; a board without one can't be a cup, so there
# is deliberately no fallback to a seeded generator here.
from os import urandom  # noqa: E402,F401
