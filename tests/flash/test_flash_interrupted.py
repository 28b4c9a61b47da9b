"""Ctrl-C in dicecup flash (issue 12 item 14): status 130 and one line saying what the board holds now and what
to run next, whenever it comes. Through real processes sent a real SIGINT."""
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import needs_micropython
from standin_ports import SilentBoard

pytestmark = pytest.mark.slow  # real flash processes stopped with Ctrl-C


def start_flash(*args):
    return subprocess.Popen([sys.executable, "-m", "dicecup", "flash", "--board", "pico", *map(str, args)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class ListeningBoard(SilentBoard):
    """A board that never answers, and tells when the flasher first writes to it."""

    def __init__(self):
        super().__init__()
        self.written = threading.Event()

    def answer(self, data):
        self.written.set()


def ctrl_c_when(proc, seen, timeout=60, event=None):
    """SIGINT once the flash prints a line holding `seen`, or once `event` is set; (status, stderr)."""
    try:
        if event is not None:
            assert event.wait(timeout), "the flasher never wrote to the board"
        if seen is not None:
            deadline = time.monotonic() + timeout
            for line in proc.stdout:
                if seen in line or time.monotonic() > deadline:
                    break
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=timeout)
        return proc.returncode, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def one_stopped_line(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("dicecup flash: stopped (Ctrl-C): "), err
    return lines[0]


@needs_micropython
def test_ctrl_c_mid_copy_says_the_old_firmware_still_boots(board, tmp_path, pico_dist):
    proc = start_flash("--port", board.path, "--dist", pico_dist, "--data", tmp_path / "data")
    code, err = ctrl_c_when(proc, "[2/")
    line = one_stopped_line(err)
    assert code == 130
    assert "still boots its old firmware" in line and f"dicecup flash --board pico --port {board.path}" in line


def test_ctrl_c_before_the_board_answers_says_nothing_changed(tmp_path, pico_dist):
    with ListeningBoard() as other:
        proc = start_flash("--port", other.path, "--dist", pico_dist, "--data", tmp_path / "data")
        code, err = ctrl_c_when(proc, None, event=other.written)  # while it waits for a REPL
    line = one_stopped_line(err)
    assert code == 130
    assert f"nothing on {other.path} was changed" in line and "dicecup flash --board pico" in line
