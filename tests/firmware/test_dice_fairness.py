"""Are the dice fair? A chi-square goodness-of-fit over 60,000 rolls per face (360,000 rolls).

Against the real os.urandom the threshold is p = 1e-6 (a fair die fails once in a million runs); against a
fixed, seeded byte stream it is p = 0.001 and the outcome never changes. The same statistic catches the
modulo bias that rejection sampling exists to remove, which shows the test has the power to fail."""
import hashlib
import math

from cupcore import dice

ROLLS = 6 * 60_000


def chi_square(counts):
    expected = sum(counts) / 6
    return sum((c - expected) ** 2 / expected for c in counts)


def p_value(x):
    """Survival function of chi-square with 5 degrees of freedom (closed form for odd df)."""
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def counts_of(rolled):
    return [rolled.count(face) for face in range(1, 7)]


def seeded_stream(seed):
    """SHA-256 in counter mode: a fixed, well-mixed byte source."""
    pool = bytearray()
    block = 0

    def source(n):
        nonlocal block
        while len(pool) < n:
            pool.extend(hashlib.sha256(seed + block.to_bytes(8, "big")).digest())
            block += 1
        out = bytes(pool[:n])
        del pool[:n]
        return out

    return source


def test_p_value_matches_known_critical_values():
    assert abs(p_value(11.0705) - 0.05) < 1e-5
    assert abs(p_value(20.515) - 0.001) < 1e-6


def test_urandom_rolls_fit_a_fair_die():
    counts = counts_of(dice.roll(ROLLS))
    assert p_value(chi_square(counts)) > 1e-6, counts


def test_seeded_rolls_fit_a_fair_die():
    counts = counts_of(dice.roll(ROLLS, source=seeded_stream(b"fair")))
    assert p_value(chi_square(counts)) > 0.001, counts


def test_the_same_statistic_catches_plain_modulo_bias():
    source = seeded_stream(b"fair")
    biased = bytes(b % 6 + 1 for b in source(ROLLS))  # what roll() would do without rejecting 252..255
    assert p_value(chi_square(counts_of(biased))) < 1e-6
