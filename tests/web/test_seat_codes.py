"""A seat's code never goes on the shared table screen: a seat link carries the key a phone's device secret is
wrapped under when it first sits, and a QR code on the TV is one the whole room (and every page watching the table)
can take. The screen names the phone seats still to sit, so their players know to ask the host; the codes are
printed at the hub only (launch.show_phone_link). A phone's page never gets another seat's link either."""
import json
import urllib.parse

import pytest

from webpages import DEADLINE, Listener, PhonePage, browser, socket_url  # noqa: F401 - a fixture

from dicecup.web.phonepage import seat_url
from dicecup.web.shots import bots_table

pytestmark = pytest.mark.slow  # Chromium and a table of bots


def names(listener, wanted):
    return listener.wait_for(lambda m: m["type"] == "seat_codes" and [s["name"] for s in m["seats"]] == wanted)


def secrets_of(web, seat) -> list:
    """Everything of a seat's link that acts for it: the token, the link key, the link whole, in every spelling."""
    link = seat_url(web, seat)
    return [seat.token, urllib.parse.quote(seat.token), seat.link_key.hex(), link, urllib.parse.quote(link, safe="")]


def test_the_table_screen_names_the_unseated_phones_and_shows_no_code_nor_link(browser):
    with bots_table("dudo", seed="codes", bots=1, phones=2) as (hub, web, runner):
        screen = Listener(socket_url(web.url))
        runner.start()
        assert names(screen, ["phone1", "phone2"]) is not None, screen.messages[-3:]
        page = browser.new_page()
        page.goto(web.url)
        page.wait_for_selector("#codes p.code")
        assert page.locator("#codes p.code").all_inner_texts() == ["phone1", "phone2"]
        assert "ask the host" in page.inner_text("#codes h2").lower()
        assert page.locator("#codes img").count() == 0

        phone1 = PhonePage(seat_url(web, web.phones[0]))
        phone1.send(json.dumps({"type": "cup", "m": "intent", "deal": 0, "kind": 4, "qty": 0, "face": 0}))
        while phone1.wait_for(lambda m: m.get("m") == "welcome", timeout=1) is None:  # until the hub has it
            assert not phone1.closed.is_set()
            phone1.send(json.dumps({"type": "cup", "m": "intent", "deal": 0, "kind": 4, "qty": 0, "face": 0}))
        assert names(screen, ["phone2"]) is not None  # phone1 sat down: only phone2 is left to sit
        shown = json.dumps(screen.messages)
        assert "data:image" not in shown, "a seat's QR code went to the table screen"
        for seat in web.phones:
            assert not any(secret in shown for secret in secrets_of(web, seat)), f"{seat.name}'s link on the screen"
        traffic = json.dumps(phone1.messages)
        assert "seat_codes" not in traffic
        assert not any(secret in traffic for secret in secrets_of(web, web.phones[1]))
        phone1.close()
        screen.close()
