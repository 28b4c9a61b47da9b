"""Putting dicecup on a board and the board in the hub's registry (`dicecup flash`, `dicecup ports`).

- micropython.py: boards running MicroPython (pico, atom), through mpremote over the serial port.
- circuitpython.py: boards running CircuitPython (cpb), by copying to the CIRCUITPY drive.
- probe.py: what answers on a serial port (a dicecup cup, MicroPython, CircuitPython, nothing).

Every failure is a FlashError whose message says what happened and what to do; the commands print it on one line.
"""


class FlashError(Exception):
    """Flashing could not be done (or finished); the message says what happened and what to do."""
