"""STAND-IN for CircuitPython's `time` (tests/firmware only): monotonic(), monotonic_ns(), sleep(), and no
ticks_ms/ticks_diff/ticks_add (CircuitPython keeps its tick counter in `supervisor`)."""
import utime


def monotonic_ns():
    return utime.time_ns()


def monotonic():
    return utime.time_ns() / 1e9


def sleep(seconds):
    utime.sleep_ms(int(seconds * 1000))
