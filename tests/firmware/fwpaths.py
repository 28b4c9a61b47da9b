"""Where the firmware, its portable tests and the tools that check them live (CPython side only)."""
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
PORTABLE = Path(__file__).resolve().parent / "portable"
RUNNER = Path(__file__).resolve().parent / "mp_runner.py"


def tool(name):
    """A console script installed beside this Python (the venv's bin/), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if not found:
        raise AssertionError(f"{name} is not installed: run `python3 dev.py test` so .venv gets the test extras")
    return found


def portable_tests():
    """(module, test function) for every test in tests/firmware/portable, read from the source."""
    found = []
    for path in sorted(PORTABLE.glob("test_cup_*.py")):
        for name in re.findall(r"^def (test_\w+)\(\):", path.read_text(), re.M):
            found.append((path.stem, name))
    return found


def firmware_sources():
    return sorted(p for p in FIRMWARE.rglob("*.py") if "__pycache__" not in p.parts)
