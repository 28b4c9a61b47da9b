"""Helpers for the portable firmware tests: these run under CPython (pytest) and the MicroPython unix port
(tests/firmware/mp_runner.py), so they use nothing either lacks: no pytest, no fixtures, no f-string tricks."""
import binascii

from cupcore import wire


def raises(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type:
        return True
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc_type.__name__))


def tally(dice):
    """How many of each face 1..6 (bytearray.count(int) is missing on MicroPython)."""
    counts = [0] * 6
    for die in dice:
        counts[die - 1] += 1
    return counts


def unhex(text):
    return binascii.unhexlify(text)


def tohex(data):
    return binascii.hexlify(bytes(data)).decode()


def here(module_file):
    """The folder of a test module, without os.path (MicroPython has none)."""
    return module_file.rsplit("/", 1)[0] if "/" in module_file else "."


class Clock:
    """A hand-driven millisecond clock."""

    def __init__(self, now=1000):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, ms):
        self.now += ms


class Wire:
    """Collects bytes written by a link and decodes them into (type, seq, ack, values) tuples."""

    def __init__(self):
        self.data = bytearray()
        self._decoder = wire.Decoder()
        self.frames = []

    def write(self, frame):
        self.data.extend(frame)
        for byte in frame:
            if self._decoder.push(byte):
                d = self._decoder
                self.frames.append((d.type, d.seq, d.ack, wire.unpack_body(d.type, d.body)))

    def messages(self, mtype=None):
        return [f[3] for f in self.frames if mtype is None or f[0] == mtype]

    def types(self):
        return [f[0] for f in self.frames]

    def take(self):
        data = bytes(self.data)
        self.data = bytearray()
        return data


class Sent:
    """Stands in for link.send: records (mtype, values)."""

    def __init__(self):
        self.messages = []

    def __call__(self, mtype, values=()):
        self.messages.append((mtype, values))
        return True

    def of(self, mtype):
        return [v for t, v in self.messages if t == mtype]

    def clear(self):
        self.messages = []


class Counter:
    """A deterministic byte source for tests (a counter run through SHA-256): repeatable, well spread."""

    def __init__(self, seed=b"seed"):
        from cupcore.compat import sha256

        self._sha = sha256
        self._seed = seed
        self._n = 0
        self._pool = b""

    def __call__(self, n):
        while len(self._pool) < n:
            self._n += 1
            self._pool += self._sha(self._seed + str(self._n).encode())
        out, self._pool = self._pool[:n], self._pool[n:]
        return out


class XorShift:
    """A tiny seeded generator for fuzzing that gives the same numbers on every runtime."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n):
        return self.next() % n

    def bytes(self, n):
        return bytes(self.below(256) for _ in range(n))


def poker_mode(sent, source, clock=None):
    """A seated cup turned to poker dice (cupcore/pokercup.py) as a poker table's first message turns it: its
    mode, whose messages, gestures and LEDs the poker tests drive (the Cup's own part is the same in every mode)."""
    from cupcore.cup import Cup
    from cupcore.pokercup import PokerMode

    cup = Cup(sent, 7, "table", "sim", source=source, clock=clock or Clock())
    cup.receive(wire.WELCOME, (1, 0, 4))
    cup.play(PokerMode)
    return cup.mode
