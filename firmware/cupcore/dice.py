"""Fair dice from the board's random source.

A die is one random byte b, kept only when b < 252 (the largest multiple of 6 that fits a byte) and then
mapped to b % 6 + 1. Bytes 252..255 are thrown away, which is what removes the modulo bias: each face gets
exactly 42 of the 252 accepted byte values.
"""
from cupcore.compat import const, urandom

_LIMIT = const(252)
_BATCH = const(8)


def roll(count, out=None, source=urandom):
    """Roll `count` dice into `out` (a bytearray, reused if given) and return it. `source(n)` gives n random bytes."""
    if out is None:
        out = bytearray(count)
    filled = 0
    while filled < count:
        for byte in source(_BATCH):
            if byte < _LIMIT:
                out[filled] = byte % 6 + 1
                filled += 1
                if filled == count:
                    break
    return out
