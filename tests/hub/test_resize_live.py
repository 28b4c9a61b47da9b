"""A terminal resized under the live table: the table was drawn at the new width only at the next event, and at a
table nobody moves on (two virtual cups, nobody pressing them, no clock) that never came. A real `dicecup play
--sim 2` on a pseudo-terminal, resized as a terminal window is (TIOCSWINSZ, then SIGWINCH)."""
import fcntl
import os
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

from rich.cells import cell_len

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TABLE_TOP = re.compile(r"╭─ dudo[^╮\n]*╮")


class PtyScreen:
    """What a process writes to its terminal (a pty of rows x columns), collected as it comes."""

    def __init__(self, args, data, rows=30, columns=100):
        self.master, slave = os.openpty()
        self.set_size(rows, columns)
        # rich would take COLUMNS and LINES over the terminal's own size
        env = {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")}
        env["TERM"] = "xterm-256color"
        self.proc = subprocess.Popen([sys.executable, "-m", "dicecup", *args, "--data", str(data)],
                                     stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.text = ""
        self._changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def set_size(self, rows, columns):
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def _read(self):
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the process and its pty are gone
                chunk = b""
            with self._changed:
                if not chunk:
                    self._changed.notify_all()
                    return
                self.text += chunk.decode("utf-8", "replace")
                self._changed.notify_all()

    def wait_for(self, seen, timeout=60.0, since=0):
        """Until seen(what was written from `since` on) holds, woken by each read, never past the deadline."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not seen(self.text[since:]) and time.monotonic() < deadline and self.proc.poll() is None:
                self._changed.wait(0.2)
            return seen(self.text[since:])

    def wait_quiet(self, seconds=2.0, timeout=60.0) -> bool:
        """Until nothing has been written for `seconds` (the table has settled: nobody moves), or the deadline."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while time.monotonic() < deadline:
                written = len(self.text)
                self._changed.wait(seconds)
                if len(self.text) == written:
                    return True
        return False

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(30)
        os.close(self.master)


def table_widths(raw: str) -> set:
    """The widths of the live table's top edges drawn in `raw`."""
    return {cell_len(top) for top in TABLE_TOP.findall(ESCAPES.sub("", raw))}


def test_a_resized_terminal_has_the_table_drawn_at_its_new_width_at_once(tmp_path):
    screen = PtyScreen(["play", "--sim", "2", "clock=0"], tmp_path / "data", columns=100)
    try:
        assert screen.wait_for(lambda raw: 100 in table_widths(raw) and "cup1" in raw, timeout=120), screen.text
        assert screen.wait_for(lambda raw: "no bid yet" in raw), screen.text
        assert screen.wait_quiet(), "the table never settled"  # dealt, and nobody moves: no event to come
        before = len(screen.text)
        screen.set_size(30, 60)
        screen.proc.send_signal(signal.SIGWINCH)
        redrawn = screen.wait_for(lambda raw: 60 in table_widths(raw), timeout=30, since=before)
        assert redrawn, ESCAPES.sub("", screen.text[before:])[-3000:]
        assert screen.proc.poll() is None  # the signal neither ended nor stopped the table
    finally:
        screen.close()
