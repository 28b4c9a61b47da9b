"""Shake to roll, and only a shake: the accelerometer's samples (milli-g per axis) to one SHAKE event.

A cup that is picked up, tilted, carried or put down hard sees one or two jolts; a shake is the cup swung
back and forth. So the detector takes away gravity (a slow running average per axis), and counts *reversals*:
the movement along an axis going past +threshold after having gone past -threshold, or the other way. Only
`reversals` of them within `window_ms` are a shake, and after one it rests for `rest_ms` (a long shake is one
roll, not three). The thresholds are class attributes a board may tune.
"""
from cupcore.compat import const, ticks_diff

_SMOOTH = const(5)  # gravity follows the samples with weight 1/32: slow against a shake, quick against a tilt


class ShakeDetector:
    threshold_mg = 1100  # movement beyond gravity that counts as one swing
    reversals = 4  # swings that changed direction...
    window_ms = 1200  # ...within this long
    rest_ms = 2000

    def __init__(self):
        self._gravity = None
        self._sign = [0, 0, 0]  # per axis: the direction of the last swing past the threshold
        self._times = [0] * self.reversals  # when the last reversals happened (a ring)
        self._count = 0
        self._rest_from = None

    def reset(self):
        self._gravity = None
        self._sign[0] = self._sign[1] = self._sign[2] = 0
        self._count = 0

    def sample(self, now, x, y, z):
        """Feed one sample; True when it completes a shake."""
        g = self._gravity
        if g is None:
            self._gravity = [x << _SMOOTH, y << _SMOOTH, z << _SMOOTH]
            return False
        if self._rest_from is not None:
            if ticks_diff(now, self._rest_from) < self.rest_ms:
                self._track(g, x, y, z)
                return False
            self._rest_from = None
        fired = False
        for axis, value in ((0, x), (1, y), (2, z)):
            moved = value - (g[axis] >> _SMOOTH)
            if moved > self.threshold_mg:
                sign = 1
            elif moved < -self.threshold_mg:
                sign = -1
            else:
                continue
            last = self._sign[axis]
            self._sign[axis] = sign
            if last and last != sign:
                fired = self._reversal(now) or fired
        self._track(g, x, y, z)
        if fired:
            self._rest_from = now
            self._sign[0] = self._sign[1] = self._sign[2] = 0
            self._count = 0
        return fired

    def _track(self, g, x, y, z):
        g[0] += x - (g[0] >> _SMOOTH)
        g[1] += y - (g[1] >> _SMOOTH)
        g[2] += z - (g[2] >> _SMOOTH)

    def _reversal(self, now):
        times = self._times
        times[self._count % len(times)] = now
        self._count += 1
        if self._count < len(times):
            return False
        oldest = times[self._count % len(times)]  # the ring's next slot holds the oldest of the last few
        return ticks_diff(now, oldest) <= self.window_ms
