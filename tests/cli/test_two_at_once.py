"""Two of a thing at once, and odd orders: a second terminal's `dicecup resume` while the game's hub still plays it,
the data folder deleted while a game is played. Real processes (the hub, its virtual cups), waits on
what they write, everything ended by the test."""
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clirun import dicecup, one_plain_line
from processes import wait_for


def _start_play(data, tmp):
    env = dict(os.environ, TMPDIR=str(tmp))
    return subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--sim", "2", "--bots", "1", "--data", data],
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)


def _stop(hub):
    """Ctrl-C, so the hub ends its virtual cups (kill -9 would leave them running); kill -9 if that fails."""
    try:
        if hub.poll() is None:
            hub.send_signal(signal.SIGINT)
        hub.wait(60)
    finally:
        hub.kill()
        hub.wait()
        hub.stderr.close()


def _playing(data) -> Path:
    """The journal, once its first round is dealt."""
    def dealt():
        return [path for path in (data / "games").glob("*.txt") if "#@ round" in path.read_text()]
    wait_for(dealt, "the first round's deal in the journal", 90)
    return dealt()[0]


@pytest.fixture(scope="module")
def game_in_play(tmp_path_factory):
    """A `play --sim 2 --bots 1` in its first round, its virtual cups waiting for typed moves: (data, tmp, journal)."""
    folder = tmp_path_factory.mktemp("in-play")
    data, tmp = folder / "data", folder / "tmp"
    tmp.mkdir()
    hub = _start_play(data, tmp)
    try:
        yield data, tmp, _playing(data)
        assert hub.poll() is None, "the hub playing the game stopped"
    finally:
        _stop(hub)
    assert hub.returncode == 130
    assert not list(tmp.glob("dicecup-sim-*"))


def test_resume_in_a_second_terminal_refuses_the_game_being_played(game_in_play):
    data, tmp, journal = game_in_play
    before = journal.read_bytes()
    for words in (["resume", "--data", data], ["resume", journal, "--data", data]):
        resumed = dicecup(*words, timeout=30, env=dict(os.environ, TMPDIR=str(tmp)))
        line = one_plain_line(resumed, "resume")
        assert "being played now" in line and str(journal) in line, line
    assert journal.read_bytes().startswith(before), "a refused resume wrote to the journal"


def test_verify_of_the_game_being_played_says_so(game_in_play):
    """Not "the game stopped before ... were revealed": its round is under way."""
    verified = dicecup("verify", game_in_play[2])
    assert "the game is being played now" in verified.stdout and "stopped" not in verified.stdout, verified.stdout


@pytest.mark.slow
def test_a_data_folder_deleted_mid_game_keeps_the_game_s_journal(tmp_path):
    """`rm -rf` of the data folder while a demo plays (a clean-up in another terminal): before, the game went on into
    a deleted file and ended with "can't use the hub's key", its record gone."""
    data, tmp = tmp_path / "data", tmp_path / "tmp"
    tmp.mkdir()
    demo = subprocess.Popen([sys.executable, "-m", "dicecup", "demo", "--cups", "2", "--data", data],
                            env=dict(os.environ, TMPDIR=str(tmp)), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        journal = _playing(data)
        shutil.rmtree(data)
        out, err = demo.communicate(timeout=300)
    finally:
        demo.kill()
        demo.wait()
    assert demo.returncode == 0, err
    text = journal.read_text()
    assert "deleted during the game" in text and "#@ signed" in text.splitlines()[-1]
    ruled = dicecup("referee", journal)
    assert ruled.returncode == 0 and "winner: " in ruled.stdout, ruled.stdout + ruled.stderr
    assert not list(tmp.glob("dicecup-sim-*"))
