"""STAND-IN for CircuitPython's `supervisor` (tests/firmware only): ticks_ms(), which wraps at 2**29 ms."""
import utime

_MASK = (1 << 29) - 1


def ticks_ms():
    return utime.ticks_ms() & _MASK
