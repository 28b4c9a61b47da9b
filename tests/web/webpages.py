"""Helpers for the table screen's tests: a real websocket client that keeps everything a page was sent, and the
browser (Debian's Chromium through Playwright), failing in one clear line when it is not installed."""
import json
import secrets
import threading

import pytest
from websockets.sync.client import connect

from dicecup.web.browser import MISSING, chromium, chromium_path, chromiums

DEADLINE = 30  # seconds; generous, the machine is shared


def socket_url(page_url: str) -> str:
    """The websocket address that goes with a table page's address."""
    return page_url.replace("http://", "ws://", 1).replace("/t/", "/ws/", 1)


def phone_socket_url(seat_link: str) -> str:
    """The websocket address a phone seat's page opens (the link's fragment, its key, stays in the browser)."""
    return seat_link.partition("#")[0].replace("http://", "ws://", 1).replace("/p/", "/ws/p/", 1)


class Listener:
    """A websocket client on a thread of its own that keeps every message (decoded) until the server closes."""

    def __init__(self, url: str, **options):
        """options: connect()'s, like origin= (what a browser would send) or ssl= (a wss:// server's context)."""
        self.messages = []
        self.closed = threading.Event()
        self.close_code = None
        self.close_reason = None
        self._changed = threading.Condition()
        self.ws = connect(url, open_timeout=DEADLINE, **options).__enter__()  # closed by close() or by the server
        self.handshake()
        threading.Thread(target=self._read, daemon=True).start()

    def handshake(self):
        """What a page says first, before the reading starts (a phone's page: PhonePage)."""

    def _read(self):
        try:
            for text in self.ws:
                with self._changed:
                    self.messages.append(json.loads(text))
                    self._changed.notify_all()
        except Exception:  # noqa: BLE001 - a closed connection ends the reading; the close code says how
            pass
        self.close_code, self.close_reason = self.ws.close_code, self.ws.close_reason
        self.closed.set()
        with self._changed:
            self._changed.notify_all()

    def wait_for(self, predicate, timeout=DEADLINE):
        """The first message (in order) for which predicate holds, waiting for it; None after the deadline."""
        seen = 0
        with self._changed:
            while True:
                for message in self.messages[seen:]:
                    if predicate(message):
                        return message
                seen = len(self.messages)
                if self.closed.is_set() or not self._changed.wait(timeout):
                    return None

    def matching(self, predicate, count: int, timeout=DEADLINE) -> list:
        """The messages for which predicate holds, once there are at least `count` of them ([] after the deadline)."""
        with self._changed:
            while True:
                found = [m for m in self.messages if predicate(m)]
                if len(found) >= count:
                    return found
                if self.closed.is_set() or not self._changed.wait(timeout):
                    return []

    def send(self, data):
        self.ws.send(data)

    def close(self):
        self.ws.close()
        self.closed.wait(DEADLINE)


@pytest.fixture
def browser():
    """A fresh Chromium profile per test; fails (not skips) without Chromium: the set-up installs it."""
    if chromium_path() is None:
        pytest.fail(MISSING)
    with chromium() as context:
        yield context


@pytest.fixture
def two_phones():
    """Two Chromiums, each with a profile of its own (its own localStorage): two phones in the room."""
    if chromium_path() is None:
        pytest.fail(MISSING)
    with chromiums(2, viewport=(390, 844)) as contexts:
        yield contexts


class PhonePage(Listener):
    """A phone seat's page, as static/phone.js is one: it answers the server's challenge by proving its device
    secret (`device`, or a new phone's), with the secret wrapped under the link's key (the seat link's fragment)
    while no phone holds the seat; the secret itself is never sent."""

    def __init__(self, seat_link: str, device: bytes = None, **options):
        self.device = device or secrets.token_bytes(16)
        key = seat_link.partition("#")[2]
        self.link_key = bytes.fromhex(key) if key else None
        super().__init__(phone_socket_url(seat_link), **options)

    def handshake(self):
        from dicecup.web.phonepage import answer

        first = json.loads(self.ws.recv(timeout=DEADLINE))
        self.messages.append(first)
        if first.get("type") == "challenge":
            self.ws.send(json.dumps(answer(first, self.device, self.link_key)))
