"""A phone seat through the hub's own path for cups: the "phone" transport under a CupConnection, paired with the
seat's key, at a real hub with bots. The page here is a STAND-IN written in Python (a websocket client doing the
cup's part with cupcore's commit and dice functions); tests/web/test_phone_pages.py plays the real page in Chromium.
Also: what a phone's page may send is checked field by field, and a seat's link acts only for that seat."""
import json
import secrets
import subprocess
import sys
import threading

import pytest

from webpages import DEADLINE, Listener, PhonePage

from cupcore import commit, dice
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from dicecup.web import inbox
from dicecup.web.launch import phone_seats
from dicecup.web.phonepage import WIRE_WORDS, seat_url, serve_phones
from dicecup.web.phones import to_wire
from dicecup.web.server import WebTable

GAME_DEADLINE = 90

AS_SENT = json.loads(json.dumps(WIRE_WORDS))  # the wire words as a page reads them (JSON keys are text)


class StandInPhone:
    """Plays a phone seat's cup as the page does: a fresh secret seed per deal, only its commitment sent, dice from
    the hub's entropy, the reveal at the call; bids 1x2 to open and calls liar otherwise."""

    def __init__(self, url):
        self.url = url
        self.device = secrets.token_bytes(16)  # which phone this is, as the page keeps it in localStorage
        self.page = PhonePage(url, self.device)
        self.swap = False  # reopen_afresh() was called: the link is opened again once it has closed
        self.seat = None
        self.deal = None
        self.sent = []
        self.peeked = {}          # deal -> the dice this phone had (for the test to compare with the journal)
        self.done = threading.Event()
        threading.Thread(target=self._play, daemon=True).start()

    def say(self, **message):
        self.sent.append(message)
        self.page.send(json.dumps({"type": "cup", **message}))

    def reopen_afresh(self):
        """Closes the page's link; it is opened again on the same phone with its stored seed wiped (the phone's
        secret kept), as a reloaded page or a cleared storage would."""
        self.swap = True
        self.page.close()

    def _play(self):
        while True:
            self._play_one_link()
            if self.done.is_set() or not self.swap:
                return
            self.swap, self.deal = False, None
            self.page = PhonePage(self.url, self.device)

    def _play_one_link(self):
        seen = 0
        while not self.done.is_set():
            messages = self.page.matching(lambda m: True, seen + 1, timeout=0.5)
            if self.seat is None and not messages[seen:]:
                self.say(m="intent", deal=0, kind=4, qty=0, face=0)  # "seat me", until a welcome comes
            for message in messages[seen:]:
                self._on(message)
            seen = max(seen, len(messages))
            if self.page.closed.is_set():
                return

    def _on(self, message):
        if message["type"] == "won":
            self.done.set()
        if message["type"] != "cup":
            return
        kind = message["m"]
        if kind == "welcome":
            self.seat = message["seat"]
        elif kind == "deal":
            nonce = bytes.fromhex(message["nonce"])
            if not (self.deal and self.deal[:3] == (message["deal"], nonce, message["dice"])):  # sent again: the
                self.deal = (message["deal"], nonce, message["dice"], secrets.token_bytes(16))  # same seed, as a page
            digest = commit.digest(nonce, self.seat, message["dice"], self.deal[3])
            self.say(m="commit", deal=message["deal"], digest=bytes(digest).hex())
        elif kind == "entropy":
            number, nonce, count, seed = self.deal
            self.peeked[number] = list(dice.roll(seed, nonce, self.seat, bytes.fromhex(message["entropy"]), count))
        elif kind == "table" and message["turn"] == self.seat:
            if message["qty"] == 0:
                self.say(m="intent", deal=message["deal"], kind=1, qty=1, face=2)
            else:
                self.say(m="intent", deal=message["deal"], kind=2, qty=0, face=0)
        elif kind == "reveal_req":
            number, nonce, count, seed = self.deal
            self.say(m="reveal", deal=number, dice=self.peeked[number], seed=seed.hex())


def journal_so_far(hub) -> str:
    journal = getattr(hub, "journal", None)
    return journal.path.read_text() if journal is not None else ""


def play_with(phone_class, tmp_path, seed="phone", host=None):
    """A game of one phone (played by phone_class) and two bots to its end; the hub's journal text and the phone.
    host(table, hub), if given, is the person at the hub, once the game is under way."""
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, seed=seed, screen=lambda item: None, bots=2,
                       result_pause=0.0)
    phone, = phone_seats(1, table.keys)
    hub = table.make_hub(expect_cups=1)
    hub.bot_delay = 0.0
    web = WebTable()
    serve_phones(web, [phone])
    web.start()
    hub.subscribe(web)
    table.connect([("phone", phone.name)], wait_for_missing=True)
    runner = threading.Thread(target=table.play, kwargs={"timeout": GAME_DEADLINE}, daemon=True)
    runner.start()
    player = phone_class(seat_url(web, phone))
    try:
        if host is not None:
            host(table, hub)
        assert player.done.wait(GAME_DEADLINE), "the game did not end"
        runner.join(DEADLINE)
    finally:
        table.close()
        player.page.close()
        web.close()
        phone.forget()
    return hub.journal.path, player


def test_a_phone_seat_plays_a_whole_game_with_bots_through_the_cups_own_path_and_the_journal_referees(tmp_path):
    path, player = play_with(StandInPhone, tmp_path)
    journal = path.read_text()
    assert "\nseats phone1 bot1 bot2\n" in journal and "#@ cup phone1 id=" in journal
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", str(path), "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)
    assert verdict["winner"] and len(verdict["rounds"]) >= 2
    rolls = [line.split()[2:] for line in journal.splitlines() if line.startswith("roll phone1 ")]
    assert rolls and all(list(map(int, r)) in player.peeked.values() for r in rolls)  # the page's dice, checked
    assert all(m["m"] in ("intent", "commit", "reveal") for m in player.sent)


@pytest.mark.parametrize("message, reason", [
    ({"m": "hello", "cup_id": 1}, "a phone says commit, intent, reveal, pcommit or open"),
    ({"m": "proof"}, "a phone says commit, intent, reveal, pcommit or open"),
    ({"m": "commit", "deal": 1}, "commit needs digest"),
    ({"m": "commit", "deal": 1, "digest": "zz"}, "digest is 32 bytes in hex"),
    ({"m": "commit", "deal": -1, "digest": "00" * 32}, "out of range"),
    ({"m": "commit", "deal": True, "digest": "00" * 32}, "deal is a whole number"),
    ({"m": "intent", "deal": 1, "kind": 1, "qty": 300, "face": 2}, "out of range"),
    ({"m": "reveal", "deal": 1, "dice": [1, 7], "seed": "00" * 16}, "a die shows 1 to 6"),
    ({"m": "reveal", "deal": 1, "dice": [1] * 16, "seed": "00" * 16}, "at most 15"),
    ({"m": "reveal", "deal": 1, "dice": "12", "seed": "00" * 16}, "dice is a list of dice"),
    ({"m": "pcommit", "deal": 1, "die": 1}, "pcommit needs digest"),
    ({"m": "open", "deal": 1, "die": 1, "face": 2, "seed": "00" * 15}, "seed is 16 bytes in hex"),
    ({"m": "open", "deal": 1, "die": 256, "face": 2, "seed": "00" * 16}, "out of range"),
])
def test_what_a_phone_page_may_say_is_checked_field_by_field(message, reason):
    with pytest.raises(inbox.Refused, match=reason):
        to_wire(message)


def test_a_seat_link_acts_only_for_its_seat_and_a_wrong_one_is_refused():
    web = WebTable()
    seats = phone_seats(2, type("Keys", (), {"extra": {}, "names": {}})())
    serve_phones(web, seats)
    web.start()
    try:
        first = PhonePage(seat_url(web, seats[0]))
        hello = first.wait_for(lambda m: m["type"] == "hello")
        assert hello == {"type": "hello", "role": "phone", "seat": "phone1", "cup": None, "wire": AS_SENT}
        wrong = Listener(web.url.replace("http://", "ws://").rsplit("/t/", 1)[0] + "/ws/p/" + "x" * 16)
        assert wrong.closed.wait(DEADLINE) and wrong.close_code == 4403
        spectator_link = Listener(web.url.replace("http://", "ws://").replace("/t/", "/ws/p/"))
        assert spectator_link.closed.wait(DEADLINE) and spectator_link.close_code == 4403  # not a seat's link
        first.send(json.dumps({"type": "bid"}))
        assert "a phone's page sends" in first.wait_for(lambda m: m["type"] == "refused")["reason"]
        unsaid = PhonePage(seat_url(web, seats[0]).partition("#")[0])  # no link key: its secret can't be wrapped
        assert unsaid.closed.wait(DEADLINE) and unsaid.close_code == 4400
        assert [m["type"] for m in unsaid.messages] == ["challenge", "refused"]
        assert "could not prove which phone it is" in unsaid.messages[1]["reason"]
        # No phone has sat down yet (no hub here): nothing is at stake, and the link moves to the last to open it.
        # Once one has sat, another phone is refused: test_phone_bound.
        second = PhonePage(seat_url(web, seats[0]))
        assert second.wait_for(lambda m: m["type"] == "hello")
        taken = first.wait_for(lambda m: m.get("final"))
        assert taken["reason"] == "this seat's link was opened again, in another tab or on another phone"
        second.close()
        first.close()
    finally:
        web.close()
        for seat in seats:
            seat.forget()


def test_a_page_told_to_try_again_is_not_closed_as_a_flood_but_one_sending_rubbish_is():
    """A press the hub can't take yet (its link to the seat not open, its send queue full) is refused with "wait a
    moment": the player taps again, as people do, and must not be thrown off as if the page sent rubbish. Rubbish is
    still closed after inbox.MAX_REFUSALS."""
    web = WebTable()
    seats = phone_seats(2, type("Keys", (), {"extra": {}, "names": {}})())
    serve_phones(web, seats)
    web.start()
    try:
        tapping, garbling = (PhonePage(seat_url(web, seat)) for seat in seats)
        taps = inbox.MAX_REFUSALS + 5
        for tap in range(taps):  # the seat's link is not open (no hub here): every tap is "wait a moment"
            tapping.send(json.dumps({"type": "cup", "m": "intent", "deal": 0, "kind": 4, "qty": 0, "face": 0}))
            if tap < inbox.MAX_REFUSALS:  # enough rubbish to be closed: the server may close it before more is sent
                garbling.send(json.dumps({"type": "cup", "m": "hello"}))
        waits = tapping.matching(lambda m: m["type"] == "refused", taps)
        assert len(waits) == taps and all("wait a moment" in m["reason"] for m in waits)
        assert garbling.closed.wait(DEADLINE) and garbling.close_code == 4408
        assert not tapping.closed.is_set()
        tapping.close()
    finally:
        web.close()
        for seat in seats:
            seat.forget()


def test_a_seat_is_bound_to_the_phone_on_it_when_the_hub_welcomes_its_cup_and_release_forgets_it():
    from dicecup.web.phones import PhoneSeat, SeatHeld

    seat = PhoneSeat("binding-test")
    try:
        ana, ben = "a" * 32, "b" * 32
        assert seat.page_opened("ana's page", ana) is None
        assert seat.page_opened("ben's page", ben) == "ana's page"  # nobody sat yet: the link moves
        seat.welcomed()                                             # ben's phone sat down
        with pytest.raises(SeatHeld, match="ask the host to type `release binding-test`"):
            seat.page_opened("ana's again", ana)
        assert seat.page == "ben's page"                            # refused: nothing changed
        assert seat.page_opened("ben's reload", ben) == "ben's page"
        assert seat.release() and not seat.release()
        assert seat.page_opened("ana's again", ana) == "ben's reload"
        seat.welcomed()
        with pytest.raises(SeatHeld):
            seat.page_opened("ben's again", ben)
    finally:
        seat.forget()
