"""Commitments: the exact byte layout, verification, and tampering caught."""

from cuptest_helpers import tohex, unhex
from cupcore import commit
from cupcore.compat import sha256

NONCE = unhex("8f3a1c5e0b7d2946")
SALT = unhex("00112233445566778899aabbccddeeff")
DICE = bytes([2, 5, 5, 1, 6])
# Pinned: SHA-256(b"dicecup-commit-1" | nonce | seat 2 | count 5 | 02 05 05 01 06 | salt).
GOLDEN = "18caf2d98015ae78fcbe53c68dc6db6ff87c65783b92ad80846b0d0489c66c40"


def test_layout_is_tag_nonce_seat_count_dice_salt():
    by_hand = sha256(b"dicecup-commit-1" + NONCE + bytes([2, 5]) + DICE + SALT)
    assert commit.digest(NONCE, 2, DICE, SALT) == by_hand


def test_golden_digest():
    assert tohex(commit.digest(NONCE, 2, DICE, SALT)) == GOLDEN


def test_the_true_reveal_verifies():
    c = commit.digest(NONCE, 2, DICE, SALT)
    assert commit.verify(c, NONCE, 2, DICE, SALT)
    assert commit.verify(c, NONCE, 2, bytearray(DICE), SALT)


def test_any_tampering_is_caught():
    c = commit.digest(NONCE, 2, DICE, SALT)
    assert not commit.verify(c, NONCE, 2, bytes([2, 5, 5, 1, 5]), SALT)  # a die changed
    assert not commit.verify(c, NONCE, 2, bytes([5, 2, 5, 1, 6]), SALT)  # dice reordered
    assert not commit.verify(c, NONCE, 2, DICE[:4], SALT)  # a die hidden
    assert not commit.verify(c, NONCE, 2, DICE, SALT[:15] + b"\x00")  # another salt
    assert not commit.verify(c, NONCE, 3, DICE, SALT)  # another seat's commitment
    assert not commit.verify(c, unhex("8f3a1c5e0b7d2947"), 2, DICE, SALT)  # another round's
    assert not commit.verify(c[:31], NONCE, 2, DICE, SALT)


def test_malformed_reveals_are_false_not_errors():
    c = commit.digest(NONCE, 2, DICE, SALT)
    assert not commit.verify(c, NONCE, 2, DICE, b"short salt")
    assert not commit.verify(c, b"nonce", 2, DICE, SALT)
    assert not commit.verify(c, NONCE, 300, DICE, SALT)
