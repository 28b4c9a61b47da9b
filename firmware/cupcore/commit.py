"""Commitments: what a cup sends at a deal instead of its dice, and how anyone checks the seed it reveals.

    digest = SHA-256( b"dicecup-seed-2" | nonce (8) | seat (1) | count (1) | seed (16) )

The cup draws a fresh secret seed at every deal and sends only this digest. Its dice are a fixed function of
that seed and of entropy the hub sends only after it holds the digest (cupcore/dice.py), so the cup can't pick
its dice and the hub can't know them. The tag separates these hashes from any other use of SHA-256; the hub's
nonce ties a commitment to one deal, the seat to one cup, the count to how many dice the seed is for.
"""
from cupcore.compat import const, sha256
from cupcore.hmac256 import equal

TAG = b"dicecup-seed-2"
SEED_SIZE = const(16)
_NONCE = const(8)


def digest(nonce, seat, count, seed):
    if len(nonce) != _NONCE or len(seed) != SEED_SIZE or not 0 <= seat <= 255 or not 0 <= count <= 255:
        raise ValueError("commitment needs an 8-byte nonce, a seat 0..255, a count 0..255 and a 16-byte seed")
    return sha256(TAG + bytes(nonce) + bytes((seat, count)) + bytes(seed))


def verify(commitment, nonce, seat, count, seed):
    """True when `seed` is what the cup committed to for this nonce, seat and count of dice."""
    try:
        expected = digest(nonce, seat, count, seed)
    except ValueError:
        return False
    return equal(commitment, expected)  # every byte compared: the time taken says nothing about a forgery
