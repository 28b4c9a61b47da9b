"""A flash says each step as it goes, a line each (as mpremote and esptool do): the build, the board, each file
copied with its count, the commit. The build was silent before: the first flash compiles every module first."""
import re

from conftest import flash_cli, needs_micropython

pytestmark = needs_micropython


def test_a_flash_says_each_step_the_build_first_then_each_file_counted(board, tmp_path):
    data = tmp_path / "data"
    done = flash_cli("--board", "pico", "--port", board.path, "--data", data, "--name", "ana", timeout=180)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"building the pico firmware in {data / 'build' / 'pico'}", lines
    counts = [re.search(r"\[(\d+)/(\d+)\]$", line) for line in lines if line.startswith("  copied ")]
    total = int(counts[0].group(2))
    assert [int(c.group(1)) for c in counts] == list(range(1, total + 1)) and total > 5, lines
    assert lines[-1].startswith("flashed cup ") and any(line.startswith("committed ") for line in lines), lines
