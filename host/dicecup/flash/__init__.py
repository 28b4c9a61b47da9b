"""Putting dicecup on a board and the board in the hub's registry (`dicecup flash`, `dicecup ports`).

- micropython.py: boards running MicroPython (pico, atom), through mpremote over the serial port.
- circuitpython.py: boards running CircuitPython (cpb), by copying to the CIRCUITPY drive.
- probe.py: what answers on a serial port (a dicecup cup, MicroPython, CircuitPython, nothing).

Every failure is a FlashError whose message says what happened and what to do; the commands print it on one line.
"""


class FlashError(Exception):
    """Flashing could not be done (or finished); the message says what happened and what to do."""


def stays_inside(folder, path: str, where: str):
    """folder/path, or FlashError when it would leave the folder: a manifest's `../../x` or /etc/x, a file on the
    drive that is a symbolic link to somewhere else."""
    from dicecup.paths import OutsideFolder, inside

    try:
        return inside(folder, path)
    except OutsideFolder as error:
        raise FlashError(f"{error}: dicecup reads and writes only inside {where}; nothing was changed") from None
