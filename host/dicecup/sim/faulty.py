"""A fault-injecting line: a STAND-IN for a bad cable or a noisy radio, for benches and tests only.

One FaultyLine is one direction of a link. It takes whole frames as a link writes them (0x00, COBS, 0x00) and
gives back what arrives at the other end: each frame is independently dropped, duplicated, held back behind the
next frame (reordered) or corrupted (1-3 bits flipped), each at its own rate, from a seeded random source, so
a run with the same seed meets the same faults.

    line = FaultyLine(random.Random(7), drop=0.05, duplicate=0.05, reorder=0.05, corrupt=0.05)
    for frame in line.send(frame):      # zero, one or more frames to put on the wire now
        wire_write(frame)
    for frame in line.flush():          # a frame held back for reordering, when nothing followed it for a while
        wire_write(frame)

FrameSplitter cuts a byte stream (what a serial port reads) back into frames, for a line placed on a stream.
"""
import random


class FaultyLine:
    def __init__(self, rng=None, *, drop=0.0, duplicate=0.0, reorder=0.0, corrupt=0.0):
        self.rng = rng or random.Random()
        self.rates = {"drop": drop, "duplicate": duplicate, "reorder": reorder, "corrupt": corrupt}
        for name, rate in self.rates.items():
            if not 0.0 <= rate <= 1.0:
                raise ValueError(f"the {name} rate is a fraction from 0 to 1, not {rate}")
        self.counts = {name: 0 for name in self.rates}
        self.frames = 0
        self._held = None

    @property
    def holding(self) -> bool:
        return self._held is not None

    def send(self, frame: bytes) -> list:
        """The frames that reach the far end now, in order, for one frame written at this end."""
        self.frames += 1
        rng, rates = self.rng, self.rates
        # Every draw is made for every frame, so one fault's rate does not shift the others' draws.
        dropped, doubled, held, corrupted = (rng.random() < rates[name]
                                             for name in ("drop", "duplicate", "reorder", "corrupt"))
        before, self._held = self._held, None
        out = []
        if dropped:
            self.counts["drop"] += 1
        else:
            if corrupted:
                self.counts["corrupt"] += 1
                frame = self._corrupt(frame)
            out = [frame, frame] if doubled else [frame]
            self.counts["duplicate"] += doubled
            if held and before is None:  # (a frame already waiting is overtaken by this one instead)
                self.counts["reorder"] += 1
                self._held = out.pop()  # the last copy waits for the next frame to overtake it
        if before is not None:
            out.append(before)  # overtaken: it arrives after this one
        return out

    def flush(self) -> list:
        """Let a held frame go (nothing overtook it in time: the owner calls this after a short while)."""
        held, self._held = self._held, None
        return [held] if held is not None else []

    def _corrupt(self, frame: bytes) -> bytes:
        data = bytearray(frame)
        inner = range(1, len(data) - 1) if len(data) > 2 else range(len(data))
        for _ in range(self.rng.randint(1, 3)):
            at = self.rng.choice(inner)
            data[at] ^= 1 << self.rng.randrange(8)
        return bytes(data)


class FrameSplitter:
    """Cuts a byte stream into whole frames (0x00, run, 0x00); bytes of an unfinished frame wait for the rest."""

    def __init__(self):
        self._run = bytearray()

    def feed(self, data: bytes) -> list:
        frames = []
        for byte in data:
            if byte:
                self._run.append(byte)
            elif self._run:
                frames.append(b"\x00" + bytes(self._run) + b"\x00")
                self._run.clear()
        return frames


class FaultyTransport:
    """A transport (dicecup.link.transport) with a FaultyLine each way: `to_cup` on what the hub writes,
    `to_hub` on what it reads. A frame held back for reordering goes out after `hold` seconds if nothing has
    overtaken it by then (checked at every read: it has no file descriptor, so the hub gives it a reader
    thread, which reads every few tens of ms)."""

    def __init__(self, inner, to_cup: FaultyLine, to_hub: FaultyLine, hold: float = 0.03, clock=None):
        import threading
        import time

        self.inner, self.to_cup, self.to_hub, self.hold = inner, to_cup, to_hub, hold
        self._clock = clock or time.monotonic
        self._lock = threading.Lock()  # the hub's thread writes, its reader thread flushes
        self._out = FrameSplitter()
        self._in = FrameSplitter()
        self._held_since = {id(to_cup): None, id(to_hub): None}

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def kind(self) -> str:
        return self.inner.kind

    def write(self, data: bytes) -> None:
        with self._lock:
            frames = [out for frame in self._out.feed(data) for out in self.to_cup.send(frame)]
            self._note_held(self.to_cup)
            if frames:
                self.inner.write(b"".join(frames))

    def read(self, timeout: float) -> bytes:
        data = self.inner.read(timeout)
        arrived = [out for frame in self._in.feed(data) for out in self.to_hub.send(frame)] if data else []
        self._note_held(self.to_hub)
        arrived += self._overdue(self.to_hub)
        with self._lock:
            late = self._overdue(self.to_cup)
            if late:
                self.inner.write(b"".join(late))
        return b"".join(arrived)

    def close(self) -> None:
        self.inner.close()

    def _note_held(self, line):
        if not line.holding:
            self._held_since[id(line)] = None
        elif self._held_since[id(line)] is None:
            self._held_since[id(line)] = self._clock()

    def _overdue(self, line):
        since = self._held_since[id(line)]
        if since is None or self._clock() - since < self.hold:
            return []
        self._held_since[id(line)] = None
        return line.flush()
