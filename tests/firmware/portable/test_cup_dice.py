"""Dice: faces 1..6 only, rejection of the biased top bytes, a quick goodness-of-fit on any runtime.
(The 60,000-rolls-per-face chi-square runs in tests/firmware/test_dice_fairness.py.)"""
from cuptest_helpers import Counter, tally
from cupcore import dice

CHI2_DF5_P1E6 = 35.888  # chi-square critical value, 5 degrees of freedom, p = 1e-6


def chi_square(counts, total):
    expected = total / 6
    return sum((c - expected) ** 2 / expected for c in counts)


def test_faces_are_one_to_six():
    rolled = dice.roll(600, source=Counter(b"faces"))
    assert set(rolled) == {1, 2, 3, 4, 5, 6}


def test_roll_fills_the_given_buffer():
    buf = bytearray(15)
    out = dice.roll(5, buf, Counter(b"buf"))
    assert out is buf and all(1 <= d <= 6 for d in buf[:5]) and buf[5:] == bytearray(10)


def test_the_top_four_byte_values_are_thrown_away():
    # A source that offers every byte from 0 to 255 once: 252 are kept, and each face gets exactly 42.
    def every_byte(n, state=[0]):
        out = bytes((state[0] + i) % 256 for i in range(n))
        state[0] += n
        return out

    rolled = dice.roll(252, source=every_byte)
    assert tally(rolled) == [42] * 6


def test_a_source_stuck_on_rejected_bytes_gives_nothing_until_it_recovers():
    calls = []

    def biased(n):
        calls.append(n)
        # Three batches of nothing but 252..255 (which a plain `% 6` would turn into faces 1-4), then zeros.
        return bytes([252, 253, 254, 255] * (n // 4)) if len(calls) <= 3 else bytes(n)

    rolled = dice.roll(3, source=biased)
    assert list(rolled) == [1, 1, 1]
    assert len(calls) == 4


def test_a_quick_goodness_of_fit_on_this_runtime():
    total = 6000
    rolled = dice.roll(total)  # the runtime's own os.urandom
    counts = tally(rolled)
    assert chi_square(counts, total) < CHI2_DF5_P1E6, counts
