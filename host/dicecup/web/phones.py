"""Phones as cups. A phone seat reaches the hub like any cup: through a transport ("phone", its name) under the
hub's own CupConnection, with cupcore's Link (sequencing, acks, retransmits) and pairing (a key per phone seat,
held by this process's keyring), so the table handles it exactly as a board on a cable.

What runs on the phone's side of that link here, in the hub's process, is only the link: it says hello, proves
the key, answers pings, and relays every other message to and from the phone's page as JSON. The game's part of
a cup — drawing the secret seed, committing, making the dice from the hub's entropy, revealing at the call — is
the page's (static/phone.js, static/fairdice.js; the table's one poker cup: static/pokerphone.js): this process never sees a phone's seed or dice before its
reveal, as with any cup.

Messages from a page are checked as a cup's frame is: only a cup's messages (commit, intent, reveal, and at poker
dice pcommit and open), every field
of the right kind and range (wire.pack_body, the codec's own check), refused with a reason otherwise."""
import hmac
import json
import queue
import secrets
import threading

from cupcore import session as sessions
from cupcore import vouch, wire, wirenames
from cupcore.link import Link

from dicecup.link.transport import LinkDown, Transport

from .inbox import Refused, TryAgain

# What a phone's page may say: a cup's game messages, the face-bid cup's and the poker cup's (its dice committed to
# and opened one by one: static/pokerphone.js).
FROM_PAGE = (wire.COMMIT, wire.INTENT, wire.REVEAL, wire.PCOMMIT, wire.OPEN)
_BY_NAME = {name: mtype for mtype, (name, _) in wirenames.MESSAGES.items()}
_RAW_BYTES = {"n": 8, "a": 16, "k": 32}
FW = (0, 1)  # the page's "firmware" version, as HELLO carries it

PHONES = {}           # name -> PhoneSeat: this process's phone seats, for the transport to find by name
_PHONES_LOCK = threading.Lock()


class SeatHeld(Exception):
    """A page from another phone than the one holding the seat: refused before it can act."""


class PhoneSeat:
    """One phone seat: its name, its cup id, its secret link, its key, and the page open on it now (if any).

    The seat sticks to the phone that took it (the device secret its page keeps in localStorage, proven as it
    opens the seat's websocket: phonepage.py): a code shown to its player at the hub may still be seen over a
    shoulder, and a link that moved to whoever opened it last could be played, or knocked off again
    and again, from the next chair. It is bound when the hub welcomes the seat's cup (it sat down, or came back
    after `release`), not when the link is first opened: until a phone has sat, nothing is at stake, and a code
    scanned by the wrong person costs the right one nothing. `release()` (typed `release NAME`) forgets it."""

    def __init__(self, name: str, cup_id: int = None, token: str = None, key: bytes = None, link_key: bytes = None,
                 device: bytes = None):
        """A new seat; or, given every secret (phonekeep.py kept them for a resumed hub), the same seat again."""
        self.name = name
        self.cup_id = cup_id if cup_id is not None else secrets.randbits(32)
        self.token = token or secrets.token_urlsafe(12)
        self.key = key or secrets.token_bytes(sessions.KEY_SIZE)
        self.link_key = link_key or secrets.token_bytes(16)  # in the link's fragment: a page wraps its device in it
        self.page = None          # send(text) to the open page, set by the server; None while none is open
        self.transport = None     # the PhoneTransport the hub holds while a page is open
        self.device = device      # the device secret of the phone holding the seat; None until one sits
        self._page_device = None  # the device secret of the page open now
        self.held_said_at = float("-inf")  # when the hub last said the link was opened on another phone
        self._binding = threading.Lock()   # the server's thread opens pages, the hub's thread welcomes the cup
        with _PHONES_LOCK:
            PHONES[name] = self

    def page_opened(self, send, device: bytes):
        """The page `send` (from the phone `device`) is the seat's page now; the page it replaces, or None.
        SeatHeld if another phone holds the seat: then nothing has changed."""
        with self._binding:
            if self.device is not None and not hmac.compare_digest(device, self.device):
                raise SeatHeld(f"this seat is held by another phone; ask the host to type `release {self.name}`")
            old, self.page, self._page_device = self.page, send, device
        if self.transport is not None:  # reopened (a reload, another tab) before the old page's close was seen:
            self.transport.gone(f"{self.name}'s phone page was opened again")  # a drop and a return, deal re-sent
        return old

    def welcomed(self):
        """The hub welcomed this seat's cup (it took its seat, or came back): the phone on it now holds it."""
        with self._binding:
            if self.device is None:
                self.device = self._page_device

    def release(self) -> bool:
        """Forget the phone holding the seat, so the next one to open the link takes it; False if none held it."""
        with self._binding:
            held, self.device = self.device is not None, None
        return held

    def page_closed(self, send):
        if self.page is send:
            self.page = None
            if self.transport is not None:
                self.transport.gone(f"{self.name}'s phone went away (the page closed, or the phone slept or lost "
                                    f"Wi-Fi): reopen its link to come back")

    def from_page(self, message: dict):
        """A checked message from the page, on to the hub. Refused when there is no link under it yet."""
        mtype, values = to_wire(message)
        if self.transport is None:
            raise TryAgain("the hub has not opened this seat yet: wait a moment")
        self.transport.send(mtype, values)

    def forget(self):
        with _PHONES_LOCK:
            if PHONES.get(self.name) is self:
                del PHONES[self.name]


def to_wire(message: dict):
    """(mtype, values) for a page's {"m": name, field: value, ...}; Refused saying why not."""
    name = message.get("m")
    mtype = _BY_NAME.get(name) if isinstance(name, str) else None
    if mtype not in FROM_PAGE:
        raise Refused(f"a phone says commit, intent, reveal, pcommit or open, not {str(name)[:20]!r}")
    fields = wirenames.MESSAGES[mtype][1]
    values = []
    for field, code in zip(fields, wire.LAYOUTS[mtype]):
        if field == "tag" and field not in message:
            values.append(vouch.NO_TAG)  # a page holds no cup key: its dice are vouched for by the hub's signature
            continue
        if field not in message:
            raise Refused(f"{name} needs {field}")
        values.append(_field(name, field, code, message[field]))
    try:
        wire.pack_body(mtype, tuple(values), bytearray(wire.MAX_BODY), 0)  # the codec's own range checks
    except (ValueError, TypeError) as error:
        raise Refused(f"{name}: {field_words(error)}") from None
    return mtype, tuple(values)


def _field(name, field, code, value):
    if code in "BbHI":
        if not isinstance(value, int) or isinstance(value, bool):
            raise Refused(f"{name}: {field} is a whole number")
        return value
    if code in _RAW_BYTES:
        try:
            raw = bytes.fromhex(value) if isinstance(value, str) else None
        except ValueError:
            raw = None
        if raw is None or len(raw) != _RAW_BYTES[code]:
            raise Refused(f"{name}: {field} is {_RAW_BYTES[code]} bytes in hex")
        return raw
    if code == "d":
        if not isinstance(value, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in value):
            raise Refused(f"{name}: {field} is a list of dice")
        if not all(1 <= d <= 6 for d in value) or len(value) > wire.MAX_DICE:
            raise Refused(f"{name}: a die shows 1 to 6, and a cup holds at most {wire.MAX_DICE}")
        return bytes(value)
    if not isinstance(value, str):
        raise Refused(f"{name}: {field} is text")
    return value


def field_words(error) -> str:
    return str(error).replace("value", "a number").replace("field", "a field")


def to_page(mtype, values) -> dict:
    """A hub's message for the phone's page: {"type": "cup", "m": name, field: value, ...}."""
    name, fields = wirenames.MESSAGES[mtype]
    message = {"type": "cup", "m": name}
    for field, code, value in zip(fields, wire.LAYOUTS[mtype], values):
        message[field] = value.hex() if code in _RAW_BYTES else list(value) if code == "d" else value
    return message


class PhoneTransport(Transport):
    """The phone's end of the link, in the hub's process. Bytes the hub writes are decoded by a Link playing the
    cup's side; what it delivers goes to the page (or is the link's own business: hello, proof, pong). Opening it
    fails (LinkDown) while no page is open on that seat, so the hub waits for the phone as for a dropped cup."""

    kind = "phone"

    def __init__(self, target: str):
        super().__init__(target)
        seat = PHONES.get(target)
        if seat is None:
            raise LinkDown(f"no phone seat called {target} at this hub")
        if seat.page is None:
            raise LinkDown(f"{target}'s phone: its page is not open yet (its link is printed at the hub)")
        self.seat = seat
        self._lock = threading.Lock()
        self._to_hub = queue.Queue()
        self._down = None
        self._challenge = None
        self.link = Link(self._to_hub.put, self._from_hub)
        seat.transport = self

    # -- the hub's side: Transport --------------------------------------------------------------------------------
    def read(self, timeout: float) -> bytes:
        with self._lock:
            self.link.tick()
        if self._down:
            raise LinkDown(self._down)
        try:
            data = self._to_hub.get(timeout=timeout)
        except queue.Empty:
            return b""
        while not self._to_hub.empty():
            data += self._to_hub.get_nowait()
        return data

    def write(self, data: bytes) -> None:
        if self._down:
            raise LinkDown(self._down)
        with self._lock:
            self.link.feed(data)

    def close(self) -> None:
        self.gone("closed by the hub")

    def gone(self, why: str):
        self._down = self._down or why
        if self.seat.transport is self:
            self.seat.transport = None

    # -- the phone's side ---------------------------------------------------------------------------------------
    def send(self, mtype, values):
        with self._lock:
            if not self.link.send(mtype, values):
                raise TryAgain("the hub is busy: try again in a moment")

    def _from_hub(self, mtype, values):  # called with the lock held, from link.feed
        if mtype == wire.WELCOME and self.seat.transport is self:  # not a page's link replaced meanwhile
            self.seat.welcomed()
        if mtype == wire.WHO:
            self.link.send(wire.HELLO, (wire.VERSION, *FW, self.seat.cup_id, self.seat.name, "phone"))
        elif mtype == wire.CHALLENGE:
            self._prove(values[0])
        elif mtype == wire.PING:
            self.link.send(wire.PONG, values)
        else:
            page = self.seat.page
            if page is not None:
                page(json.dumps(to_page(mtype, values), separators=(",", ":")))

    def _prove(self, hub_nonce):
        if hub_nonce == self._challenge:
            return
        self._challenge = hub_nonce
        cup_nonce = secrets.token_bytes(sessions.NONCE_SIZE)
        key = self.seat.key
        self.link.send(wire.PROOF, (cup_nonce, sessions.proof(key, hub_nonce, cup_nonce, self.seat.cup_id)))
        self.link.secure(sessions.Session(sessions.session_key(key, hub_nonce, cup_nonce), wire.TO_HUB))
