"""Stopping a table, and what it leaves: Ctrl-C in `dicecup resume` while it waits for its cups (a traceback
from deep in queue.get, or killed outright by a second Ctrl-C during the cleanup); virtual cups' folders left in
/tmp after a closed terminal or kill -9; an `--allow-unpaired` table resumed; a demo's advice after a full disk.
Real processes, real signals, a TMPDIR of the test's own to see what is left."""
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ptyscreen import PtyScreen, shown

WAITING = "rules dudo\nseats ana ben\n" + "".join(
    f"#@ cup {name} id={n} board=pico fw=0.1 port=serial:/dev/ttyNOPE{n}\n" for n, name in ((11, "ana"), (12, "ben")))


def _start(words, tmp_path, **kwargs):
    env = dict(os.environ, TMPDIR=str(_tmp(tmp_path)))
    return subprocess.Popen([sys.executable, "-m", "dicecup", *map(str, words)], env=env, text=True,
                            stdin=kwargs.pop("stdin", subprocess.DEVNULL), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, **kwargs)


def _tmp(tmp_path) -> Path:
    folder = tmp_path / "tmp"
    folder.mkdir(exist_ok=True)
    return folder


def _line_with(proc, words, timeout=60):
    """Read the process's stdout until a line holds `words` (the deadline kills it)."""
    timer = _killer(proc, timeout)
    try:
        for line in proc.stdout:
            if words in line:
                return line
        pytest.fail(f"no line with {words!r}: {proc.communicate()[1]}")
    finally:
        timer.cancel()


def _killer(proc, timeout):
    import threading
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    return timer


@pytest.mark.parametrize("presses", [1, 2], ids=["once", "twice"])
def test_ctrl_c_in_resume_while_it_waits_for_cups_says_one_line_every_time(presses, tmp_path):
    journal = tmp_path / "game.txt"
    chance = random.Random(presses)
    for _ in range(6):  # the signal lands at a different moment of the loop each time
        journal.write_text(WAITING)
        proc = _start(["resume", journal, "--data", tmp_path / "data"], tmp_path)
        try:
            _line_with(proc, "waiting")
            time.sleep(chance.uniform(0, 0.3))  # not a wait for an event: the moment the person presses
            for _ in range(presses):
                proc.send_signal(signal.SIGINT)
                time.sleep(chance.uniform(0, 0.02))
            err = proc.communicate(timeout=60)[1]
        finally:
            proc.kill()
            proc.wait()
        assert proc.returncode == 130, err
        lines = err.strip().splitlines()
        assert len(lines) == 1 and f"the game is kept in {journal}" in lines[0], err


@pytest.mark.parametrize("words", [["sim", "2"], ["play", "--sim", "2", "--bots", "1"]], ids=["sim", "play"])
def test_a_closed_terminal_leaves_no_virtual_cups_folder(words, tmp_path):
    data = ["--data", tmp_path / "data"] if words[0] == "play" else []
    proc = _start([*words, *data], tmp_path)
    try:
        if words[0] == "sim":
            _line_with(proc, "cup2")
        else:
            _until(lambda: any("#@ round" in p.read_text() for p in (tmp_path / "data").glob("games/*.txt")))
        assert list(_tmp(tmp_path).glob("dicecup-sim-*"))
        proc.send_signal(signal.SIGHUP)
        proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 128 + signal.SIGHUP or (words[0] == "sim" and proc.returncode == 0)
    assert not list(_tmp(tmp_path).glob("dicecup-sim-*"))


@pytest.mark.parametrize("signum, how", [(signal.SIGTERM, "SIGTERM"), (signal.SIGHUP, "SIGHUP")])
def test_kill_says_what_was_kept_as_ctrl_c_does(signum, how, tmp_path):
    # A service manager's stop, or `kill`: it ended the hub with 128 + the signal and not a word of the journal.
    journal = tmp_path / "game.txt"
    journal.write_text(WAITING)
    proc = _start(["resume", journal, "--data", tmp_path / "data"], tmp_path)
    try:
        _line_with(proc, "waiting")
        proc.send_signal(signum)
        err = proc.communicate(timeout=60)[1]
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 128 + signum, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"stopped ({how}); the game is kept in {journal}" in lines[0], err


def _until(condition, timeout=90):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.1)


def test_a_folder_left_by_kill_9_is_removed_at_the_next_start(tmp_path):
    first = _start(["sim", "1"], tmp_path)
    try:
        _line_with(first, "cup1")
        cups = _children(first.pid)
        left = list(_tmp(tmp_path).glob("dicecup-sim-*"))
        first.kill()  # kill -9: no cleanup at all
        first.wait()
    finally:
        first.kill()
        first.wait()
        for pid in _children_of(cups):
            os.kill(pid, signal.SIGKILL)
    assert left and all(folder.exists() for folder in left)
    second = _start(["sim", "1", "--seconds", "0.5"], tmp_path)
    second.communicate(timeout=60)
    assert not list(_tmp(tmp_path).glob("dicecup-sim-*")), "the dead process's folder is still there"


def _children(pid) -> list:
    """The processes whose parent is `pid` (a virtual cup runs in a session of its own, so kill -9 of its hub
    leaves it running: the test ends it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "stat").read_text().rpartition(")")[2].split()[1] == str(pid):
                    found.append(int(entry.name))
            except (OSError, IndexError):
                continue
    return found


def _children_of(pids):
    return [pid for pid in pids if Path(f"/proc/{pid}").exists()]


def _sim_cups(sim):
    """The cups `dicecup sim 2` lists (each one's port and files: buttons, leds), and the --port words for them."""
    cups = [dict(word.split("=", 1) for word in line.split()[2:]) | {"port": line.split()[1]}
            for line in (_line_with(sim, "cup1"), _line_with(sim, "cup2"))]
    return cups, [word for cup in cups for word in ("--port", cup["port"])]


@pytest.mark.slow
def test_an_allow_unpaired_game_resumes_with_plain_resume(tmp_path):
    """The docs' recipe: `dicecup sim 2`, `play --allow-unpaired` on its ports, Ctrl-C, then `dicecup resume`."""
    data = tmp_path / "data"
    sim = _start(["sim", "2"], tmp_path, stdin=subprocess.PIPE)
    hubs = []
    try:
        cups, ports = _sim_cups(sim)
        hubs.append(_start(["play", "--allow-unpaired", "--data", data, *ports], tmp_path))
        for n, cup in enumerate(cups, 1):  # each holds B in turn, once the hub knows it
            _line_with(hubs[0], f"cup called cup{n} is here")
            Path(cup["buttons"]).write_text("long b\n")
        _line_with(hubs[0], "round 1")
        hubs[0].send_signal(signal.SIGINT)
        said = hubs[0].communicate(timeout=60)[1]
        journal = next(data.glob("games/*.txt"))
        assert f"`dicecup resume {journal}`" in said, said
        hubs.append(_start(["resume", journal, "--data", data], tmp_path))
        _line_with(hubs[1], "cup2's cup is back")
        hubs[1].send_signal(signal.SIGINT)
        err = hubs[1].communicate(timeout=60)[1]
        assert hubs[1].returncode == 130 and f"`dicecup resume {journal}`" in err, err
    finally:
        for hub in hubs:
            hub.kill()
            hub.wait()
        sim.communicate("quit\n", timeout=60)


FULL_DISK = """
import errno, os, sys
real_write = os.write
def write(fd, data):  # STAND-IN for a full disk, under the journals only: the cups' ptys and FIFOs still work
    try:
        journal = "/games/" in os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        journal = False
    if journal and os.fstat(fd).st_size + len(data) > 1500:
        raise OSError(errno.ENOSPC, "No space left on device")
    return real_write(fd, data)
os.write = write
from dicecup.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def test_a_demo_stopped_by_a_full_disk_says_what_works(tmp_path):
    """A full disk (no tiny filesystem can be mounted here: the stand-in above) under a real demo process."""
    env = dict(os.environ, TMPDIR=str(_tmp(tmp_path)))
    proc = subprocess.run([sys.executable, "-c", FULL_DISK, "demo", "--data", str(tmp_path / "data"), "--cups", "2"],
                          capture_output=True, text=True, timeout=180, env=env, stdin=subprocess.DEVNULL)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 1 and len(lines) == 1, proc.stderr
    assert "No space left" in lines[0] and "can't be resumed" in lines[0], lines[0]
    assert "dicecup resume" not in lines[0] and "dicecup referee" in lines[0], lines[0]


@pytest.mark.slow
def test_a_resumed_allow_unpaired_game_still_shows_its_cups_as_unpaired(tmp_path):
    """The docs' recipe again, both hubs on a terminal of their own: each seat's note in the live table says
    "unpaired" before the Ctrl-C and after the resume (a resumed seat is placed from the journal first)."""
    data, env = tmp_path / "data", dict(os.environ, TMPDIR=str(_tmp(tmp_path)))
    sim = _start(["sim", "2"], tmp_path, stdin=subprocess.PIPE)
    hubs = []
    try:
        cups, ports = _sim_cups(sim)
        hubs.append(PtyScreen(["play", "--allow-unpaired", *ports], data, env=env))
        for n, cup in enumerate(cups, 1):  # each holds B in turn, once the hub knows it
            assert hubs[0].wait_for(lambda raw: f"cup called cup{n} is here" in raw), shown(hubs[0].text)
            Path(cup["buttons"]).write_text("long b\n")
        assert hubs[0].wait_for(lambda raw: _unpaired_seats(raw) == {"cup1", "cup2"}), shown(hubs[0].text)
        hubs[0].proc.send_signal(signal.SIGINT)
        assert hubs[0].proc.wait(60) == 130, shown(hubs[0].text)
        journal = next(data.glob("games/*.txt"))
        hubs.append(PtyScreen(["resume", journal], data, env=env))
        assert hubs[1].wait_for(lambda raw: "cup1's cup is back" in raw and "cup2's cup is back" in raw), \
            shown(hubs[1].text)
        since = hubs[1].text.rindex("'s cup is back")  # the table as drawn once both are back
        assert hubs[1].wait_for(lambda raw: _unpaired_seats(raw) == {"cup1", "cup2"}, timeout=30, since=since), \
            shown(hubs[1].text[since:])
    finally:
        for hub in hubs:
            hub.close()
        sim.communicate("quit\n", timeout=60)


def _unpaired_seats(raw) -> set:
    """The seats the last table drawn in `raw` shows as unpaired."""
    tables = shown(raw).split("╭─ dudo")
    return set(re.findall(r"(cup\d)\s+\d+\s+virtual cup, unpaired", tables[-1])) if len(tables) > 1 else set()
