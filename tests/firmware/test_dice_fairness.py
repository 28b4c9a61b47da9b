"""Are the dice fair? A chi-square goodness-of-fit over 60,000 dice per face (360,000 dice), made by the fair-dice
function (cupcore.dice.roll: HMAC-SHA256 of seed and entropy, rejection sampling) from many deals.

With seeds and entropy from the real os.urandom the threshold is p = 1e-6 (a fair die fails once in a million
runs); with seeds and entropy from a fixed SHA-256 stream it is p = 0.001 and the outcome never changes. The same
statistic catches the modulo bias that rejection sampling exists to remove, which shows the test can fail."""
import hashlib
import hmac
import os

from cupcore import dice
from dicecup.hub.fairness import chi_square, p_value_df5 as p_value

DICE = 6 * 60_000
PER_DEAL = 15  # the most a cup holds
NONCE = bytes(range(8))


def counts_of(rolled):
    return [rolled.count(face) for face in range(1, 7)]


def seeded_stream(seed):
    """SHA-256 in counter mode: a fixed, well-mixed byte source."""
    state = {"block": 0}

    def source(n):
        out = b""
        while len(out) < n:
            out += hashlib.sha256(seed + state["block"].to_bytes(8, "big")).digest()
            state["block"] += 1
        return out[:n]

    return source


def deals(source):
    rolled = bytearray()
    seat = 0
    while len(rolled) < DICE:
        rolled += dice.roll(source(16), NONCE, seat % 6, source(16), PER_DEAL)
        seat += 1
    return bytes(rolled)


def test_p_value_matches_known_critical_values():
    assert abs(p_value(11.0705) - 0.05) < 1e-5
    assert abs(p_value(20.515) - 0.001) < 1e-6


def test_dice_from_urandom_seeds_and_entropy_fit_a_fair_die():
    counts = counts_of(deals(os.urandom))
    assert p_value(chi_square(counts)) > 1e-6, counts


def test_dice_from_fixed_seeds_and_entropy_fit_a_fair_die():
    counts = counts_of(deals(seeded_stream(b"fair")))
    assert p_value(chi_square(counts)) > 0.001, counts


def test_the_same_statistic_catches_plain_modulo_bias():
    """Without the skip, faces 1-4 get 43/256 and 5-6 42/256: a noncentrality of about 1.2e-4 per die, so
    1.2 million dice give an expected chi-square near 150, far past p = 1e-6 (35.9)."""
    biased = bytearray()
    block = 0
    while len(biased) < 1_200_000:  # an HMAC stream, every byte kept: roll() without skipping 252..255
        mac = hmac.new(b"k" * 16, block.to_bytes(4, "big"), hashlib.sha256).digest()
        biased += bytes(b % 6 + 1 for b in mac)
        block += 1
    assert p_value(chi_square(counts_of(bytes(biased)))) < 1e-6
