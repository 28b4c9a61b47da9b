"""HMAC-SHA256 (RFC 2104) by hand over compat.sha256: MicroPython and CircuitPython have no `hmac` module.

    hmac_sha256(key, msg) -> 32 bytes, equal to CPython's hmac.new(key, msg, "sha256").digest()
    equal(a, b)           -> True when the two byte strings are equal, in time that says nothing about where
                             they first differ (for tags and digests an attacker may try byte by byte)

Used by the cup's authenticated link (the challenge's proof, the session key, every frame's tag) and by the fair
dice (the deterministic generator). The pads are built per call: a key is at most one 64-byte block here, and a
call costs two SHA-256 runs over at most a frame, small beside a serial byte's time.
"""
from cupcore.compat import sha256

_BLOCK = 64


def hmac_sha256(key, msg):
    """The HMAC-SHA256 of msg under key (any length; a key longer than a block is hashed first, as RFC 2104 says)."""
    if len(key) > _BLOCK:
        key = sha256(bytes(key))
    inner = bytearray(_BLOCK)
    outer = bytearray(_BLOCK)
    for i in range(_BLOCK):
        k = key[i] if i < len(key) else 0
        inner[i] = k ^ 0x36
        outer[i] = k ^ 0x5C
    return sha256(bytes(outer) + sha256(bytes(inner) + bytes(msg)))


def equal(a, b):
    """Constant-time equality of two byte strings (their lengths are not secret)."""
    if len(a) != len(b):
        return False
    diff = 0
    for i in range(len(a)):
        diff |= a[i] ^ b[i]
    return diff == 0
