"""HMAC-SHA256 (RFC 2104) by hand over compat.sha256: MicroPython and CircuitPython have no `hmac` module.

    hmac_sha256(key, msg) -> 32 bytes, equal to CPython's hmac.new(key, msg, "sha256").digest()
    pads(key), with_pads(inner, outer, msg) -> the same in two steps, for a key used for many messages
    equal(a, b)           -> True when the two byte strings are equal, in time that says nothing about where
                             they first differ (for tags and digests an attacker may try byte by byte)

Used by the cup's authenticated link (the challenge's proof, the session key, every frame's tag) and by the fair
dice (the deterministic generator). A call costs two SHA-256 runs over at most a frame, small beside a serial
byte's time; a session makes its key's pads once.
"""
from cupcore.compat import sha256

_BLOCK = 64


def hmac_sha256(key, msg):
    """The HMAC-SHA256 of msg under key (any length; a key longer than a block is hashed first, as RFC 2104 says)."""
    inner, outer = pads(key)
    return with_pads(inner, outer, msg)


def pads(key):
    """(inner, outer): the key's two padded blocks. Made once for a key used often (a session's tags)."""
    if len(key) > _BLOCK:
        key = sha256(bytes(key))
    inner = bytearray(_BLOCK)
    outer = bytearray(_BLOCK)
    for i in range(_BLOCK):
        k = key[i] if i < len(key) else 0
        inner[i] = k ^ 0x36
        outer[i] = k ^ 0x5C
    return bytes(inner), bytes(outer)


def with_pads(inner, outer, msg):
    """HMAC-SHA256 of msg under the key whose pads(key) these are."""
    return sha256(outer + sha256(inner + bytes(msg)))


def equal(a, b):
    """Constant-time equality of two byte strings (their lengths are not secret)."""
    if len(a) != len(b):
        return False
    diff = 0
    for i in range(len(a)):
        diff |= a[i] ^ b[i]
    return diff == 0
