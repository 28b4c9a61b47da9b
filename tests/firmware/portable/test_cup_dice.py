"""Fair dice: HMAC-SHA256 written by hand (MicroPython has no hmac), rejection of the biased top bytes,
faces 1..6 only, a fixed function of seed, nonce, seat and entropy, and a quick goodness-of-fit on any runtime.
(The 60,000-dice-per-face chi-square runs in tests/firmware/test_dice_fairness.py; the golden vectors in
test_cup_fair_vectors.py.)"""
from cuptest_helpers import Counter, raises, tally, tohex, unhex
from cupcore import dice
from cupcore.hmac256 import hmac_sha256
from cupcore.compat import sha256

CHI2_DF5_P1E6 = 35.888  # chi-square critical value, 5 degrees of freedom, p = 1e-6
NONCE = unhex("0102030405060708")
ENTROPY = unhex("f0e1d2c3b4a5968778695a4b3c2d1e0f")


def chi_square(counts, total):
    expected = total / 6
    return sum((c - expected) ** 2 / expected for c in counts)


def test_the_dice_are_the_hmac_stream_with_the_top_four_byte_values_skipped():
    seed = b"s" * 16
    block0 = hmac_sha256(seed, b"dicecup-dice-2" + NONCE + bytes([2]) + ENTROPY + bytes(4))
    block1 = hmac_sha256(seed, b"dicecup-dice-2" + NONCE + bytes([2]) + ENTROPY + bytes([0, 0, 0, 1]))
    expected = [b % 6 + 1 for b in block0 + block1 if b < 252][:40]
    assert list(dice.roll(seed, NONCE, 2, ENTROPY, 40)) == expected


def test_the_same_inputs_give_the_same_dice_and_any_change_other_dice():
    seed = Counter(b"seed")(16)
    first = bytes(dice.roll(seed, NONCE, 2, ENTROPY, 15))
    assert bytes(dice.roll(seed, NONCE, 2, ENTROPY, 15)) == first
    assert bytes(dice.roll(seed, NONCE, 2, ENTROPY, 5)) == first[:5]  # fewer dice: the first of the same stream
    assert bytes(dice.roll(seed, NONCE, 3, ENTROPY, 15)) != first
    assert bytes(dice.roll(seed, NONCE, 2, ENTROPY[:15] + b"\x00", 15)) != first
    assert bytes(dice.roll(seed[:15] + b"\x00", NONCE, 2, ENTROPY, 15)) != first
    assert bytes(dice.roll(seed, b"\x00" + NONCE[1:], 2, ENTROPY, 15)) != first


def test_roll_fills_the_given_buffer():
    buf = bytearray(15)
    out = dice.roll(b"k" * 16, NONCE, 0, ENTROPY, 5, buf)
    assert out is buf and all(1 <= d <= 6 for d in buf[:5]) and buf[5:] == bytearray(10)


def test_bad_inputs_are_value_errors():
    raises(ValueError, dice.roll, b"k" * 16, b"short", 0, ENTROPY, 5)
    raises(ValueError, dice.roll, b"k" * 16, NONCE, 0, b"short", 5)
    raises(ValueError, dice.roll, b"k" * 16, NONCE, 256, ENTROPY, 5)


def test_a_quick_goodness_of_fit_on_this_runtime():
    seeds = Counter(b"fit")
    rolled = bytearray()
    for _ in range(400):
        rolled.extend(dice.roll(seeds(16), NONCE, 1, ENTROPY, 15))
    counts = tally(rolled)
    assert chi_square(counts, len(rolled)) < CHI2_DF5_P1E6, counts


def test_sha256_is_used_not_some_other_hash():
    assert tohex(sha256(b"abc"))[:8] == "ba7816bf"
