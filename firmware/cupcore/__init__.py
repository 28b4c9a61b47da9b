"""cupcore: the cup firmware that runs unchanged on MicroPython, CircuitPython and CPython."""
