"""Where the boards, their stand-ins and their official stubs live (CPython side of tests/boards)."""
import fcntl
import hashlib
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
BOARDS = ("pico", "cpb", "atom", "picocp")
CIRCUITPYTHON = ("cpb", "picocp")
STUBS_OF = {"picocp": "cpb"}  # the Pico on CircuitPython: the same CircuitPython stubs, neopixel among them
STANDINS = Path(__file__).resolve().parent / "standins"
STUBS_HOME = Path(sys.executable).parent.parent / "board-stubs"


def tool(name):
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if not found:
        raise AssertionError(f"{name} is not installed: run `python3 dev.py test` so .venv gets the test extras")
    return found


def stub_pins(board):
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    return extras[f"stubs-{board}"]


def stubs(board):
    """The board's pinned official stubs, installed once into their own folder (they can't share one), under a
    lock: two test workers asking at once would each empty the folder the other was installing into."""
    board = STUBS_OF.get(board, board)
    STUBS_HOME.mkdir(parents=True, exist_ok=True)
    with open(STUBS_HOME / f".{board}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _installed_stubs(board)


def _installed_stubs(board):
    pins = stub_pins(board)
    home = STUBS_HOME / board
    stamp = home / ".pins"
    want = hashlib.sha256("\n".join(pins).encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return home
    shutil.rmtree(home, ignore_errors=True)
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps", "--target",
         str(home), *pins], capture_output=True, text=True, timeout=600)
    if proc.returncode:
        raise AssertionError(f"could not install the {board} stubs {pins}:\n{proc.stderr[-2000:]}")
    stamp.write_text(want)
    return home
