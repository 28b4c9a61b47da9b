"""Ctrl-Z and `fg` at a live table, as a shell with job control does them: the hub's keyboard had the echo off,
and kept it so while the shell had the terminal (what the person typed at the shell was not shown); after `fg` the
shell's settings stayed (each key echoed across the table) and the table was drawn again only at the next move.
A real pseudo-terminal, bash with job control (`set -m`) in it, `dicecup play --sim 2` under it, real keys."""
import os
import pty
import select
import shlex
import signal
import sys
import termios
import time

import pytest

STOPPED_AT_THE_SHELL = b"READ-"  # the shell's prompt once the table is stopped: it reads a line from the terminal


def _shell(tmp_path):
    """(pid, master): bash in a terminal of its own, running the table as a job it can stop and bring back."""
    play = shlex.join([sys.executable, "-m", "dicecup", "play", "--sim", "2", "--data", str(tmp_path / "data")])
    script = f"set -m; {play}; printf '{STOPPED_AT_THE_SHELL.decode()}'; read -r line; fg; exit 0"
    pid, master = pty.fork()
    if pid == 0:
        os.environ.update(TMPDIR=str(tmp_path), COLUMNS="100", LINES="40", TERM="xterm")
        os.execvp("bash", ["bash", "--norc", "--noprofile", "-c", script])
    return pid, master


def _read_until(master, words, seen, timeout=60.0):
    """The terminal's output until it holds `words` after what was `seen` (a bytearray, grown)."""
    start, deadline = len(seen), time.monotonic() + timeout
    while words not in seen[start:]:
        left = deadline - time.monotonic()
        assert left > 0, f"no {words!r} in {bytes(seen[start:])[-2000:]!r}"
        if select.select([master], [], [], left)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:  # the terminal's other end is closed: everyone in it has gone
                pytest.fail(f"the shell ended before {words!r}: {bytes(seen[start:])[-2000:]!r}")


def _echoing(master) -> bool:
    return bool(termios.tcgetattr(master)[3] & termios.ECHO)


def _until(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)  # the terminal's settings change in another process: nothing to wait on but them
    return condition()


def _end(pid, master, tmp_path):
    """Close the terminal (SIGHUP to all in it: the table stops its cups and removes their folder), then reap."""
    os.close(master)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    assert _until(lambda: not list(tmp_path.glob("dicecup-sim-*")), 60), "the virtual cups' folder was left"


def test_ctrl_z_gives_the_shell_its_terminal_and_fg_takes_it_back_and_redraws(tmp_path):
    pid, master = _shell(tmp_path)
    seen = bytearray()
    try:
        _read_until(master, b"dice in play", seen)
        assert _until(lambda: not _echoing(master)), "the live table reads keys unechoed"
        os.write(master, b"\x1a")  # Ctrl-Z
        _read_until(master, STOPPED_AT_THE_SHELL, seen)
        assert _echoing(master), "stopped, the table left the shell a terminal that shows nothing typed"
        os.write(master, b"\n")  # the shell's `read` returns and `fg` brings the table back
        _read_until(master, b"dice in play", seen, timeout=10)  # drawn again at once, not at the next move
        assert _until(lambda: not _echoing(master)), "back from fg, every key typed was echoed across the table"
    finally:
        _end(pid, master, tmp_path)


def test_ctrl_backslash_stops_the_table_as_ctrl_c_does_and_leaves_the_terminal_as_it_was(tmp_path):
    """Ctrl-\\ (SIGQUIT) ended the hub on the spot: the shell was left a terminal that echoed nothing typed,
    without the line that says what was kept, and the virtual cups' folder was left behind."""
    pid, master = _shell(tmp_path)
    seen = bytearray()
    try:
        _read_until(master, b"dice in play", seen)
        assert _until(lambda: not _echoing(master)), "the live table reads keys unechoed"
        os.write(master, b"\x1c")  # Ctrl-\
        _read_until(master, STOPPED_AT_THE_SHELL, seen)
        assert _echoing(master), "the table left the shell a terminal that shows nothing typed"
        assert b"the game so far is kept in" in seen, bytes(seen[-2000:])
        assert _until(lambda: not list(tmp_path.glob("dicecup-sim-*"))), "the virtual cups' folder was left"
    finally:
        _end(pid, master, tmp_path)
