"""Flashing a cup: `dicecup flash --board pico` to the virtual board (the MicroPython unix port on a pty, answering
mpremote's raw REPL), as a person runs it: build, stop the board's program, compare hashes, copy, configure,
soft-reset and wait for the cup's HELLO. Once onto an empty board (a full flash), then again with nothing changed.

Prints the bytes and seconds of each; the last line is `flash_unchanged: N s` (target: under 2 s).
Run: .venv/bin/python bench/flash.py
"""
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "flash"))

from dicecup.cli import main  # noqa: E402
from virtualboard import VirtualBoard  # noqa: E402  (the flash tests' virtual board: it lives with them)


def timed_flash(port, data):
    out = io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out):
        code = main(["flash", "--board", "pico", "--port", port, "--name", "bench", "--data", data, "--json"])
    seconds = time.perf_counter() - started
    if code:
        raise SystemExit(f"bench/flash.py: dicecup flash failed ({code})")
    return json.loads(out.getvalue().strip().splitlines()[-1]), seconds


def run():
    with tempfile.TemporaryDirectory() as tmp, VirtualBoard(Path(tmp) / "board") as board:
        data = str(Path(tmp) / "data")
        full, full_s = timed_flash(board.path, data)
        same, same_s = timed_flash(board.path, data)
    print(f"flash_full: {full['bytes']} bytes in {len(full['copied'])} of {full['files']} files, {full_s:.2f} s "
          "(build included)")
    print(f"flash_unchanged_bytes: {same['bytes']} bytes in {len(same['copied'])} files")
    print(f"flash_unchanged: {same_s:.2f} s")


if __name__ == "__main__":
    run()
