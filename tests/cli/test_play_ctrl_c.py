"""Issue 12 item 14 (part): Ctrl-C in `play` and `demo` exited 130 with only "stopped (Ctrl-C)". Now the one
line says what was kept and what to run next: `dicecup resume JOURNAL` for a game that can go on, the journal
to check with `dicecup referee` for a demo (its virtual cups end with it). Real processes, a real SIGINT once
the game's journal exists."""
import os
import signal
import subprocess
import sys
import time

import pytest


def _dealt(data) -> bool:
    return any("#@ round" in path.read_text() for path in data.glob("games/*.txt"))


def _interrupted(words, data, timeout=120):
    proc = subprocess.Popen([sys.executable, "-m", "dicecup", *words, "--data", str(data)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + timeout
        while not _dealt(data) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)  # the journal appears when the game begins; its first deal follows the seats' facts
        assert proc.poll() is None, proc.communicate()[1]
        journal = list(data.glob("games/*.txt"))
        assert journal, "no game began"
        proc.send_signal(signal.SIGINT)
        err = proc.communicate(timeout=60)[1]
        return proc.returncode, err, journal[0]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_ctrl_c_in_play_names_the_journal_and_the_resume_command(tmp_path):
    status, err, journal = _interrupted(["play", "--bots", "2"], tmp_path / "data")
    assert status == 130, err
    assert "Traceback" not in err, err
    assert f"dicecup resume {journal}" in err, err


@pytest.mark.slow
def test_ctrl_c_in_demo_names_the_journal_it_kept(tmp_path):
    status, err, journal = _interrupted(["demo", "--cups", "6", "dice=9"], tmp_path / "data")
    assert status == 130, err
    assert "Traceback" not in err, err
    assert str(journal) in err and "dicecup referee" in err, err
