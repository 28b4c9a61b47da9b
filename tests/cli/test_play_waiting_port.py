"""Issue 12 item 4: `dicecup play --port P` where P has no dicecup cup behind it (a pty with nothing on the
other end, one answering garbage, or a plain MicroPython prompt) said nothing at all. It now says "waiting for a cup on P" at once;
Ctrl-C then ends it with a plain word, no traceback."""
import os
import selectors
import signal
import subprocess
import sys
import time

import pytest


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


@pytest.mark.parametrize("behind", ["nothing", "garbage", "prompt"])
def test_play_says_it_is_waiting_for_a_cup_on_a_silent_port(behind, tmp_path):
    master, slave = os.openpty()
    port = os.ttyname(slave)
    proc = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--port", port, "--bots", "1",
                             "--data", str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        if behind == "garbage":
            os.write(master, b"\xb2\x00garbage\r\n" * 20)
        elif behind == "prompt":  # a board at a plain MicroPython prompt, not running dicecup
            os.write(master, b"MicroPython v1.22.0 on 2024-01-05; Raspberry Pi Pico W with RP2040\r\n"
                             b"Type \"help()\" for more information.\r\n>>> ")
        said = _read_stderr_until(proc, f"waiting for a cup on {port}", timeout=20)
        assert f"waiting for a cup on {port}" in said, said
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[1].decode(errors="replace")
        assert proc.returncode == 130, (said, rest)
        assert "Traceback" not in said + rest, said + rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
        os.close(slave)
