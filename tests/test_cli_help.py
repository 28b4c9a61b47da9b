"""The command line as a whole, run as a user runs it (no standard input): every `--help` answers (the top-level
one, a bare `dicecup`, `python -m dicecup` and each subcommand's) with status 0 and no traceback, and a reader that
goes away (`dicecup rules dudo | head -c 0`) ends a command quietly. The entry points and the pipes are real
processes; each subcommand's help is its main's answer here (tests/inprocess.py)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from inprocess import dicecup_here

from dicecup.cli import COMMANDS

PYTHON = sys.executable
DICECUP = str(Path(PYTHON).with_name("dicecup"))


def run(*argv):
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("argv", [
    (PYTHON, "-m", "dicecup", "--help"),
    (PYTHON, "-m", "dicecup", "-h"),
    (DICECUP, "--help"),
], ids=["python -m dicecup --help", "-h", "dicecup --help"])
def test_top_level_help_lists_every_command(argv):
    done = run(*argv)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    for name in COMMANDS:
        assert name in done.stdout


@pytest.mark.parametrize("argv", [(PYTHON, "-m", "dicecup"), (DICECUP,)], ids=["python -m dicecup", "dicecup"])
def test_no_command_shows_the_commands_without_a_traceback(argv):
    done = run(*argv)
    assert "Traceback" not in done.stderr + done.stdout
    assert done.returncode == 2
    assert "arena" in done.stdout + done.stderr


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_subcommand_help(name):
    done = dicecup_here(name, "--help")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.startswith(f"usage: dicecup {name}")


EXAMPLE = Path(__file__).resolve().parents[1] / "host" / "dicecup" / "examples" / "dudo.txt"


@pytest.mark.parametrize("words", [
    ("rules", "dudo"),
    ("rules",),
    ("odds", "--dice", "12"),
    ("referee", str(EXAMPLE)),
    ("arena", "easy", "baseline", "--games", "2", "--workers", "1"),
], ids=" ".join)
def test_a_reader_gone_away_ends_the_command_quietly(words):
    reading, writing = os.pipe()
    os.close(reading)  # like `| head -c 0`: nobody will read what the command prints
    try:
        done = subprocess.run([PYTHON, "-m", "dicecup", *words], stdout=writing, stderr=subprocess.PIPE, text=True,
                              timeout=60, stdin=subprocess.DEVNULL)
    finally:
        os.close(writing)
    assert done.stderr == ""
    assert done.returncode == 141  # 128 + SIGPIPE, as for any Unix tool whose reader went away


def test_version_is_answered():
    from importlib.metadata import version

    done = run(PYTHON, "-m", "dicecup", "--version")
    assert done.returncode == 0 and done.stdout == f"dicecup {version('dicecup')}\n", done.stderr
