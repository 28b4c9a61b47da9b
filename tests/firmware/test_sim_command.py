"""`dicecup sim N`: starts N virtual cups, prints their device paths, cleans up when stopped."""
import os
import selectors
import signal
import subprocess
import sys
import time

from cupcore import wire
from dicecup.link.peer import CupPeer


def read_lines(proc, count, timeout=20):
    """The first `count` lines the process prints, waiting at most `timeout` seconds."""
    data = b""
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while data.count(b"\n") < count and time.monotonic() < deadline:
        if sel.select(timeout=0.2):
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            data += chunk
    sel.close()
    return data.decode().splitlines()[:count]


def test_sim_prints_paths_that_a_hub_can_open_and_stops_cleanly():
    proc = subprocess.Popen(
        [sys.executable, "-m", "dicecup", "sim", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        lines = read_lines(proc, 2)
        assert len(lines) == 2, (lines, proc.poll())
        names = [line.split()[0] for line in lines]
        paths = [line.split()[1] for line in lines]
        assert names == ["cup1", "cup2"] and all(os.path.realpath(p).startswith("/dev/pts/") for p in paths)
        assert all("buttons=" in line and "leds=" in line for line in lines)
        for path, name in zip(paths, names):
            with CupPeer(path) as peer:
                peer.send(wire.WHO)
                assert peer.expect(wire.HELLO)[4] == name
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0, proc.stderr.read().decode()
        assert not any(os.path.exists(p) for p in paths)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        proc.stdout.close()
        proc.stderr.close()


def test_sim_refuses_a_silly_count_with_a_message():
    proc = subprocess.run([sys.executable, "-m", "dicecup", "sim", "0"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "between 1 and 10" in proc.stderr and "Traceback" not in proc.stderr
