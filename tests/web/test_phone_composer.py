"""The phone's bid composer starts where a cup's does (cupcore/facecup.py): at the smallest ordinary raise of the
standing bid. It started at the standing bid itself, so its first tap was refused ("that does not raise the
standing bid"). Two phones in real Chromium at `dicecup play --phones 2`: the opener bids 1 x two, and the next
page offers 1 x three, which the table takes."""
import time

import pytest

from test_phone_pages import start_play, stop
from webpages import browser  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow  # a game on phone pages in Chromium


def wait_for_composer(pages, deadline):
    while time.monotonic() < deadline:
        for name, page in pages.items():
            if page.is_visible("#sit") and page.is_enabled("#sit"):
                page.click("#sit", timeout=2000, force=True)
            elif page.is_visible("#compose"):
                return name
        time.sleep(0.1)
    raise AssertionError("no phone's turn: " + repr({n: p.inner_text("body")[:300] for n, p in pages.items()}))


def test_the_next_phone_composes_from_the_smallest_raise_and_its_first_tap_is_taken(browser, tmp_path):
    play, links, lines = start_play(tmp_path, phones=2)
    try:
        pages = {name: browser.new_page() for name in links}
        for name, page in pages.items():
            page.goto(links[name])
        deadline = time.monotonic() + 90
        opener = wait_for_composer(pages, deadline)
        assert pages[opener].inner_text("#bid") == "Bid 1 × 2"  # no bid yet: one two, as a cup opens
        pages[opener].click("#bid")
        other = next(name for name in pages if name != opener)
        pages[other].wait_for_selector("#compose", state="visible", timeout=30000)
        assert pages[other].inner_text("#bid") == "Bid 1 × 3", pages[other].inner_text("body")[:300]
        pages[other].click("#bid")
        pages[opener].wait_for_selector("#compose", state="visible", timeout=30000)  # taken: the opener's turn
        assert "does not raise" not in pages[other].inner_text("#note")
    finally:
        stop(play)
