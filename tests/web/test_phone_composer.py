"""The phone's bid composer starts where a cup's does (cupcore/facecup.py): at the smallest ordinary raise of the
standing bid. It started at the standing bid itself, so its first tap was refused ("that does not raise the
standing bid"). Two phones in real Chromium at `dicecup play --phones 2`: the opener bids 1 x two, and the next
page offers 1 x three, which the table takes."""
import json
import time

import pytest

from test_phone_pages import start_play, stop
from test_phone_poker_cup import HANDLING, OPENING, POKER_TABLE, RECEIVING, bid, settled, take_a_seat
from webpages import browser, two_phones  # noqa: F401 - the fixtures

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


def forwarding(page, rewrite):
    """Every message between the page and the hub passes as it is, but while rewrite["bid"] holds (qty, face) the
    page's next bid goes out as that bid: a bid the composer would not offer, for the hub to refuse."""
    def route(ws):
        server = ws.connect_to_server()

        def from_page(message):
            sent = json.loads(message) if isinstance(message, str) else None
            if sent and sent.get("m") == "intent" and sent.get("kind") == 1 and rewrite.get("bid"):
                sent["qty"], sent["face"] = rewrite.pop("bid")
                message = json.dumps(sent)
            server.send(message)
        ws.on_message(from_page)
    page.route_web_socket("**/ws/p/**", route)


def test_after_a_switch_to_ones_the_composer_starts_at_the_least_legal_raise_and_a_refusal_is_shown_by_the_button(
        two_phones, tmp_path):
    """dudo: 2 x four, then 1 x one (a switch to ones needs half as many). The next phone starts at 2 x one, the
    least that raises it (back to another face needs 3); it offered 1 x two, refused with "does not raise". A bid
    the hub refuses anyway (here one rewritten on its way) is answered by the hub's own words, by the Bid button,
    on the screen of a 390 x 844 phone without scrolling."""
    play, links, lines = start_play(tmp_path, phones=2)
    rewrite = {}
    try:
        pages = {}
        for context, (name, link) in zip(two_phones, links.items()):
            pages[name] = context.new_page()
            forwarding(pages[name], rewrite)
            pages[name].goto(link)
        opener = wait_for_composer(pages, time.monotonic() + 90)
        other = next(name for name in pages if name != opener)
        first, second = pages[opener], pages[other]
        first.click('#faces button[data-face="4"]')
        first.click("#more")
        assert first.inner_text("#bid") == "Bid 2 × 4"
        first.click("#bid")
        second.wait_for_selector("#compose", state="visible", timeout=30000)
        second.click('#faces button[data-face="1"]')
        second.click("#less")
        assert second.inner_text("#bid") == "Bid 1 × 1"
        second.click("#less")  # not below the least that raises
        assert second.inner_text("#bid") == "Bid 1 × 1"
        second.click("#bid")
        first.wait_for_selector("#compose", state="visible", timeout=30000)
        first.wait_for_function("() => document.querySelector('#bid').textContent === 'Bid 2 × 1'", timeout=10000)
        first.click('#faces button[data-face="3"]')  # another face: up to the least that raises on it
        assert first.inner_text("#bid") == "Bid 3 × 3"
        rewrite["bid"] = (1, 2)
        first.click("#bid")
        first.wait_for_function("() => document.querySelector('#why').textContent.includes('1x2')", timeout=30000)
        why = first.inner_text("#why")
        assert any(why == line.strip() for line in lines), (why, lines[-10:])  # the hub's words, whole
        assert "needs at least 3x2" in why
        box, bid = first.locator("#why").bounding_box(), first.locator("#bid").bounding_box()
        assert box["y"] + box["height"] <= 844 and 0 <= box["y"] - (bid["y"] + bid["height"]) < 40, (box, bid)
    finally:
        stop(play)


def test_the_poker_cup_composes_from_the_lowest_hand_above_the_standing_one_and_shows_a_refusal_by_the_buttons(
        two_phones, tmp_path):
    """The table's one poker cup on a 390 x 844 phone: ana opens with one nine; ben takes the cup, and its bid
    starts at one ten, the lowest hand above (it started at one nine, the standing bid itself, refused). Bid one
    nine anyway and the hub's words for the refusal are by the buttons, on the screen without scrolling."""
    play, links, lines = start_play(tmp_path, phones=1, rules=POKER_TABLE)
    try:
        page = two_phones[0].new_page()
        page.goto(links["phone1"])
        take_a_seat(page)
        settled(page, f"s.stage === {OPENING}")
        page.click("#pshake")
        settled(page, "s.rolled")
        bid(page, "9", "#pbidleft")
        settled(page, f"s.stage === {RECEIVING}")
        page.click("#ptake")
        settled(page, f"s.stage === {HANDLING}")
        # the phone is the table's cup, passed round: not one player's, and the game is under way, not seating
        assert (page.inner_text("#me"), page.inner_text("#phase")) == ("the table's cup", "bidding")
        page.wait_for_function("""() => [...document.querySelectorAll('#pbid .pdie')].map((d) => d.dataset.face)
                                  .join('') === 'T'""", timeout=10000)
        bid(page, "9", "#pbidon")
        page.wait_for_function("() => document.querySelector('#pwhy').textContent !== ''", timeout=30000)
        why = page.inner_text("#pwhy")
        assert any(why == line.strip() for line in lines), (why, lines[-10:])  # the hub's words, whole
        box = page.locator("#pwhy").bounding_box()
        assert box["y"] + box["height"] <= 844, box
    finally:
        stop(play)
