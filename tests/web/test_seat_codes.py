"""While seats are taken, the table screen shows each phone seat that has not sat down its own link as a QR code;
a phone's page never receives another seat's link; a seat's code goes once that phone has sat down."""
import json
import urllib.parse

import pytest

from webpages import DEADLINE, Listener, PhonePage, browser, socket_url  # noqa: F401 - a fixture

from dicecup.web.phonepage import seat_url
from dicecup.web.shots import bots_table

pytestmark = pytest.mark.slow  # Chromium and a table of bots


def codes(listener, names):
    return listener.wait_for(lambda m: m["type"] == "seat_codes" and [s["name"] for s in m["seats"]] == names)


def test_the_table_screen_shows_each_unseated_phone_its_code_and_a_phone_page_gets_none(browser):
    with bots_table("dudo", seed="codes", bots=1, phones=2) as (hub, web, runner):
        screen = Listener(socket_url(web.url))
        runner.start()
        shown = codes(screen, ["phone1", "phone2"])
        assert shown is not None, screen.messages[-3:]
        for seat, code in zip(web.phones, shown["seats"]):
            assert code["svg"].startswith("data:image/svg+xml") and seat.token not in code["name"]
        page = browser.new_page()
        page.goto(web.url)
        page.wait_for_selector("#codes img[alt=\"the code for phone2's seat\"]")
        assert page.inner_text("#codes").splitlines()[1:] == ["phone1", "phone2"]

        phone1 = PhonePage(seat_url(web, web.phones[0]))
        phone1.send(json.dumps({"type": "cup", "m": "intent", "deal": 0, "kind": 4, "qty": 0, "face": 0}))
        while phone1.wait_for(lambda m: m.get("m") == "welcome", timeout=1) is None:  # until the hub has it
            assert not phone1.closed.is_set()
            phone1.send(json.dumps({"type": "cup", "m": "intent", "deal": 0, "kind": 4, "qty": 0, "face": 0}))
        assert codes(screen, ["phone2"]) is not None  # phone1 sat down: only phone2's code is left
        page.wait_for_selector("#codes img[alt=\"the code for phone1's seat\"]", state="detached")
        traffic = json.dumps(phone1.messages)
        assert "seat_codes" not in traffic and web.phones[1].token not in traffic
        assert urllib.parse.quote(web.phones[1].token) not in traffic
        phone1.close()
        screen.close()
