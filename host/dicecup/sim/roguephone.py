"""A rogue phone client, for the phone games the adversary bench and tests/web play (sim/phonetable.py).

RoguePhone is a websocket client speaking the phone protocol as static/phone.js does (web/phonepage.py, phones.py):
it answers the server's challenge with the HMAC proof of its device secret (wrapped under the seat link's `#KEY`
while no phone holds the seat), says "seat me", commits to a fresh secret seed at each deal, makes its dice from the
hub's entropy (cupcore's commit and dice, fairdice.js's twins) and reveals them at the call. At chosen moments it
attacks, with its device secret (a player's own phone, edited):
    reopen(forget)      its websocket closed and opened again, its stored deal kept or wiped (a fresh seed: what the
                        stock page does after localStorage is cleared and reloaded)
    second_commit()     another commitment for the deal in play
    lie()               its next reveal with other dice than its seed gives
    anything(rng)       a well-formed message of any kind, at any moment
and without it (a stranger in the room who saw the seat's QR code, or sniffed an opening):
    UNKEYED             a proof replayed from an earlier opening, a foreign Origin, the link opened on a second
                        device, an answer with no proof; each on a socket of its own, while the phone plays on.

The games with it, at the real table: sim/phonetable.py.
"""
import json
import random
import secrets
import threading
import time

from cupcore import commit, dice, wire, wirenames

from dicecup.web.phonepage import HELD, NO_DEVICE, TAKEN_OVER, answer
from dicecup.web.phones import FROM_PAGE
from dicecup.web.server import FOREIGN

DEADLINE = 30.0      # seconds for the server to answer a socket; generous, the machine is shared
READY, BID, LIAR = wire.READY, wire.BID, wire.LIAR
SIT_EVERY = 0.5      # seconds between "seat me" presses until the hub welcomes the phone
REFUSING = {NO_DEVICE: "no device proof", FOREIGN: "a foreign page", HELD: "held by another phone"}
UNKEYED = ("replayed_proof", "foreign_origin", "second_device", "no_proof")
PAGE_KINDS = ("cup",) * 8 + ("sync", "bid")  # mostly a cup's messages; a few the page may not send
MESSAGES = tuple(sorted(wirenames.MESSAGES))


class PhoneSocket:
    """One websocket on a seat's link: the server's challenge answered by `reply(challenge)` (None: nothing sent),
    then every message handed to `heard(socket, message)` on a reader thread, until the server closes it."""

    def __init__(self, url, reply, heard, origin=None):
        from websockets.sync.client import connect

        self.messages = []
        self.closed = threading.Event()
        self.welcomed = threading.Event()  # the server took the page: its hello came
        self.close_code = None
        self.ws = connect(url, open_timeout=DEADLINE, origin=origin).__enter__()  # closed by close() or the server
        self.challenge = json.loads(self.ws.recv(timeout=DEADLINE))
        self.answer = reply(self.challenge) if self.challenge.get("type") == "challenge" else None
        if self.answer is not None:
            self.ws.send(json.dumps(self.answer))
        self._heard = heard

    def start(self):
        """Read what the server says, on a thread of its own (started once the caller knows this socket)."""
        threading.Thread(target=self._read, daemon=True).start()
        return self

    def _read(self):
        try:
            for text in self.ws:
                message = json.loads(text)
                self.messages.append(message)
                if message.get("type") == "hello":
                    self.welcomed.set()
                self._heard(self, message)
        except Exception:  # noqa: BLE001 - a closed socket ends the reading; its close code says how
            pass
        self.close_code = self.ws.close_code
        self.closed.set()
        self.welcomed.set()  # nobody waits for a hello that won't come

    def taken(self):
        """Wait until the server has taken this page as the seat's (its hello) or closed it."""
        self.welcomed.wait(DEADLINE)

    def send(self, message: dict):
        try:
            self.ws.send(json.dumps(message))
        except Exception:  # noqa: BLE001 - closed meanwhile: the page reconnects, as phone.js does
            pass

    def close(self):
        self.ws.close()
        self.closed.wait(DEADLINE)

    def told_anything(self) -> bool:
        """Whether the server told this socket more than its challenge and its refusal (a hello, the table, a cup's
        message): what a refused page must never get."""
        return any(m.get("type") not in ("challenge", "refused") for m in self.messages)


class RoguePhone:
    """A phone seat's page as a websocket client: plays honestly (bids 1x2 to open, calls liar otherwise) and
    attacks when told. `attacks` lists what it did, in order (the Watch reports a violation with the last few)."""

    def __init__(self, seat_link: str):
        address, _, key = seat_link.partition("#")
        self.url = address.replace("http://", "ws://", 1).replace("/p/", "/ws/p/", 1)
        self.origin = address.split("/p/", 1)[0]            # what a browser sends for the page this server served
        self.link_key = bytes.fromhex(key)
        self.device = secrets.token_bytes(16)               # which phone this is (phone.js keeps it in localStorage)
        self.lock = threading.RLock()                       # the reader thread plays, the caller attacks
        self.seat = None
        self.deal = None                                    # (deal, nonce, count, seed) of the deal in play
        self.dice = {}                                      # deal -> the dice its player was shown
        self.lie_next = False
        self.attacks = []
        self.answers = []                                   # every answer it sent: what a listener could sniff
        self.refused = []                                   # unkeyed attempts: (what, close code, told anything)
        self.won = threading.Event()
        self.errors = []                                    # this client's own faults (none expected)
        self._sat_at = float("-inf")
        self.page = None
        self._open()

    # -- the page --------------------------------------------------------------------------------------------------
    def _open(self):
        """The seat's page opened, once the server has taken it: nothing of the seat changes after this returns."""
        page = PhoneSocket(self.url, self._prove, self._heard, origin=self.origin)
        with self.lock:
            self.page = page.start()  # its messages are this phone's from the first
        page.taken()
        return page

    def _prove(self, challenge):
        reply = answer(challenge, self.device, self.link_key)
        self.answers.append(reply)
        return reply

    def say(self, **message):
        self.page.send({"type": "cup", **message})

    def tick(self):
        """What the page does by itself: "seat me" until welcomed; back on its link when the server closed it (too
        many refused messages), its deal kept, as phone.js reconnects."""
        if self.page.closed.is_set() and self.page.close_code not in (TAKEN_OVER, HELD, NO_DEVICE):
            self._open()
        with self.lock:
            if self.seat is None and time.monotonic() - self._sat_at > SIT_EVERY:
                self._sat_at = time.monotonic()
                self.say(m="intent", deal=0, kind=READY, qty=0, face=0)

    def has_dice(self) -> bool:
        with self.lock:
            return self.deal is not None and self.deal[0] in self.dice

    def _heard(self, socket, message):
        with self.lock:
            if socket is not self.page:  # a page it closed: its last messages are nobody's
                return
            if message.get("type") == "won":
                self.won.set()
            try:
                if message.get("type") == "cup":
                    getattr(self, "_on_" + message["m"], lambda m: None)(message)
            except Exception as error:  # noqa: BLE001 - the client's own fault, kept apart from the table's
                self.errors.append(f"{type(error).__name__}: {error} on {_shown(message)}")

    def _on_welcome(self, m):
        self.seat = m["seat"]

    def _on_deal(self, m):
        nonce = bytes.fromhex(m["nonce"])
        if not (self.deal and self.deal[:3] == (m["deal"], nonce, m["dice"])):  # sent again: the same seed
            self.deal = (m["deal"], nonce, m["dice"], secrets.token_bytes(16))
        self.say(m="commit", deal=m["deal"], digest=bytes(self._digest()).hex())

    def _digest(self):
        number, nonce, count, seed = self.deal
        return commit.digest(nonce, self.seat, count, seed)

    def _on_entropy(self, m):
        if self.deal and m["deal"] == self.deal[0] and self.deal[0] not in self.dice:
            number, nonce, count, seed = self.deal
            self.dice[number] = list(dice.roll(seed, nonce, self.seat, bytes.fromhex(m["entropy"]), count))

    def _on_table(self, m):
        if m["turn"] != self.seat or not self.has_dice() or m["deal"] != self.deal[0]:
            return
        if m["qty"] == 0:
            self.say(m="intent", deal=m["deal"], kind=BID, qty=1, face=2)
        else:
            self.say(m="intent", deal=m["deal"], kind=LIAR, qty=0, face=0)

    def _on_reveal_req(self, m):
        if not self.has_dice() or m["deal"] != self.deal[0]:
            return
        number, _, _, seed = self.deal
        shown = self.dice[number]
        if self.lie_next:
            self.lie_next, shown = False, [d % 6 + 1 for d in shown]
        self.say(m="reveal", deal=number, dice=shown, seed=seed.hex())

    # -- attacks with its device secret ----------------------------------------------------------------------------
    def reopen(self, forget: bool):
        """Its websocket closed and opened again; `forget`: its stored deal wiped, so the deal sent again is
        answered with a fresh seed (its device secret kept)."""
        self.attacks.append(f"reopens its link{' with a fresh seed' if forget else ', its deal kept'}")
        self.page.close()
        with self.lock:
            if forget:
                self.deal, self.dice = None, {}
        self._open()

    def second_commit(self):
        with self.lock:
            deal = self.deal[0] if self.deal else 0
        self.attacks.append(f"a second commitment for deal {deal}")
        self.say(m="commit", deal=deal, digest=secrets.token_hex(32))

    def lie(self):
        self.attacks.append("lies at its next reveal")
        self.lie_next = True

    def anything(self, rng: random.Random):
        """A well-formed message of any kind, values biased to the deal in play so they reach past the first
        checks."""
        kind = rng.choice(PAGE_KINDS)
        message = {"type": kind}
        if kind == "cup":
            mtype = rng.choice(FROM_PAGE) if rng.random() < 0.8 else rng.choice(MESSAGES)
            name, fields = wirenames.MESSAGES[mtype]
            message["m"] = name
            for field, code in zip(fields, wire.LAYOUTS[mtype]):
                message[field] = self._value(rng, field, code)
        self.attacks.append(f"sends {_shown(message)}")
        self.page.send(message)

    def _value(self, rng, field, code):
        if field == "deal" and self.deal and rng.random() < 0.8:
            return self.deal[0]
        if field == "kind":
            return rng.choice((BID, BID, LIAR, wire.SPOT, READY))
        if field in ("qty", "face"):
            return rng.randrange(1, 7)
        if code in "BbHI":
            return rng.randrange({"B": 256, "b": 128, "H": 65536, "I": 2 ** 32}[code])
        if code in "nak":
            return secrets.token_hex({"n": 8, "a": 16, "k": 32}[code])
        if code == "d":
            return [rng.randrange(1, 7) for _ in range(rng.randrange(1, 4))]
        return "".join(rng.choice("abcxyz-") for _ in range(rng.randrange(1, 9)))

    # -- attempts without its device secret ------------------------------------------------------------------------
    def unkeyed(self, how: str) -> PhoneSocket:
        """One keyless attempt on the seat's link (UNKEYED), on a socket of its own; returns it once closed."""
        attempts = {
            "replayed_proof": (self._replayed, self.origin),  # sniffed from an earlier opening of this phone's
            "foreign_origin": (self._prove, "http://evil.example"),  # another site's page, in the player's browser
            "second_device": (lambda c: answer(c, secrets.token_bytes(16), self.link_key), self.origin),
            "no_proof": (lambda c: {"type": "device"}, self.origin),
        }
        reply, origin = attempts[how]
        self.attacks.append(f"a keyless opening of the link: {how.replace('_', ' ')}")
        socket = PhoneSocket(self.url, reply, lambda s, m: None, origin=origin).start()
        socket.taken()  # refused (closed), or taken as the seat's page (its hello): then it leaves at once
        if not socket.closed.is_set():
            socket.close()
        self.refused.append((how, socket.close_code, socket.told_anything()))
        return socket

    def _replayed(self, challenge):
        """The proof of an earlier opening, as a listener on plain http saw it go by."""
        return {"type": "device", "proof": self.answers[-1]["proof"]}

    def close(self):
        self.page.close()


def _shown(message):
    return json.dumps(message, separators=(",", ":"))[:80]
