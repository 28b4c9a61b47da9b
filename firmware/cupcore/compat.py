"""The few things MicroPython, CircuitPython and CPython spell differently.

Everything else in cupcore imports its clock, sleep, `const`, SHA-256 and random bytes from here, so the rest
of the code reads the same on every runtime. Each runtime's type stubs know only its own spelling, so the lines that
are another runtime's carry `type: ignore` (tests/boards/typecheck.py checks cupcore against every board's stubs).
"""
try:
    from micropython import const
except ImportError:  # CPython

    def const(value):  # type: ignore
        return value


try:
    from time import ticks_ms, ticks_diff, ticks_add  # type: ignore
except ImportError:  # CPython, and CircuitPython without the ticks functions in `time`
    try:
        from supervisor import ticks_ms  # type: ignore  # CircuitPython: 2**29 period, wraps like MicroPython's

        _PERIOD = 1 << 29
    except ImportError:
        import time as _time

        _PERIOD = 1 << 30

        def ticks_ms():  # type: ignore
            return int(_time.monotonic() * 1000) & (_PERIOD - 1)  # type: ignore

    _HALF = _PERIOD >> 1

    def ticks_diff(end, start):  # type: ignore
        # The signed distance from start to end on the wrapping clock, as MicroPython defines it.
        return ((end - start + _HALF) & (_PERIOD - 1)) - _HALF

    def ticks_add(ticks, delta):  # type: ignore
        return (ticks + delta) & (_PERIOD - 1)


try:
    from time import sleep_ms  # type: ignore
except ImportError:  # CircuitPython, CPython
    from time import sleep as _sleep

    def sleep_ms(ms):  # type: ignore
        _sleep(ms / 1000)


try:
    import hashlib as _hashlib
except ImportError:  # CircuitPython 10.0 on the nRF52840 (the Circuit Playground Bluefruit) has none
    raise ImportError("dicecup needs hashlib: on CircuitPython, version 10.1 or later")


def sha256(data):
    """The SHA-256 digest (32 bytes) of data."""
    if _SHA256 is not None:  # MicroPython, CPython
        return _SHA256(data).digest()
    return _hashlib.new("sha256", data).digest()  # type: ignore  # CircuitPython's hashlib has only new()


_SHA256 = getattr(_hashlib, "sha256", None)


# The secret seed behind each deal's dice needs the board's hardware random source; a board without one can't be
# a cup, so there is deliberately no fallback to a seeded generator here.
from os import urandom  # noqa: E402,F401
