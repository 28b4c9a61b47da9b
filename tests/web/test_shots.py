"""docs/table.md's screenshots: the script that makes them (dicecup.web.shots) runs again here, into a scratch
folder, and each picture's page is checked by its text (not its pixels: fonts and anti-aliasing differ between
machines). The committed pictures are the ones docs/table.md shows."""
import re
from pathlib import Path

import pytest

from webpages import browser  # noqa: F401 - fails in one line without Chromium

from dicecup.web.shots import take_phone_shot, take_poker_shots, take_shots

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_the_screenshot_script_shows_bidding_the_reveal_and_the_winner(browser, tmp_path):
    taken = take_shots(tmp_path, browser)
    assert sorted(taken) == ["bidding", "over", "reveal"]
    for path, _ in taken.values():
        assert path.read_bytes().startswith(PNG) and path.stat().st_size > 10_000
    bidding = taken["bidding"][1]
    assert re.search(r"bot\d to play", bidding) and re.search(r"\w+ \w+ — by bot\d", bidding)  # "six fives — by bot4"
    assert "dice in play" in bidding and "s left" in bidding and "round" in bidding
    assert len(re.findall(r"\bbot\d\b", bidding)) >= 4 and "●" in bidding + "○"
    reveal = taken["reveal"][1]
    assert re.search(r"Round \d+: the reveal", reveal) and re.search(r"count: .+ = \d+ against \d+ bid", reveal)
    assert re.search(r"called (liar|spot): the call was (right|wrong)", reveal)
    over = taken["over"][1]
    assert re.search(r"bot\d wins the game", over) and "game over" in over


def test_docs_table_md_shows_the_committed_screenshots():
    page = (ROOT / "docs" / "table.md").read_text()
    for moment in ("bidding", "reveal", "over", "phone", "poker", "poker-reveal"):
        picture = ROOT / "docs" / "img" / f"table-{moment}.png"
        assert picture.read_bytes().startswith(PNG), picture
        assert f"img/table-{moment}.png" in page
    assert "python -m dicecup.web.shots" in page and "--web 0.0.0.0:8080" in page


@pytest.mark.slow
def test_the_phone_screenshot_shows_a_seat_peeking_at_its_dice_on_its_turn(browser, tmp_path):
    path, text = take_phone_shot(tmp_path, browser)
    assert path.read_bytes().startswith(PNG)
    assert "phone1's cup" in text and "your turn" in text and "dice under your cup" in text
    assert re.search(r"Bid \d+ × \d", text) and "Liar!" in text and "Spot on!" in text
    assert re.search(r"\w+ \w+ — by bot\d", text)  # the bid it answers, in words


@pytest.mark.slow
def test_the_poker_screenshots_show_the_cup_passed_round_its_open_dice_and_a_reveal(browser, tmp_path):
    taken = take_poker_shots(tmp_path, browser)
    assert sorted(taken) == ["poker", "poker-reveal"]
    for path, _ in taken.values():
        assert path.read_bytes().startswith(PNG) and path.stat().st_size > 10_000
    table = taken["poker"][1]
    assert re.search(r"bot\d holds the cup · passes (left →|right ←) bot\d", table), table
    assert re.search(r"on the table: [1-4]\n", table) and re.search(r"under the cup: [1-4]\n", table)
    assert re.search(r"bot\d bids: ", table) and re.search(r"is passed the cup: accept \S+ \(.+\) or call liar", table)
    assert "3 lives" in table and "holds the cup" in table and "dice in play" not in table
    reveal = taken["poker-reveal"][1]
    assert re.search(r"Round 1: the reveal", reveal) and re.search(r"the dice make .+ against the bid \S+", reveal)
    assert re.search(r"called liar on \S+ by bot\d: the dice make .+; the call was (right|wrong); bot\d loses a life",
                     reveal)
