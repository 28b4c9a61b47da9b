"""What a newcomer reads before playing or buying parts (issue 25's docs): the README's "Just play" says how to
play without a board (a phone each, the TV showing the table) and see one's own dice, how to get --plot's
matplotlib, that no real board has run the firmware yet, and a venv where pipx is missing; a built folder's
README.txt stands on its own (a pip user has no docs/); the Pico's parts and wiring carry the LED data-level
remedy."""
import csv
import re
from pathlib import Path

import pytest

from dicecup.build import BOARDS, build
from dicecup.sim.peeking import dice_hint

ROOT = Path(__file__).resolve().parents[1]


def _just_play() -> str:
    text = (ROOT / "README.md").read_text()
    return text[text.index("### Just play"):text.index("## The `dicecup` command")]


def test_just_play_says_how_to_play_without_a_board_and_see_ones_dice():
    section = _just_play()
    assert re.search(r"dicecup play --phones \S+ .*--web 0\.0\.0\.0:\d+", section)  # phones, the TV on the LAN
    assert "TV" in section and "Take a seat" in section and "docs/table.md" in section
    command = re.search(r"`(dice cup1)`", dice_hint([])).group(1)  # what the hub says is what the README says
    assert f"`{command}`" in section


def test_just_play_says_what_has_run_on_real_boards_and_how_to_install_without_pipx():
    section = _just_play()
    assert "nothing has run on a real board yet" in section
    assert "python3 -m venv" in section
    assert "pip install '.[docs]'" in section and "pipx inject dicecup matplotlib" in section


@pytest.mark.parametrize("board", BOARDS)
def test_a_built_folders_readme_needs_no_docs_folder(board, tmp_path):
    build(board, tmp_path / board)
    readme = (tmp_path / board / "README.txt").read_text()
    assert "docs/" not in readme  # cited docs/build.md, which a pip install does not have
    assert f"dicecup flash --board {board} --dist ." in readme


def test_the_pico_carries_the_led_data_level_remedy():
    rows = list(csv.reader((ROOT / "hardware/pico/bom.csv").open()))
    assert any("74AHCT125" in row[0] for row in rows[1:])
    assert "74AHCT125" in (ROOT / "hardware/pico/wiring.svg").read_text()
    build_doc = (ROOT / "docs/build.md").read_text()
    assert "74AHCT125" in build_doc and "3V3 OUT (pad 36)" in build_doc
