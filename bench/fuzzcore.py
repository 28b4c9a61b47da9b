"""The frame fuzzer's core, portable: the same file runs under CPython and the MicroPython unix port, so both
decoders (cupcore.wire.Decoder under cupcore.link.Link, the code the cups and the hub share) get the same
frames from the same seed. bench/fuzz_frames.py runs it on both and prints the figures.

    micropython bench/fuzzcore.py --frames N --seed S      (MICROPYPATH holds firmware/)

Every case is a fresh link fed one case's bytes and a closing 0x00. The generator knows which message (if any)
it meant the link to deliver: the original of a mutated frame (a mutation that changes nothing is harmless),
nothing for noise, and for a frame it built with a good CRC over a body of its own, what the reference check
below (written from docs/protocol.md's layouts, not with wire.unpack_body) says. Counted:
    crashes        an exception escaping Link.feed
    accepted_bad   a delivered message the generator did not mean to be valid
    lost_good      a frame meant valid that was not delivered (the harness's own sanity check)
Prints one line: RESULT cases=.. crashes=.. accepted_bad=.. lost_good=.. seconds=.. then up to 5 EXAMPLE lines.
"""
import sys
import time

from cupcore import wire
from cupcore.link import Link

try:
    from cupcore import auth as _auth  # helper A's authenticated link, once it is in (see AuthTarget)
except ImportError:
    _auth = None


class Rng:
    """xorshift32: the same numbers on every runtime (neither `random` module promises that)."""

    def __init__(self, seed):
        self.x = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x

    def below(self, n):
        return self.next() % n

    def raw(self, n, nonzero=False):
        out = bytearray(n)
        for i in range(n):
            out[i] = self.below(255) + 1 if nonzero else self.next() & 0xFF
        return out


# -- the reference check: what docs/protocol.md says a body of each type is ------------------------------------
_FIXED = {"B": 1, "b": 1, "H": 2, "I": 4, "n": 8, "a": 16, "k": 32}


def _utf8_ok(raw):
    """Strict UTF-8 (RFC 3629: no overlongs, no surrogates, nothing past U+10FFFF), as a text field must be."""
    i, n = 0, len(raw)
    while i < n:
        c = raw[i]
        if c < 0x80:
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            more, low, high = 1, 0x80, 0xBF
        elif 0xE0 <= c <= 0xEF:
            more = 2
            low, high = (0xA0, 0xBF) if c == 0xE0 else (0x80, 0x9F) if c == 0xED else (0x80, 0xBF)
        elif 0xF0 <= c <= 0xF4:
            more = 3
            low, high = (0x90, 0xBF) if c == 0xF0 else (0x80, 0x8F) if c == 0xF4 else (0x80, 0xBF)
        else:
            return False
        if i + more >= n or not low <= raw[i + 1] <= high:
            return False
        for j in range(2, more + 1):
            if raw[i + j] & 0xC0 != 0x80:
                return False
        i += more + 1
    return True


def reference_values(mtype, body):
    """The values a well-formed body of `mtype` carries, or None when the protocol says it is malformed."""
    codes = wire.LAYOUTS.get(mtype)
    if codes is None:
        return None
    values = []
    at, n = 0, len(body)
    for code in codes:
        size = _FIXED.get(code)
        if size is not None:
            if at + size > n:
                return None
            chunk = bytes(body[at : at + size])
            at += size
            if code in "nak":
                values.append(chunk)
                continue
            value = 0
            for byte in chunk:
                value = value * 256 + byte
            if code == "b" and value >= 128:
                value -= 256
            values.append(value)
            continue
        if at >= n:
            return None
        length = body[at]
        at += 1
        if length > (wire.MAX_TEXT if code == "t" else wire.MAX_DICE) or at + length > n:
            return None
        chunk = bytes(body[at : at + length])
        at += length
        if code == "d":
            for die in chunk:
                if die < 1 or die > 6:
                    return None
            values.append(chunk)
        else:
            if not _utf8_ok(chunk):
                return None
            values.append(chunk.decode())
    return tuple(values) if at == n else None


def random_values(rng, mtype):
    """Values a sender could legally put in a message of `mtype`."""
    values = []
    for code in wire.LAYOUTS[mtype]:
        if code in "BHI":
            values.append(rng.next() & {"B": 0xFF, "H": 0xFFFF, "I": 0xFFFFFFFF}[code])
        elif code == "b":
            values.append(rng.below(256) - 128)
        elif code in "nak":
            values.append(bytes(rng.raw(_FIXED[code])))
        elif code == "d":
            values.append(bytes([rng.below(6) + 1 for _ in range(rng.below(wire.MAX_DICE + 1))]))
        else:
            values.append("".join(chr(97 + rng.below(26)) for _ in range(rng.below(wire.MAX_TEXT + 1))))
    return tuple(values)


# -- the targets: how a frame is made, and the link that takes it ---------------------------------------------
class PlainTarget:
    """Today's link: CRC-16 and the message table, no key."""

    name = "plain"

    def encode(self, mtype, values, seq):
        return wire.encode(mtype, values, seq, 0)

    def link(self, write, deliver):
        return Link(write, deliver, clock=lambda: 0)


TARGETS = {"plain": PlainTarget}


# -- building frames by hand ------------------------------------------------------------------------------------
def _crc_frame(payload):
    """0x00, COBS(payload + its good CRC), 0x00: what a sender would put on the wire for this payload."""
    buf = bytearray(len(payload) + 2)
    buf[: len(payload)] = payload
    crc = wire.crc16(buf, len(payload))
    buf[-2] = crc >> 8
    buf[-1] = crc & 0xFF
    out = bytearray(len(buf) + len(buf) // 254 + 3)
    end = wire._stuff(buf, len(buf), out, 1)
    out[end] = 0
    return bytes(out[: end + 1])


def _payload(mtype, body, rng, version=wire.VERSION):
    head = bytearray(4)
    head[0] = version
    head[1] = mtype
    head[2] = rng.below(256)
    head[3] = rng.below(256)
    return bytes(head) + bytes(body)


class Generator:
    """Cases: (bytes, meant, must): meant is the (mtype, values) the link may deliver, or None; must says the
    bytes are a whole good frame of it, so the link has to deliver it."""

    def __init__(self, seed, target, pool=512):
        self.rng = Rng(seed)
        self.target = target
        types = sorted(wire.LAYOUTS)
        self.types = types
        self.pool = []
        for i in range(pool):
            mtype = types[i % len(types)]
            values = random_values(self.rng, mtype)
            self.pool.append((target.encode(mtype, values, self.rng.below(256)), (mtype, values)))
        self.kinds = (
            self.intact, self.bit_flips, self.bit_flips, self.truncated, self.extended, self.noise,
            self.boundary, self.bad_cobs, self.garbage_with_crc, self.wrong_body_size, self.wrong_version,
            self.spliced,
        )

    def case(self):
        kind = self.kinds[self.rng.below(len(self.kinds))]
        self.last_kind = kind.__name__
        return kind()

    def _base(self):
        return self.pool[self.rng.below(len(self.pool))]

    def intact(self):
        frame, message = self._base()
        return frame, message, True

    def bit_flips(self):
        frame, message = self._base()
        body = bytearray(frame)
        for _ in range(1 + self.rng.below(4)):
            at = 1 + self.rng.below(len(body) - 2)
            body[at] ^= 1 << self.rng.below(8)
        return bytes(body), message, False

    def truncated(self):
        frame, message = self._base()
        keep = 1 + self.rng.below(len(frame) - 2)
        tail = b"\x00" if self.rng.below(2) else b""
        return frame[:keep] + tail, message, False

    def extended(self):
        frame, message = self._base()
        extra = self.rng.raw(1 + self.rng.below(8), nonzero=self.rng.below(2) == 0)
        return frame[:-1] + bytes(extra) + b"\x00", message, False

    def noise(self):
        data = self.rng.raw(self.rng.below(120))
        return bytes(data), None, False

    def boundary(self):
        """A run of exactly 0, 1, MAX_FRAME-1, MAX_FRAME or MAX_FRAME+1 bytes, delimiters included: noise, or a
        well-formed frame of a padded payload with a good CRC (so only the length can make it wrong)."""
        total = (0, 1, wire.MAX_FRAME - 1, wire.MAX_FRAME, wire.MAX_FRAME + 1)[self.rng.below(5)]
        if total < 3 or self.rng.below(2):
            run = self.rng.raw(max(0, total - 2), nonzero=True)
            return (b"\x00" + bytes(run) + b"\x00")[:total] if total else b"", None, False
        # A payload of (total - 3) bytes stuffs to (total - 2) without zeros: pick nonzero body bytes.
        mtype = self.types[self.rng.below(len(self.types))]
        body = self.rng.raw(max(0, total - 3 - 6), nonzero=True)
        payload = _payload(mtype, body, self.rng)
        frame = _crc_frame(payload)
        too_long = len(payload) + 2 > wire.MAX_PAYLOAD
        meant = None if too_long else self._meant(payload)
        return frame, meant, meant is not None

    def bad_cobs(self):
        frame, message = self._base()
        body = bytearray(frame)
        at = 1 + self.rng.below(len(body) - 2)
        body[at] = len(body) + self.rng.below(200)  # a code byte that points past the delimiter
        return bytes(body), message, False

    def garbage_with_crc(self):
        mtype = self.types[self.rng.below(len(self.types))] if self.rng.below(4) else self.rng.below(256)
        payload = _payload(mtype, self.rng.raw(self.rng.below(wire.MAX_BODY + 1)), self.rng)
        meant = self._meant(payload)
        return _crc_frame(payload), meant, meant is not None

    def wrong_body_size(self):
        """Every message type in turn, its body a few bytes short or long, with a good CRC."""
        frame, (mtype, values) = self._base()
        good = bytearray(wire.MAX_PAYLOAD)
        end = wire.pack_body(mtype, values, good, 0)
        delta = (self.rng.below(4) + 1) * (1 if self.rng.below(2) else -1)
        body = bytes(good[:end]) + bytes(self.rng.raw(delta)) if delta > 0 else bytes(good[: max(0, end + delta)])
        if len(body) > wire.MAX_BODY:
            body = body[: wire.MAX_BODY]
        payload = _payload(mtype, body, self.rng)
        meant = self._meant(payload)
        return _crc_frame(payload), meant, meant is not None

    def wrong_version(self):
        frame, (mtype, values) = self._base()
        good = bytearray(wire.MAX_PAYLOAD)
        end = wire.pack_body(mtype, values, good, 0)
        version = (wire.VERSION + 1 + self.rng.below(255)) & 0xFF
        return _crc_frame(_payload(mtype, good[:end], self.rng, version)), None, False

    def spliced(self):
        """The head of one frame and the tail of another, as a dropped delimiter leaves them. Every frame starts
        with the same few bytes (0x00, a code byte, the version), so a splice can give back b itself: then b is
        what it means."""
        a, _ = self._base()
        b, message = self._base()
        cut_a = 2 + self.rng.below(len(a) - 3)
        cut_b = 2 + self.rng.below(len(b) - 3)
        data = a[:cut_a] + b[cut_b:]
        return data, message if data == b else None, data == b

    def _meant(self, payload):
        """What the protocol says the link should make of this (good-CRC) payload."""
        if payload[0] != wire.VERSION:
            return None
        values = reference_values(payload[1], payload[4:])
        return None if values is None else (payload[1], values)


def run(frames, seed, target_name="plain", out=print):
    target = TARGETS[target_name]()
    gen = Generator(seed, target)
    crashes = accepted_bad = lost_good = 0
    examples = []
    got = []
    sink = []

    def deliver(mtype, values):
        got.append((mtype, values))

    start = time.time()
    for i in range(frames):
        data, meant, must = gen.case()
        must = must and meant[0] != wire.ACK  # a link takes an ACK itself: it is never delivered
        del got[:]
        del sink[:]
        link = target.link(sink.append, deliver)
        try:
            link.feed(data)
            link.feed(b"\x00")
        except Exception as exc:  # the one thing that must never happen
            crashes += 1
            if len(examples) < 5:
                examples.append("crash case %d (%s) %s: %s %s" % (i, gen.last_kind, type(exc).__name__, exc, _hex(data)))
            continue
        for message in got:
            if meant is None or message[0] != meant[0] or tuple(message[1]) != tuple(meant[1]):
                accepted_bad += 1
                if len(examples) < 5:
                    examples.append("accepted case %d (%s) %r %s" % (i, gen.last_kind, message, _hex(data)))
        if must and len(got) != 1:
            lost_good += 1
            if len(examples) < 5:
                examples.append("lost case %d (%s) %r %s" % (i, gen.last_kind, meant, _hex(data)))
    seconds = time.time() - start
    out("RESULT cases=%d crashes=%d accepted_bad=%d lost_good=%d seconds=%.1f target=%s" % (
        frames, crashes, accepted_bad, lost_good, seconds, target.name))
    for line in examples:
        out("EXAMPLE " + line)
    return crashes, accepted_bad, lost_good


def _hex(data):
    return "".join("%02x" % byte for byte in data)


def main(argv):
    frames, seed, target = 1000, 1, "plain"
    if "--list-targets" in argv:
        print(" ".join(sorted(TARGETS, key=lambda name: name != "plain")))
        return
    i = 1
    while i < len(argv):
        if argv[i] == "--frames":
            frames = int(argv[i + 1])
        elif argv[i] == "--seed":
            seed = int(argv[i + 1])
        elif argv[i] == "--target":
            target = argv[i + 1]
        i += 2
    run(frames, seed, target)


if __name__ == "__main__":
    main(sys.argv)
