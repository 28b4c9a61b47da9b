"""What dicecup carries besides the hub's code, found with importlib.resources: the cup firmware and the pin maps.

The repository keeps them where people look for them (firmware/, hardware/); pyproject.toml maps those folders
into the package, so the same names work in a checkout (the editable install dev.py makes) and in an installed
wheel, wherever it is:

    cupcore            firmware/cupcore        the portable cup code (also imported by the hub: one wire codec)
    dicecup.boards     firmware/boards         one folder per board: pico, cpb, atom, picocp, sim
    dicecup.hardware   hardware                hardware/<board>/pins.json, each board's pin map

Nothing here walks up from a file's path or reads pyproject.toml (an installed package has neither).
"""
from importlib.resources import files
from pathlib import Path


class MissingData(RuntimeError):
    """A file dicecup ships with is not where the package keeps it (a broken install)."""


def _folder(package: str) -> Path:
    # Files on disk, not in a zip: the firmware is handed to mpy-cross and MicroPython by path. pip always
    # installs a wheel unpacked, so this holds for every install dicecup supports.
    found = files(package)
    if not isinstance(found, Path):
        raise MissingData(f"{package} is not installed as files on disk ({found}); reinstall dicecup with pip")
    return found


def cupcore_dir() -> Path:
    """The folder of the cupcore package (firmware/cupcore in a checkout)."""
    return _folder("cupcore")


def boards_dir() -> Path:
    """The folder holding one folder per board (firmware/boards in a checkout)."""
    return _folder("dicecup.boards")


def board_dir(board: str) -> Path:
    return boards_dir() / board


def pins_path(board: str) -> Path:
    """hardware/<board>/pins.json, the board's pin map."""
    return _folder("dicecup.hardware") / board / "pins.json"
