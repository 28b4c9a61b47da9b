"""A phone seat's link sticks to the phone that took the seat. While seats are taken the table screen shows every
seat's code, so anyone in the room may have photographed it: opened on another phone (a browser with its own
localStorage), the link is refused before that page can act, with one line on its page and one at the hub, and the
seated phone plays on. The host's `release NAME` lets the next phone that opens the link take the seat (a player
whose phone died moves to another). Real `dicecup play` process typed at through its stdin; the phones are real
pages in two Chromiums (the same phone reloading is test_phone_pages' reload test)."""
from test_phone_added import LINK, TypedHub
from test_phone_pages import press_for
import pytest

from webpages import two_phones  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow  # two phone pages in Chromium


HELD = "this seat is held by another phone; ask the host to type `release phone1`"
WAIT_MS = 60000  # a turn comes round once the bots have played theirs; generous, the machine is shared


def my_turn(page):
    page.wait_for_selector("#compose", state="visible", timeout=WAIT_MS)


def test_a_seated_phones_link_is_refused_on_another_phone_until_the_host_types_release(two_phones, tmp_path):
    browser, other_phone = two_phones
    with TypedHub(["--bots", "2", "--phones", "1", "--web", "127.0.0.1:0", "--data",
                   str(tmp_path)]) as hub:
        link = hub.wait_for(LINK.pattern).group(2)
        mine = browser.new_page()
        mine.goto(link)
        while not any("phone1 takes seat" in line for line in hub.lines):  # pressed again if sent too early
            assert hub.proc.poll() is None, "".join(hub.lines[-20:])
            if mine.is_visible("#sit:enabled"):
                mine.click("#sit")
            mine.wait_for_timeout(100)  # the page's own pace, as a player's thumb
        hub.wait_for(r"the game begins")
        my_turn(mine)  # the game waits for phone1: nothing is in flight while another phone tries the link

        theirs = other_phone.new_page()
        mark = len(hub.lines)
        theirs.goto(link)
        theirs.wait_for_selector(f"#banner:has-text('{HELD}')", timeout=WAIT_MS)
        hub.wait_for(r"someone opened phone1's link on another device: refused", after=mark)
        assert not theirs.is_visible("#sit") and not theirs.is_visible("#peek")  # nothing there to press

        assert not mine.is_visible("#banner"), mine.inner_text("#banner")  # not taken over: it plays on
        mark = len(hub.lines)
        assert press_for(mine)
        hub.wait_for(r"^phone1 (bids|calls) ", after=mark)

        for typed, said in [("release", r"type `release NAME`"), ("release bot1", r"bot1 is not a phone seat"),
                            ("help", r"release NAME")]:
            mark = len(hub.lines)
            hub.type(typed)
            hub.wait_for(said, after=mark)
        mark = len(hub.lines)
        hub.type("release PHONE1")
        hub.wait_for(r"phone1's seat is released: the next phone to open its link takes it", after=mark)

        my_turn(mine)  # again with nothing in flight, the other phone takes the seat
        mark = len(hub.lines)
        theirs.goto(link)
        # The new phone has none of the dice phone1 was shown: the round is dealt again only on the host's word.
        hub.wait_for(r"phone1's cup came back without the dice it was shown", after=mark)
        hub.type("reroll phone1")
        theirs.wait_for_selector("#peek", state="visible", timeout=WAIT_MS)  # its own dice: the round dealt again
        mine.wait_for_selector("#banner:has-text('another phone')", timeout=WAIT_MS)
        mine.reload()  # the first phone is now the other phone
        mine.wait_for_selector(f"#banner:has-text('{HELD}')", timeout=WAIT_MS)
        my_turn(theirs)
        mark = len(hub.lines)
        assert press_for(theirs)
        hub.wait_for(r"^phone1 (bids|calls) ", after=mark)
