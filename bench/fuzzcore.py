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
    unauthenticated  on a paired link (targets auth-hub, auth-cup): a message delivered from a frame made without
                   the session's key (plain, forged with another key, its tag or counter tampered with) or a
                   replayed authentic frame delivered a second time
Prints one line: RESULT cases=.. crashes=.. accepted_bad=.. lost_good=.. unauthenticated=.. seconds=.. then up
to 5 EXAMPLE lines, and last, run alone as a bench of one runtime and one link kind, `fuzzcore_crashes: N crashes`.
"""
import sys
import time

from cupcore import wire
from cupcore.link import Link
from quickform import sized

try:
    from cupcore import session as _sessions  # the authenticated link (wire version 2), when cupcore has it
except ImportError:
    _sessions = None


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
    """An unpaired link: CRC-16 and the message table, no key (a cup the host let sit without one)."""

    name = "plain"
    paired = False

    def encode(self, mtype, values, seq):
        return wire.encode(mtype, values, seq, 0)

    def plain_ok(self, mtype):
        return True

    def link(self, write, deliver):
        return Link(write, deliver, clock=lambda: 0)


class AuthTarget:
    """A paired link (cupcore/session.py): the hub's hearing a cup (auth-hub) or a cup's hearing its hub
    (auth-cup), configured as dicecup.link.peer and cupcore.runner.pair configure them. The generator's frames
    are made with the session's key (the sender's side), with another key (forged), or with none."""

    paired = True
    _ALWAYS_PLAIN = (wire.HELLO, wire.PROOF, wire.WHO, wire.CHALLENGE)  # cupcore.link sends these plain

    def __init__(self, hears_from_cup):
        key = bytes(range(1, 33))
        sends = wire.TO_HUB if hears_from_cup else wire.TO_CUP
        hears = wire.TO_CUP if hears_from_cup else wire.TO_HUB
        self.name = "auth-hub" if hears_from_cup else "auth-cup"
        self.sender = _sessions.Session(key, sends)
        self.stranger = _sessions.Session(bytes(32), sends)  # the same session, another key
        self.receiver = _sessions.Session(key, hears)
        self.plain = (wire.HELLO, wire.PROOF) if hears_from_cup else (wire.WHO, wire.CHALLENGE)

    def encode(self, mtype, values, seq, session=None):
        if mtype in self._ALWAYS_PLAIN:
            return wire.encode(mtype, values, seq, 0)
        return wire.encode(mtype, values, seq, 0, session=session or self.sender)

    def plain_ok(self, mtype):
        return mtype in self.plain

    def link(self, write, deliver):
        link = Link(write, deliver, clock=lambda: 0)
        self.receiver.heard = 0  # a fresh session for every case: any counter is new
        link.session = self.receiver
        link.require_auth = True
        link.plain_before = link.plain_after = self.plain
        return link


TARGETS = {"plain": PlainTarget}
if _sessions is not None:
    TARGETS["auth-hub"] = lambda: AuthTarget(True)
    TARGETS["auth-cup"] = lambda: AuthTarget(False)


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
    """Cases: (bytes, meant, must, keyless). meant: the (mtype, values) the link may deliver, or None. must: the
    bytes are a whole good frame of it, so the link has to deliver it (once). keyless: on a paired link, the
    case's frames were not all made with the session's key, so a wrong delivery is an unauthenticated one."""

    def __init__(self, seed, target, pool=512):
        self.rng = Rng(seed)
        self.target = target
        types = sorted(wire.LAYOUTS)
        self.types = types
        self.pool = []  # (frame, what it carries, whether the link should deliver it)
        for i in range(pool):
            mtype = types[i % len(types)]
            values = random_values(self.rng, mtype)
            frame = target.encode(mtype, values, self.rng.below(256))
            # frame[2] is the version byte (after the leading 0x00 and COBS's first code byte; it is never 0)
            deliverable = not target.paired or frame[2] == wire.AUTH_VERSION or target.plain_ok(mtype)
            self.pool.append((frame, (mtype, values), deliverable and mtype != wire.ACK))
        self.kinds = [
            self.intact, self.bit_flips, self.bit_flips, self.truncated, self.extended, self.noise,
            self.boundary, self.bad_cobs, self.garbage_with_crc, self.wrong_body_size, self.wrong_version,
            self.spliced,
        ]
        if target.paired:
            self.kinds += [self.forged, self.tampered, self.replayed, self.garbage_with_crc]

    def case(self):
        kind = self.kinds[self.rng.below(len(self.kinds))]
        self.last_kind = kind.__name__
        return kind()

    def _base(self):
        """A pool frame and what the link may make of it (None: nothing, as for a plain DEAL on a paired link)."""
        frame, message, deliverable = self.pool[self.rng.below(len(self.pool))]
        return frame, message if deliverable else None

    def intact(self):
        frame, meant = self._base()
        return frame, meant, meant is not None, False

    def bit_flips(self):
        frame, meant = self._base()
        body = bytearray(frame)
        for _ in range(1 + self.rng.below(4)):
            at = 1 + self.rng.below(len(body) - 2)
            body[at] ^= 1 << self.rng.below(8)
        return bytes(body), meant, False, False

    def truncated(self):
        frame, meant = self._base()
        keep = 1 + self.rng.below(len(frame) - 2)
        tail = b"\x00" if self.rng.below(2) else b""
        return frame[:keep] + tail, meant, False, False

    def extended(self):
        frame, meant = self._base()
        extra = self.rng.raw(1 + self.rng.below(8), nonzero=self.rng.below(2) == 0)
        return frame[:-1] + bytes(extra) + b"\x00", meant, False, False

    def noise(self):
        return bytes(self.rng.raw(self.rng.below(120))), None, False, False

    def boundary(self):
        """A run of exactly 0, 1, MAX_FRAME-1, MAX_FRAME or MAX_FRAME+1 bytes, delimiters included: noise, or a
        well-formed frame of a padded payload with a good CRC (so only the length can make it wrong)."""
        total = (0, 1, wire.MAX_FRAME - 1, wire.MAX_FRAME, wire.MAX_FRAME + 1)[self.rng.below(5)]
        if total < 3 or self.rng.below(2):
            run = self.rng.raw(max(0, total - 2), nonzero=True)
            return (b"\x00" + bytes(run) + b"\x00")[:total] if total else b"", None, False, False
        # A payload of (total - 3) bytes stuffs to (total - 2) without zeros: pick nonzero body bytes.
        mtype = self.types[self.rng.below(len(self.types))]
        payload = _payload(mtype, self.rng.raw(max(0, total - 3 - 6), nonzero=True), self.rng)
        return self._crafted(payload, len(payload) + 2 > wire.MAX_PAYLOAD)

    def bad_cobs(self):
        frame, meant = self._base()
        body = bytearray(frame)
        at = 1 + self.rng.below(len(body) - 2)
        body[at] = len(body) + self.rng.below(200)  # a code byte that points past the delimiter
        return bytes(body), meant, False, False

    def garbage_with_crc(self):
        mtype = self.types[self.rng.below(len(self.types))] if self.rng.below(4) else self.rng.below(256)
        return self._crafted(_payload(mtype, self.rng.raw(self.rng.below(wire.MAX_BODY + 1)), self.rng))

    def wrong_body_size(self):
        """Every message type in turn, its body a few bytes short or long, with a good CRC."""
        frame, (mtype, values), _ = self.pool[self.rng.below(len(self.pool))]
        good = bytearray(wire.MAX_PAYLOAD)
        end = wire.pack_body(mtype, values, good, 0)
        delta = (self.rng.below(4) + 1) * (1 if self.rng.below(2) else -1)
        body = bytes(good[:end]) + bytes(self.rng.raw(delta)) if delta > 0 else bytes(good[: max(0, end + delta)])
        return self._crafted(_payload(mtype, body[: wire.MAX_BODY], self.rng))

    def wrong_version(self):
        frame, (mtype, values), _ = self.pool[self.rng.below(len(self.pool))]
        good = bytearray(wire.MAX_PAYLOAD)
        end = wire.pack_body(mtype, values, good, 0)
        version = (wire.VERSION + 1 + self.rng.below(255)) & 0xFF
        return _crc_frame(_payload(mtype, good[:end], self.rng, version)), None, False, self.target.paired

    def spliced(self):
        """The head of one frame and the tail of another, as a dropped delimiter leaves them. Frames share their
        first bytes (0x00, a code byte, the version) and often a last byte or two, so a splice can give back a or
        b whole: then that frame is what it means."""
        a, meant_a = self._base()
        b, meant_b = self._base()
        cut_a = 2 + self.rng.below(len(a) - 3)
        cut_b = 2 + self.rng.below(len(b) - 3)
        data = a[:cut_a] + b[cut_b:]
        meant = meant_b if data == b else meant_a if data == a else None
        return data, meant, meant is not None, False

    # -- a paired link's own cases ------------------------------------------------------------------------------
    def forged(self):
        """A well-formed authenticated frame made with another key (a stranger, a hijacker, an old session)."""
        mtype = self.types[self.rng.below(len(self.types))]
        frame = self.target.encode(mtype, random_values(self.rng, mtype), self.rng.below(256), self.target.stranger)
        plain_anyway = mtype in self.target._ALWAYS_PLAIN and self.target.plain_ok(mtype)
        return frame, None if not plain_anyway else _decoded(frame), plain_anyway, True

    def tampered(self):
        """An authentic frame with one byte of its header, counter, body or tag changed and its CRC made good."""
        frame, (mtype, values), deliverable = self.pool[self.rng.below(len(self.pool))]
        payload = bytearray(_decoded_payload(frame))
        if payload[0] != wire.AUTH_VERSION:
            return self.forged()
        at = self.rng.below(len(payload) - 2)
        payload[at] ^= 1 + self.rng.below(255)
        return _crc_frame(bytes(payload[:-2])), None, False, True

    def replayed(self):
        """An authentic frame and the same bytes again: the second is a replay and must not be delivered."""
        frame, meant = self._base()
        if meant is None or frame[2] != wire.AUTH_VERSION:
            return frame, meant, meant is not None, False
        return frame + frame, meant, True, True

    def _crafted(self, payload, too_long=False):
        """A frame the generator built by hand with a good CRC and no key: what the protocol makes of it."""
        meant = None if too_long else self._meant(payload)
        if meant is not None and meant[0] == wire.ACK:
            meant = None  # a link takes an ACK itself: it is never delivered
        if meant is not None and self.target.paired and not self.target.plain_ok(meant[0]):
            meant = None  # a plain frame of a type a paired link takes only authenticated
        return _crc_frame(payload), meant, meant is not None, self.target.paired

    def _meant(self, payload):
        """What the protocol says a link should make of this (good-CRC, plain) payload."""
        if payload[0] != wire.VERSION:
            return None
        values = reference_values(payload[1], payload[4:])
        return None if values is None else (payload[1], values)


def _decoded_payload(frame):
    out = bytearray(len(frame))
    n = wire._unstuff(frame[1:-1], len(frame) - 2, out)
    return bytes(out[:n])


def _decoded(frame):
    payload = _decoded_payload(frame)
    values = reference_values(payload[1], payload[4:-2])
    return None if values is None else (payload[1], values)


def run(frames, seed, target_name="plain", out=print):
    target = TARGETS[target_name]()
    gen = Generator(seed, target)
    crashes = accepted_bad = lost_good = unauthenticated = 0
    examples = []
    got = []
    sink = []

    def deliver(mtype, values):
        got.append((mtype, values))

    start = time.time()
    for i in range(frames):
        data, meant, must, keyless = gen.case()
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
        matched = 0
        for message in got:
            right = meant is not None and message[0] == meant[0] and tuple(message[1]) == tuple(meant[1])
            if right and not matched:
                matched = 1
                continue
            if keyless:
                unauthenticated += 1
            else:
                accepted_bad += 1
            if len(examples) < 5:
                examples.append("%s case %d (%s) %r %s" % (
                    "unauthenticated" if keyless else "accepted", i, gen.last_kind, message, _hex(data)))
        if must and not matched:
            lost_good += 1
            if len(examples) < 5:
                examples.append("lost case %d (%s) %r %s" % (i, gen.last_kind, meant, _hex(data)))
    seconds = time.time() - start
    out("RESULT cases=%d crashes=%d accepted_bad=%d lost_good=%d unauthenticated=%d seconds=%.1f target=%s" % (
        frames, crashes, accepted_bad, lost_good, unauthenticated, seconds, target.name))
    for line in examples:
        out("EXAMPLE " + line)
    return crashes, accepted_bad, lost_good, unauthenticated


def _hex(data):
    return "".join("%02x" % byte for byte in data)


def main(argv):
    frames, seed, target = sized(1000, 200), 1, "plain"
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
    crashes = run(frames, seed, target)[0]
    print("fuzzcore_crashes: %d crashes" % crashes)  # run alone, a bench of one runtime and one link kind


if __name__ == "__main__":
    main(sys.argv)
