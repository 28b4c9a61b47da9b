"""Commitments to a secret seed: the exact byte layout, verification, and tampering caught."""

from cuptest_helpers import tohex, unhex
from cupcore import commit
from cupcore.compat import sha256

NONCE = unhex("8f3a1c5e0b7d2946")
SEED = unhex("00112233445566778899aabbccddeeff")
# Pinned (tests/vectors/fair.json has more): SHA-256(b"dicecup-seed-2" | nonce | seat 2 | count 5 | seed).
GOLDEN = "23ff8e8e2bdf04ba59770c0ce46330e48323bdc074dd3c6d62f544aa8d326525"


def test_layout_is_tag_nonce_seat_count_seed():
    by_hand = sha256(b"dicecup-seed-2" + NONCE + bytes([2, 5]) + SEED)
    assert commit.digest(NONCE, 2, 5, SEED) == by_hand


def test_golden_digest():
    assert tohex(commit.digest(NONCE, 2, 5, SEED)) == GOLDEN


def test_the_true_seed_verifies():
    c = commit.digest(NONCE, 2, 5, SEED)
    assert commit.verify(c, NONCE, 2, 5, SEED)
    assert commit.verify(c, NONCE, 2, 5, bytearray(SEED))


def test_any_tampering_is_caught():
    c = commit.digest(NONCE, 2, 5, SEED)
    assert not commit.verify(c, NONCE, 2, 5, SEED[:15] + b"\x00")  # another seed
    assert not commit.verify(c, NONCE, 2, 4, SEED)  # another count of dice
    assert not commit.verify(c, NONCE, 3, 5, SEED)  # another seat's commitment
    assert not commit.verify(c, unhex("8f3a1c5e0b7d2947"), 2, 5, SEED)  # another deal's
    assert not commit.verify(c[:31], NONCE, 2, 5, SEED)
    assert not commit.verify(c[:31] + bytes([c[31] ^ 1]), NONCE, 2, 5, SEED)


def test_malformed_reveals_are_false_not_errors():
    c = commit.digest(NONCE, 2, 5, SEED)
    assert not commit.verify(c, NONCE, 2, 5, b"short seed")
    assert not commit.verify(c, b"nonce", 2, 5, SEED)
    assert not commit.verify(c, NONCE, 300, 5, SEED)
    assert not commit.verify(c, NONCE, 2, 256, SEED)
