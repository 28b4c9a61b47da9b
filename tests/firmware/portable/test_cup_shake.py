"""Shake to roll: a shake fires, a pick-up never does. Traces synthesised at 100 samples a second, in milli-g,
from the movements a cup goes through on a table (the figures are what a hand does: a brisk lift peaks near
1.5 g, setting a cup down hard is one spike, a shake swings +-2 g four to six times a second)."""
import math

from cupcore.shake import ShakeDetector

STEP = 10  # ms between samples


class Noise:
    """A small deterministic jitter (an LCG: the same on both runtimes)."""

    def __init__(self, seed=7):
        self.state = seed

    def __call__(self, amount=30):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return self.state % (2 * amount + 1) - amount


def rest(ms, noise, gravity=(0, 0, 1000)):
    return [(gravity[0] + noise(), gravity[1] + noise(), gravity[2] + noise()) for _ in range(ms // STEP)]


def pulse(ms, axis, peak, noise, gravity=(0, 0, 1000)):
    """Half a sine of `peak` mg along an axis on top of gravity."""
    out = []
    n = ms // STEP
    for i in range(n):
        extra = int(peak * math.sin(math.pi * i / n))
        sample = [gravity[0] + noise(), gravity[1] + noise(), gravity[2] + noise()]
        sample[axis] += extra
        out.append(tuple(sample))
    return out


def tilt(ms, noise):
    """The cup turned on its side: gravity moves from z to x."""
    out = []
    n = ms // STEP
    for i in range(n):
        angle = (math.pi / 2) * i / n
        out.append((int(1000 * math.sin(angle)) + noise(), noise(), int(1000 * math.cos(angle)) + noise()))
    return out


def shake(ms, hz, peak, noise, axis=0):
    out = []
    for i in range(ms // STEP):
        sample = [noise(), noise(), 1000 + noise()]
        sample[axis] += int(peak * math.sin(2 * math.pi * hz * i * STEP / 1000))
        out.append(tuple(sample))
    return out


def fired(trace, detector=None):
    detector = detector or ShakeDetector()
    times = []
    for i, (x, y, z) in enumerate(trace):
        if detector.sample(1000 + i * STEP, x, y, z):
            times.append(i * STEP)
    return times


def pick_up(noise):
    # at rest, lifted briskly (up, then slowing), carried and tilted to look under, put down hard, at rest
    return (rest(500, noise) + pulse(150, 2, 550, noise) + pulse(150, 2, -450, noise) + rest(300, noise)
            + pulse(200, 0, 400, noise) + pulse(200, 0, -400, noise) + tilt(400, noise) + rest(200, noise, (1000, 0, 0))
            + pulse(60, 2, 1900, noise) + pulse(40, 2, -900, noise) + rest(800, noise))


def test_a_cup_picked_up_carried_and_put_down_does_not_roll():
    assert fired(pick_up(Noise())) == []


def test_a_rough_handling_with_two_jolts_does_not_roll():
    noise = Noise(3)
    trace = rest(300, noise) + pulse(60, 1, 2500, noise) + pulse(60, 1, -2200, noise) + rest(500, noise)
    trace += pulse(60, 1, 2400, noise) + rest(2000, noise)  # a knock, and another well over a second later
    assert fired(trace) == []


def test_a_shake_rolls_once():
    noise = Noise(11)
    times = fired(rest(300, noise) + shake(1500, 5, 2000, noise) + rest(500, noise))
    assert len(times) == 1
    assert 300 < times[0] < 1300  # about the third back-and-forth


def test_a_shake_along_any_axis_rolls():
    for axis in (0, 1, 2):
        noise = Noise(axis + 1)
        assert len(fired(rest(300, noise) + shake(1000, 6, 2200, noise, axis) + rest(300, noise))) == 1


def test_a_long_shake_is_one_roll_until_the_rest_is_over():
    noise = Noise(5)
    times = fired(rest(300, noise) + shake(4000, 5, 2000, noise))
    assert len(times) == 2
    assert times[1] - times[0] >= ShakeDetector.rest_ms


def test_a_gentle_swirl_does_not_roll():
    noise = Noise(9)
    assert fired(rest(300, noise) + shake(2000, 2, 700, noise)) == []


def test_swings_too_far_apart_are_not_a_shake():
    noise = Noise(13)
    trace = rest(300, noise)
    for sign in (1, -1, 1, -1, 1):
        trace += pulse(60, 0, sign * 2200, noise) + rest(600, noise)
    assert fired(trace) == []
