"""A real `dicecup ...` process on a pseudo-terminal of its own, for tests of what a terminal shows (the live
table): its output collected as it comes, its size set as a terminal window's is. Importable from every test
folder (tests/ is on the path through tests/conftest.py)."""
import fcntl
import os
import re
import struct
import subprocess
import sys
import termios
import threading
import time

from processes import stop_gently

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def read_all(fd) -> bytes:
    """Everything written to a pty's other end, read from `fd` until that end is closed by every process."""
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the pty's other end is closed and everything is read
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def with_terminal_stderr(args, timeout=180) -> tuple:
    """`dicecup ARGS` run to its end with a terminal as its stderr (its stdout piped): (the finished process, what
    the terminal showed). The terminal is read while the process runs: a pty holds a few KB, and a progress bar
    that redraws more often on a loaded machine would otherwise fill it and wait forever."""
    master, slave = os.openpty()
    shown_bytes = []
    reader = threading.Thread(target=lambda: shown_bytes.append(read_all(master)), daemon=True)
    reader.start()
    try:
        done = subprocess.run([sys.executable, "-m", "dicecup", *map(str, args)], stdout=subprocess.PIPE,
                              stderr=slave, stdin=subprocess.DEVNULL, timeout=timeout)
    finally:
        os.close(slave)  # the process's end closed its copy: the reader's read ends once this one is closed too
        reader.join(30)
        os.close(master)
    return done, b"".join(shown_bytes)


def shown(raw: str) -> str:
    """The text of what was written, its colours and cursor moves left out."""
    return ESCAPES.sub("", raw)


class PtyScreen:
    """What a process writes to its terminal (a pty of rows x columns), collected as it comes."""

    def __init__(self, args, data, rows=30, columns=100, env=None):
        self.master, slave = os.openpty()
        self.set_size(rows, columns)
        # rich would take COLUMNS and LINES over the terminal's own size
        env = {name: value for name, value in (env or os.environ).items() if name not in ("COLUMNS", "LINES")}
        env["TERM"] = "xterm-256color"
        self.proc = subprocess.Popen([sys.executable, "-m", "dicecup", *map(str, args), "--data", str(data)],
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
        stop_gently(self.proc)
        os.close(self.master)
