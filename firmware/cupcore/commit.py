"""Commitments: what a cup sends at a roll instead of its dice, and how the hub checks the reveal.

    digest = SHA-256( b"dicecup-commit-1" | nonce (8) | seat (1) | count (1) | dice (count, one byte 1..6 each)
                      | salt (16) )

The 16-byte tag separates these hashes from any other use of SHA-256; the count byte keeps the layout
unambiguous. The hub's nonce ties a commitment to one deal, the seat to one cup, and the secret salt keeps
anyone who sees the digest from trying all 6**count rolls.
"""
from cupcore.compat import sha256

TAG = b"dicecup-commit-1"
SALT_SIZE = 16


def digest(nonce, seat, dice, salt):
    if len(nonce) != 8 or len(salt) != SALT_SIZE or not 0 <= seat <= 255:
        raise ValueError("commitment needs an 8-byte nonce, a seat 0..255 and a 16-byte salt")
    return sha256(TAG + bytes(nonce) + bytes((seat, len(dice))) + bytes(dice) + bytes(salt))


def verify(commitment, nonce, seat, dice, salt):
    """True when (dice, salt) is what the cup committed to for this nonce and seat."""
    try:
        expected = digest(nonce, seat, dice, salt)
    except ValueError:
        return False
    # Compare every byte, so the time taken says nothing about where a forged digest first differs.
    if len(commitment) != len(expected):
        return False
    diff = 0
    for a, b in zip(commitment, expected):
        diff |= a ^ b
    return diff == 0
