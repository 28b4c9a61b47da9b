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


def register_flashed(registry, cup, port, renamed: bool):
    """The cup in the registry once its board holds the configuration: a new cup whole; a known cup only the fields
    the flash sets, and its name only if --name gave one, so a `dicecup cups rename` typed in another terminal while
    the files were copied stays."""
    from dicecup.registry import flashed_now

    if registry.get(cup.cup_id) is None:
        return registry.record(cup, port=port, firmware="", flashed="")
    fields = {"name": cup.name} if renamed else {}
    return registry.update(cup, board=cup.board, port=port, firmware="", flashed=flashed_now(), **fields)
