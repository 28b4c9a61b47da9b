"""Issue 12 item 4: `dicecup play --port P` where P has no dicecup cup behind it (a pty with nothing on the
other end, one sending garbage, or a board at a plain MicroPython prompt) said nothing at all. It now says
"waiting for a cup on P" at once, and a few seconds later what the port seems to be, as `dicecup ports` would
say it; Ctrl-C then ends it with a plain word, no traceback.

What is behind the port: nothing (a bare pty), a STAND-IN chattering device (a thread writing sensor lines, as an
Arduino sketch does), or the real MicroPython unix port at its REPL (tests/flash/virtualboard.py, no dicecup on it).
"""
import os
import select
import selectors
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "flash"))  # the virtual MicroPython board

from virtualboard import VirtualBoard  # noqa: E402


def _read_stderr_until(proc, text, timeout):
    """stderr read as it comes, until `text` shows or the deadline passes; returns what was read."""
    seen = b""
    selector = selectors.DefaultSelector()
    selector.register(proc.stderr, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while text.encode() not in seen and time.monotonic() < deadline:
        if selector.select(timeout=0.2):
            chunk = os.read(proc.stderr.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    return seen.decode(errors="replace")


class BarePty:
    """A pseudo-terminal with nothing on the other end (a port whose device is silent)."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)

    def stop(self):
        os.close(self.master)
        os.close(self.slave)


class Chatter(BarePty):
    """STAND-IN for a device that runs something else and prints its own lines whatever it is sent."""

    def __init__(self):
        super().__init__()
        self._stopping = threading.Event()
        threading.Thread(target=self._talk, daemon=True).start()

    def _talk(self):
        while not self._stopping.wait(0.2):
            try:
                os.write(self.master, b"\xb2\x00temp=21.5C\r\n")
                if select.select([self.master], [], [], 0)[0]:
                    os.read(self.master, 4096)  # what the hub sends it, ignored
            except OSError:
                return

    def stop(self):
        self._stopping.set()
        super().stop()


def _micropython_board(tmp_path):
    return VirtualBoard(tmp_path / "board").start()  # an empty board: it sits at its REPL


BEHIND = {
    "nothing": (lambda tmp_path: BarePty(), "nothing answers on {port}"),
    "garbage": (lambda tmp_path: Chatter(), "{port} sends data that is not a dicecup cup's"),
    "prompt": (_micropython_board, "{port} answers like a MicroPython board without the dicecup firmware"),
}


@pytest.mark.parametrize("behind", list(BEHIND))
@pytest.mark.slow
def test_play_says_what_a_silent_port_seems_to_be(behind, tmp_path):
    make, expected = BEHIND[behind]
    device = make(tmp_path)
    port = device.path
    proc = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--port", port, "--bots", "1",
                             "--data", str(tmp_path / "data")], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        said = _read_stderr_until(proc, f"waiting for a cup on {port}", timeout=20)
        assert f"waiting for a cup on {port}" in said, said
        words = expected.format(port=port)
        said += _read_stderr_until(proc, words, timeout=30)
        assert words in said, said
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[1].decode(errors="replace")
        assert proc.returncode == 130, (said, rest)
        assert "Traceback" not in said + rest, said + rest
        lines = [line for line in (said + rest).splitlines() if line.strip()]
        assert all(line.startswith("dicecup play: ") for line in lines), lines
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        device.stop()


@pytest.mark.slow
def test_resume_says_what_a_silent_port_seems_to_be(tmp_path):
    """`dicecup resume` reopens the ports its journal names: one with nothing behind it is named the same way."""
    device = BarePty()
    journal = tmp_path / "game.txt"
    journal.write_text(f"# dicecup journal\nrules dudo\nseats ana bot1\n"
                       f"#@ cup ana id=3405691582 board=pico fw=0.1 port=serial:{device.path}\n"
                       f"#@ bot bot1 kind=normal\n")
    proc = subprocess.Popen([sys.executable, "-m", "dicecup", "resume", str(journal), "--data", str(tmp_path)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        words = f"dicecup resume: nothing answers on {device.path}"
        said = _read_stderr_until(proc, words, timeout=30)
        assert words in said, said
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[1].decode(errors="replace")
        assert proc.returncode == 130 and "Traceback" not in said + rest, said + rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        device.stop()


def test_a_port_named_twice_or_pasted_with_spaces_is_one_port(tmp_path):
    """`--port P --port " P"`: one cup's port, not 'P is busy: another program has it open' (it was this one) or
    'P : no such port'."""
    device = BarePty()
    proc = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--port", device.path, "--port",
                             f" {device.path}\n", "--bots", "1", "--data", str(tmp_path)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        said = _read_stderr_until(proc, f"waiting for a cup on {device.path}", timeout=20)
        proc.send_signal(signal.SIGINT)
        said += proc.communicate(timeout=30)[1].decode(errors="replace")
        assert said.count(f"waiting for a cup on {device.path}") == 1, said
        assert "busy" not in said and "no such port" not in said and proc.returncode == 130, said
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        device.stop()


@pytest.mark.slow
def test_a_dicecup_cup_the_hub_refuses_is_not_probed(tmp_path):
    """A cup that speaks dicecup but is not seated (unpaired: `dicecup sim`'s cups hold no key this hub knows) is
    refused on the screen by the hub; the port is not knocked on with Ctrl-C as if it were a bare board."""
    sim = subprocess.Popen([sys.executable, "-m", "dicecup", "sim", "1"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc = None
    try:
        line = sim.stdout.readline().decode()  # "cup1 PATH buttons=... leds=..."
        port = line.split()[1]
        proc = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--port", port, "--bots", "1",
                                 "--data", str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        said = _read_stderr_until(proc, "no such words: read for the watcher's whole patience", timeout=10)
        proc.send_signal(signal.SIGINT)
        out, rest = proc.communicate(timeout=30)
        said += rest.decode(errors="replace")
        assert "not seated" in out.decode(errors="replace"), out[-2000:]  # the hub said why it is not seated
        assert not any(words in said for words in ("answers like", "nothing answers", "sends data")), said
        assert sim.poll() is None, "the cup was stopped"
    finally:
        for p in (proc, sim):
            if p is not None and p.poll() is None:
                p.send_signal(signal.SIGINT)
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
