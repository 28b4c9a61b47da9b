"""The board's random source, checked at every draw: a source that gives one byte over and over, or the same draw
twice, is broken, and a cup must not commit to a secret drawn from it (anyone who knows how the board fails,
the hub included, could then work out the dice before the call).

After NIST SP 800-90B's health tests (its repetition count test, cut down to what a cup can afford): a 16-byte
draw whose bytes are all equal, or one equal to the draw before it, has a chance of 2**-120 or less from a
working source. Seen for real: rp2040js stubs the RP2040's ring oscillator, and MicroPython's os.urandom, fed
by its stuck random bit, gave 0x2a for every byte.
"""
_CHECKED_FROM = 8  # shorter draws (a session nonce's few bytes) are not judged by themselves


class StuckSource(Exception):
    """The random source failed its check: no secret is drawn from it."""


class Checked:
    def __init__(self, source):
        self._source = source
        self._last = None

    def __call__(self, n):
        data = self._source(n)
        if n >= _CHECKED_FROM and (_all_equal(data) or data == self._last):
            raise StuckSource()
        self._last = bytes(data)
        return data


def _all_equal(data):
    first = data[0]
    for byte in data:
        if byte != first:
            return False
    return True
