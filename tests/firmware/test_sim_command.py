"""`dicecup sim N`: starts N virtual cups, prints their device paths, cleans up when stopped."""
import os
import selectors
import signal
import subprocess
import sys
import time

import pytest

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


def start_sim(*args, tmpdir=None, stdin=subprocess.PIPE):
    env = dict(os.environ, TMPDIR=str(tmpdir)) if tmpdir else None
    return subprocess.Popen([sys.executable, "-m", "dicecup", "sim", *map(str, args)], stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def stop_sim(proc):
    if proc.poll() is None:
        proc.kill()
        proc.wait(10)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream:
            stream.close()


def type_line(proc, line):
    proc.stdin.write((line + "\n").encode())
    proc.stdin.flush()


def answers_as(path, name, timeout=5.0):
    with CupPeer(path) as peer:
        deadline = time.monotonic() + timeout
        while True:
            peer.send(wire.WHO)
            try:
                return peer.expect(wire.HELLO, timeout=0.5)[4] == name
            except Exception:
                if time.monotonic() > deadline:
                    raise


def test_one_cup_is_unplugged_and_plugged_back_while_the_other_plays_on():
    proc = start_sim(2)
    try:
        lines = read_lines(proc, 2)
        paths = dict(line.split()[:2] for line in lines)
        type_line(proc, "unplug cup2")
        assert read_lines(proc, 1)[0].startswith("cup2 unplugged")
        assert not os.path.exists(paths["cup2"])  # the port is gone, as when a cable is pulled
        assert answers_as(paths["cup1"], "cup1")
        type_line(proc, "plug cup2")
        assert read_lines(proc, 1)[0].startswith("cup2 plugged in")
        assert answers_as(paths["cup2"], "cup2")
        type_line(proc, "unplug cup9")
        assert read_lines(proc, 1)[0].startswith("no cup9")
        type_line(proc, "quit")
        assert proc.wait(timeout=20) == 0, proc.stderr.read().decode()
        assert not os.path.exists(os.path.dirname(paths["cup1"]))
    finally:
        stop_sim(proc)


def test_sigterm_leaves_no_folder_behind(tmp_path):
    proc = start_sim(2, tmpdir=tmp_path, stdin=subprocess.DEVNULL)
    try:
        assert len(read_lines(proc, 2)) == 2  # stdin at its end does not stop the cups
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
    finally:
        stop_sim(proc)
    assert not list(tmp_path.glob("dicecup-sim-*"))


def test_a_cup_that_dies_does_not_stop_the_others_and_can_be_switched_on_again():
    proc = start_sim(2)
    try:
        lines = read_lines(proc, 2)
        paths = dict(line.split()[:2] for line in lines)
        victim = next(pid for pid in _children(proc.pid) if b"cup2" in _cmdline(pid))
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while b"cup2 stopped" not in _peek_stderr(proc) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert b"cup2 stopped" in _peek_stderr(proc)
        assert proc.poll() is None, "sim ended with one cup"
        assert answers_as(paths["cup1"], "cup1")
        type_line(proc, "restart cup2")  # switched on again: a new process behind the same port
        assert read_lines(proc, 1)[0].startswith("cup2 restarted")
        assert answers_as(paths["cup2"], "cup2")
    finally:
        stop_sim(proc)


_stderr_seen = {}


def _peek_stderr(proc):
    sel = selectors.DefaultSelector()
    sel.register(proc.stderr, selectors.EVENT_READ)
    if sel.select(timeout=0.05):
        _stderr_seen[proc.pid] = _stderr_seen.get(proc.pid, b"") + os.read(proc.stderr.fileno(), 4096)
    sel.close()
    return _stderr_seen.get(proc.pid, b"")


def _children(pid):
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def _cmdline(pid):
    try:
        return open(f"/proc/{pid}/cmdline", "rb").read()
    except OSError:
        return b""


@pytest.mark.parametrize("count", ["0", "-1", "1000", "two", "2.5", "１"])
def test_counts_a_person_might_type(count):
    proc = subprocess.run([sys.executable, "-m", "dicecup", "sim", count], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert lines[0].startswith("dicecup sim: ") and "between 1 and 10" in lines[0]


@pytest.mark.parametrize("seconds", ["-5", "nan", "inf", "soon"])
def test_seconds_a_person_might_type(seconds):
    proc = subprocess.run([sys.executable, "-m", "dicecup", "sim", "1", "--seconds", seconds], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert lines[0].startswith("dicecup sim: --seconds")


@pytest.mark.parametrize("command", [["play", "--sim", "2"], ["demo", "--cups", "2"]])
def test_a_game_with_virtual_cups_ended_by_sigterm_leaves_no_folder_behind(tmp_path, command):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "dicecup", *command, "--data", str(tmp_path / "data")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 30
        while len(list(tmp_path.glob("dicecup-sim-*/cup*.tty"))) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(list(tmp_path.glob("dicecup-sim-*/cup*.tty"))) == 2, proc.stderr.read().decode()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        assert "Traceback" not in proc.stderr.read().decode()
    finally:
        stop_sim(proc)
    assert not list(tmp_path.glob("dicecup-sim-*"))
