"""The README's set-up (`python3 dev.py demo`) stopped by Ctrl-C while it makes .venv, then run again: before, the
cut-off .venv (its python, no pip) was taken as made, and every later run ended in pip's traceback. dev.py and
pyproject.toml copied into a folder of the test's own (dev.py sets up the folder it is in); the second run is
stopped once it has a whole .venv and starts installing (the install itself needs the package index)."""
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from processes import wait_for

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _start(folder):
    return subprocess.Popen([sys.executable, "dev.py", "demo"], cwd=folder, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _end(proc):
    """Everything the run started (pip included) ends with it: its own session."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate(timeout=60)


def _line_with(proc, words, timeout=120):
    timer = threading.Timer(timeout, lambda: os.killpg(proc.pid, signal.SIGKILL))
    timer.start()
    try:
        for line in proc.stdout:
            if words in line:
                return True
        return False
    finally:
        timer.cancel()


def test_ctrl_c_while_the_venv_is_made_then_again_makes_it_whole(tmp_path):
    for name in ("dev.py", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    python = tmp_path / ".venv/bin/python"
    first = _start(tmp_path)
    try:
        wait_for(python.exists, "the venv's python", 120)  # its pip not yet there: a person's Ctrl-C lands here
        os.killpg(first.pid, signal.SIGINT)
        err = first.communicate(timeout=120)[1]
    finally:
        _end(first)
    assert "Traceback" not in err, err
    assert first.returncode == 130 and "run it again" in err, err
    second = _start(tmp_path)
    try:
        assert _line_with(second, "installing dicecup"), second.communicate()[1]
        pip = subprocess.run([python, "-m", "pip", "--version"], capture_output=True, text=True)
    finally:
        _end(second)
    assert pip.returncode == 0, f"the second run went on with a .venv without pip: {pip.stderr}"
