"""Fair dice: a fixed function of the cup's secret seed and the hub's entropy, so nobody can choose them.

    for block = 0, 1, 2, ...:
        HMAC-SHA256(key = seed, msg = b"dicecup-dice-2" | nonce (8) | seat (1) | entropy (16) | block (4, big-endian))
    take each block's 32 bytes in order; a byte b < 252 gives the die b % 6 + 1, bytes 252..255 are skipped;
    stop at `count` dice.

252 is the largest multiple of 6 that fits a byte, so each face gets exactly 42 of the 252 accepted values: no
modulo bias. MicroPython has no hmac module: this is cupcore.hmac256's HMAC (RFC 2104) unrolled over buffers
allocated once, the key's pads computed once per roll rather than once per block. The hub imports this same
function to recompute every die at the reveal, and `dicecup verify` to recheck a whole game.
"""
from cupcore.compat import const, sha256

TAG = b"dicecup-dice-2"
ENTROPY_SIZE = const(16)
_LIMIT = const(252)
_BLOCK = const(64)  # SHA-256's block size: the HMAC key is padded (or first hashed) to it
_MSG = const(43)  # len(TAG) + nonce 8 + seat 1 + entropy 16 + block counter 4
_IPAD = const(0x36)
_OPAD = const(0x5C)

# Allocated once: the inner and outer hash inputs, refilled in place for every block of every roll.
_inner = bytearray(_BLOCK + _MSG)
_outer = bytearray(_BLOCK + 32)


def _pad(key, inner, outer):
    n = len(key)
    for i in range(_BLOCK):
        k = key[i] if i < n else 0
        inner[i] = k ^ _IPAD
        outer[i] = k ^ _OPAD


def roll(seed, nonce, seat, entropy, count, out=None):
    """The `count` dice (bytes 1..6) that `seed` and `entropy` give seat `seat` at the deal with `nonce`,
    written into `out` (a bytearray, reused if given) and returned."""
    if len(seed) > _BLOCK or len(nonce) != 8 or len(entropy) != ENTROPY_SIZE or not 0 <= seat <= 255:
        raise ValueError("dice need a seed of at most 64 bytes, an 8-byte nonce, a seat 0..255 and 16 bytes of entropy")
    if out is None:
        out = bytearray(count)
    _pad(seed, _inner, _outer)
    at = _BLOCK + len(TAG)
    _inner[_BLOCK:at] = TAG
    _inner[at : at + 8] = nonce
    _inner[at + 8] = seat
    _inner[at + 9 : at + 25] = entropy
    filled = 0
    block = 0
    while filled < count:
        for i in range(4):
            _inner[at + 25 + i] = (block >> (8 * (3 - i))) & 0xFF
        _outer[_BLOCK:] = sha256(_inner)
        for byte in sha256(_outer):
            if byte < _LIMIT:
                out[filled] = byte % 6 + 1
                filled += 1
                if filled == count:
                    break
        block += 1
    return out
