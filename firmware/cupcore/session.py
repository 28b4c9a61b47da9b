"""Pairing and the authenticated session: what the flash key (DICECUP_KEY, 32 bytes) is for.

The handshake (docs/protocol.md, "Authentication"):

    cup -> hub  HELLO (plain)                  who it says it is
    hub -> cup  CHALLENGE hub_nonce (16)       fresh from `secrets`, only for a cup id whose key the hub holds
    cup -> hub  PROOF cup_nonce (16), tag (16) tag = proof(key, hub_nonce, cup_nonce, cup_id)

then both sides hold session_key(key, hub_nonce, cup_nonce), and every frame either way is authenticated
(wire.AUTH_VERSION: a 4-byte counter, per direction from 1 and strictly increasing, and an 8-byte tag). A frame
whose tag is wrong is FORGED (another key, another session, a changed byte); one whose counter is not above the
last accepted is REPLAYED (a recorded frame, a duplicate, one overtaken). Neither is delivered or answered.

    session = Session(session_key(key, hub_nonce, cup_nonce), sends=wire.TO_HUB)
    frame = wire.encode(mtype, values, seq, ack, session=session)
    if decoder.push(byte) and session.check(decoder) == OK: ...   # check() moves the counter on only when OK
"""
from cupcore import wire
from cupcore.compat import const
from cupcore.hmac256 import equal, hmac_sha256, pads, with_pads

HELLO_LABEL = b"dicecup-hello-2"
SESSION_LABEL = b"dicecup-session-2"
NONCE_SIZE = const(16)
PROOF_SIZE = const(16)
KEY_SIZE = const(32)

OK = const(0)
FORGED = const(1)
REPLAYED = const(2)

def proof(key, hub_nonce, cup_nonce, cup_id):
    """The 16-byte answer to a challenge: only a holder of the cup's key can make it."""
    cid = bytes(((cup_id >> 24) & 0xFF, (cup_id >> 16) & 0xFF, (cup_id >> 8) & 0xFF, cup_id & 0xFF))
    return hmac_sha256(key, HELLO_LABEL + bytes(hub_nonce) + bytes(cup_nonce) + cid)[:PROOF_SIZE]


def session_key(key, hub_nonce, cup_nonce):
    """The key for one session's tags: fresh nonces from both sides, so no frame of another session verifies."""
    return hmac_sha256(key, SESSION_LABEL + bytes(hub_nonce) + bytes(cup_nonce))


class Session:
    """One side of one session: its key's HMAC pads (made once), the counters, the direction it sends in."""

    def __init__(self, key, sends):
        """sends: wire.TO_HUB on a cup, wire.TO_CUP on the hub; frames are expected from the other direction."""
        self._inner, self._outer = pads(key)
        self.sends = sends
        self.hears = wire.TO_CUP if sends == wire.TO_HUB else wire.TO_HUB
        self.sent = 0  # the last counter sent
        self.heard = 0  # the last counter accepted

    def next_counter(self):
        self.sent += 1
        return self.sent

    def tag(self, direction, data, n):
        """The 8-byte tag of data[:n] sent in `direction` (HMAC-SHA256 over the two, truncated)."""
        return with_pads(self._inner, self._outer, bytes((direction,)) + bytes(data[:n]))[: wire.TAG_SIZE]

    def check(self, frame):
        """OK (and the counter moves on), FORGED or REPLAYED, for an authenticated frame a wire.Decoder took apart.
        The tag is compared in constant time, and before the counter: a frame of another session is forged."""
        signed = frame.signed
        if frame.version != wire.AUTH_VERSION or not equal(self.tag(self.hears, signed, len(signed)), frame.tag):
            return FORGED
        if frame.counter <= self.heard:
            return REPLAYED
        self.heard = frame.counter
        return OK


def parse_key(text):
    """The 32-byte key from settings.toml's DICECUP_KEY (64 hex digits), or None when it is missing or not one."""
    if not isinstance(text, str) or len(text) != 2 * KEY_SIZE:
        return None
    out = bytearray(KEY_SIZE)
    try:
        for i in range(KEY_SIZE):
            out[i] = int(text[2 * i : 2 * i + 2], 16)
    except ValueError:
        return None
    return bytes(out)
