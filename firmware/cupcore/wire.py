"""The dicecup wire format: the one definition used by the cups and by the hub.

A frame on the wire is 0x00, COBS(payload), 0x00: the payload COBS-encoded between two delimiters (the leading
one ends whatever noise came before, so the frame after garbage is never lost). The payload is

    version (1) | type (1) | seq (1) | ack (1) | body (0..MAX_BODY) | CRC-16/CCITT-FALSE (2, big-endian)

with the CRC over everything before it. That is a plain frame (version 1). Once a cup and its hub share a session
(the challenge and proof in cupcore/session.py), every frame is authenticated (version 2):

    2 | type | seq | ack | counter (4, big-endian) | body | tag (8) | CRC

tag = HMAC-SHA256(session key, direction (1: cup->hub, 2: hub->cup) | everything before the tag)[:8].
encode(..., session=S) writes one; the Decoder takes both kinds apart (counter, tag and `signed`, the bytes the
tag covers) and checks only the CRC; S.check(decoder) says whether the tag and the counter are good. The
authenticated decoder, for a fuzzer too (cupcore.link.Link does the same, and counts `forged` and `replayed`):

    from cupcore import session as sessions
    decoder, session = wire.Decoder(), sessions.Session(session_key, wire.TO_CUP)   # the hub's side
    for byte in data:
        if decoder.push(byte) and decoder.version == wire.AUTH_VERSION and session.check(decoder) == sessions.OK:
            wire.unpack_body(decoder.type, decoder.body)   # an authentic frame, never seen before

docs/protocol.md describes every byte, message and code; the golden vectors in tests/vectors/ pin them. Change
this file, wirenames.py, the doc and the vectors together.
"""
from cupcore.compat import const

VERSION = const(1)  # a plain frame
AUTH_VERSION = const(2)  # an authenticated frame: a counter after the header, a tag before the CRC
MAX_BODY = const(48)  # a message's body, in either kind of frame
_HEADER = const(4)
_COUNTER = const(4)
TAG_SIZE = const(8)
AUTH_OVERHEAD = const(12)  # _COUNTER + TAG_SIZE
_CRC = const(2)
MAX_PAYLOAD = const(66)  # _HEADER + AUTH_OVERHEAD + MAX_BODY + _CRC
MAX_FRAME = const(69)  # COBS adds one byte per 254 to MAX_PAYLOAD, plus the two 0x00 delimiters
_MAX_STUFFED = const(67)  # MAX_PAYLOAD after COBS: the longest run between delimiters that can be a frame
TO_HUB = const(1)  # the direction byte a tag covers: cup -> hub
TO_CUP = const(2)  # hub -> cup
MAX_DICE = const(15)
MAX_TEXT = const(16)


def fit_text(text):
    """The longest start of `text` a text field carries (MAX_TEXT bytes of UTF-8), cut between characters:
    a name cut inside one (`zoë` at its ë) would not decode at the hub."""
    raw = text.encode()
    if len(raw) <= MAX_TEXT:
        return text
    end = MAX_TEXT
    while end and raw[end] & 0xC0 == 0x80:  # the first byte left out continues a character: leave it all out
        end -= 1
    return raw[:end].decode()

# Message types. Cup -> hub: 0x01-0x0F; hub -> cup: 0x10-0x1F; either way: 0x20-0x2F.
HELLO = const(0x01)
COMMIT = const(0x02)
INTENT = const(0x03)
REVEAL = const(0x04)
PROOF = const(0x05)
PCOMMIT = const(0x06)  # poker dice: one die's commitment (docs/protocol.md, "Poker")
OPEN = const(0x07)  # poker dice: one die opened alone, its face and seed
WELCOME = const(0x10)
DEAL = const(0x11)
TABLE = const(0x12)
ACCEPT = const(0x13)
REFUSE = const(0x14)
REVEAL_REQ = const(0x15)
RESULT = const(0x16)
CUE = const(0x17)
WHO = const(0x18)
ENTROPY = const(0x19)
CHALLENGE = const(0x1A)
PDEAL = const(0x1B)  # poker dice: roll these dice of the one cup (a sub-deal)
PTABLE = const(0x1C)  # poker dice: the round as the cup needs it
PCLOSE = const(0x1D)  # poker dice: the round is over: open its secret (answered with an OPEN of die 0)
ACK = const(0x20)
PING = const(0x21)
PONG = const(0x22)
ERROR = const(0x23)

# Intent kinds (INTENT, ACCEPT, REFUSE).
BID = const(1)
LIAR = const(2)
SPOT = const(3)
READY = const(4)
# Poker dice (the one cup passed round): qty carries a mask of dice 1..5 (bit 0 is die 1) where a kind names dice;
# a bid's hand is qty << 8 | face (docs/protocol.md, "Poker").
SHAKE = const(5)
HIDE = const(6)
ROLL = const(7)
TRY = const(8)
TAKE = const(9)
PBID = const(10)
PBID_LEFT = const(11)
PBID_RIGHT = const(12)

# What went wrong with a frame or a message (ERROR); `about` carries the offending message type.
# REFUSE reason codes, and every code's words for people, are in cupcore/wirenames.py.
ERR_VERSION = const(1)
ERR_UNKNOWN = const(2)
ERR_BODY = const(3)
ERR_STATE = const(4)
ERR_BUSY = const(5)
ERR_CRASH = const(6)  # the cup caught a fault in its own program and carried on
ERR_RANDOM = const(7)  # the board's random source failed its check (cupcore/randomcheck.py): no secret drawn

# CUE codes: what the hub wants the cup to show or sound now (arg is free for the cue's use).
CUE_TURN = const(1)
CUE_LOST = const(2)
CUE_GAINED = const(3)
CUE_CALL = const(4)
CUE_CLICK = const(5)
CUE_BANG = const(6)
CUE_WON = const(7)
CUE_REFUSED = const(8)
CUE_HURRY = const(9)  # the turn clock's last seconds; arg = whole seconds left

# RESULT status and TABLE flags.
PLAYING = const(0)
OUT = const(1)
WON = const(2)
FLAG_WILD = const(1)
FLAG_PALIFICO = const(2)
NOBODY = const(0xFF)

# The message table: type -> body layout, one code per field, in order.
# Codes: B u8, b i8, H u16, I u32 (big-endian); n 8 raw bytes, a 16 raw bytes, k 32 raw bytes;
# d dice (count byte, then one byte 1..6 per die); t text (length byte, then UTF-8, at most MAX_TEXT bytes).
# The names of the messages and of their fields are in cupcore/wirenames.py (the cup has no RAM to spare
# for them); tests check that the two tables agree.
LAYOUTS = {
    HELLO: "BBBItt",  # proto fw_major fw_minor cup_id name board
    COMMIT: "Hk",  # deal digest
    INTENT: "HBBB",  # deal kind qty face
    REVEAL: "Hdan",  # deal dice seed tag (the cup's tag over its deal, cupcore/vouch.py)
    WELCOME: "BBB",  # proto seat seats
    DEAL: "HBn",  # deal dice nonce
    TABLE: "HBBBBHBB",  # deal turn bidder qty face clock in_play flags
    ACCEPT: "HB",  # deal kind
    REFUSE: "HBB",  # deal kind reason
    REVEAL_REQ: "H",  # deal
    RESULT: "HbBBB",  # deal change dice bullets status
    CUE: "BB",  # cue arg
    WHO: "",
    ENTROPY: "Ha",  # deal entropy
    CHALLENGE: "a",  # hub_nonce
    PROOF: "aa",  # cup_nonce tag
    PCOMMIT: "HBk",  # deal die digest
    OPEN: "HBBan",  # deal die face seed tag (die 0: the round secret's tag; a die: none)
    PDEAL: "HBn",  # deal dice(mask) nonce
    PTABLE: "HBBBBH",  # round holder stage on_table way standing
    PCLOSE: "H",  # deal (the round's first sub-deal)
    ACK: "",
    PING: "H",  # token
    PONG: "H",  # token
    ERROR: "BB",  # code about
}
# Sent once, never acknowledged: everything else is sequenced, acknowledged and retransmitted.
_UNRELIABLE = (CUE, WHO, ACK, PING, PONG, ERROR)
_RAW = {"n": 8, "a": 16, "k": 32}


def is_reliable(mtype):
    return mtype in LAYOUTS and mtype not in _UNRELIABLE


def crc16(data, n):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection) of data[:n]; "123456789" -> 0x29B1."""
    crc = 0xFFFF
    for i in range(n):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


def _stuff(src, n, dst, at):
    """COBS-encode src[:n] into dst from offset `at`; return the offset just past the encoded bytes."""
    code_at = at
    out = at + 1
    code = 1
    for i in range(n):
        byte = src[i]
        if byte:
            dst[out] = byte
            out += 1
            code += 1
        if not byte or code == 0xFF:
            dst[code_at] = code
            code_at = out
            out += 1
            code = 1
    dst[code_at] = code
    return out


def _unstuff(src, n, dst):
    """COBS-decode src[:n] into dst; return the decoded length, or -1 if src is not valid COBS."""
    i = 0
    out = 0
    while i < n:
        code = src[i]
        i += 1
        end = i + code - 1
        if code == 0 or end > n:
            return -1
        while i < end:
            dst[out] = src[i]
            out += 1
            i += 1
        if code != 0xFF and i < n:
            dst[out] = 0
            out += 1
    return out


def pack_body(mtype, values, buf, at):
    """Write the body of message `mtype` with `values` into buf from `at`; return the end offset."""
    codes = LAYOUTS.get(mtype)
    if codes is None:
        raise ValueError("unknown message type %d" % mtype)
    if len(values) != len(codes):
        raise ValueError("message %d takes %d values, not %d" % (mtype, len(codes), len(values)))
    for code, value in zip(codes, values):
        at = _pack_field(code, value, buf, at)
    return at


def _pack_field(code, value, buf, at):
    if code in "BbHI":
        size = 1 if code in "Bb" else (2 if code == "H" else 4)
        low = -128 if code == "b" else 0
        high = 127 if code == "b" else (1 << (8 * size)) - 1
        if not low <= value <= high:
            raise ValueError("value %d out of range for field %s" % (value, code))
        value &= (1 << (8 * size)) - 1
        for shift in range(size - 1, -1, -1):
            buf[at] = (value >> (8 * shift)) & 0xFF
            at += 1
        return at
    if code in _RAW:
        if len(value) != _RAW[code]:
            raise ValueError("field needs %d bytes" % _RAW[code])
        raw = value
    else:
        raw = value.encode() if code == "t" else value
        if len(raw) > (MAX_TEXT if code == "t" else MAX_DICE):
            raise ValueError("too long")
        if code == "d":
            for die in raw:
                if not 1 <= die <= 6:
                    raise ValueError("a die shows 1 to 6")
        buf[at] = len(raw)
        at += 1
    if at + len(raw) > len(buf):
        raise ValueError("body too long")
    buf[at : at + len(raw)] = raw
    return at + len(raw)


def unpack_body(mtype, body):
    """Decode a body (bytes or memoryview) into a tuple of values; ValueError if it is not well formed."""
    codes = LAYOUTS.get(mtype)
    if codes is None:
        raise ValueError("unknown message type")
    values = []  # type: list
    at = 0
    n = len(body)
    for code in codes:
        if code in "BbHI":
            size = 1 if code in "Bb" else (2 if code == "H" else 4)
            if at + size > n:
                raise ValueError("body too short")
            value = 0
            for i in range(size):
                value = (value << 8) | body[at + i]
            if code == "b" and value > 127:
                value -= 256
            values.append(value)
            at += size
            continue
        size = _RAW.get(code, 0)
        if not size:
            if at >= n:
                raise ValueError("body too short")
            size = body[at]
            at += 1
            if size > (MAX_TEXT if code == "t" else MAX_DICE):
                raise ValueError("field too long")
        if at + size > n:
            raise ValueError("body too short")
        raw = bytes(body[at : at + size])
        at += size
        if code == "d":
            for die in raw:
                if not 1 <= die <= 6:
                    raise ValueError("a die shows 1 to 6")
        values.append(raw.decode() if code == "t" else raw)
    if at != n:
        raise ValueError("body too long")
    return tuple(values)


# Scratch buffers, allocated once: encoding is not re-entrant, which a single-threaded cup never needs.
_payload = bytearray(MAX_PAYLOAD)
_stuffed = bytearray(MAX_FRAME)


def encode(mtype, values=(), seq=0, ack=0, version=VERSION, session=None):
    """One whole frame, both delimiters included, as bytes. With a session (cupcore.session.Session) it is an
    authenticated frame carrying the session's next counter and the tag."""
    _payload[0] = AUTH_VERSION if session is not None else version
    _payload[1] = mtype
    _payload[2] = seq
    _payload[3] = ack
    start = _HEADER + _COUNTER if session is not None else _HEADER
    end = pack_body(mtype, values, _payload, start)
    if end - start > MAX_BODY:
        raise ValueError("body too long")
    if session is not None:
        counter = session.next_counter()
        for i in range(_COUNTER):
            _payload[_HEADER + i] = (counter >> (8 * (_COUNTER - 1 - i))) & 0xFF
        _payload[end : end + TAG_SIZE] = session.tag(session.sends, _payload, end)
        end += TAG_SIZE
    crc = crc16(_payload, end)
    _payload[end] = crc >> 8
    _payload[end + 1] = crc & 0xFF
    _stuffed[0] = 0
    end = _stuff(_payload, end + _CRC, _stuffed, 1)
    _stuffed[end] = 0
    return bytes(_stuffed[: end + 1])


class Decoder:
    """Turns a byte stream into checked frames, one byte at a time.

    push(byte) returns True when a frame with a good CRC has just ended; its parts are then in version, type,
    seq, ack and body (a memoryview valid until the next push). An authenticated frame (version AUTH_VERSION)
    also has its counter, its tag and `signed` (the bytes the tag covers) set; its tag is NOT checked here (the
    decoder holds no key): cupcore.session.Session.check(decoder) does that. Garbage, overlong runs and bad CRCs are counted
    in `dropped` and skipped: decoding restarts at the next 0x00, so one bad frame never costs a good one.
    """

    def __init__(self):
        self._raw = bytearray(_MAX_STUFFED)
        self._frame = bytearray(MAX_PAYLOAD)
        self._view = memoryview(self._frame)
        self._n = 0
        self._overflow = False
        self.dropped = 0
        self.version = self.type = self.seq = self.ack = self.counter = 0
        self.body = self.tag = self.signed = self._view[0:0]

    def push(self, byte):
        if byte:
            # A longer run would decode past the payload buffer (COBS gives back one byte fewer than it took).
            if self._n < _MAX_STUFFED:
                self._raw[self._n] = byte
                self._n += 1
            else:
                self._overflow = True
            return False
        n = self._n
        overflow = self._overflow
        self._n = 0
        self._overflow = False
        if n == 0:
            return False  # back-to-back delimiters are a legal way to resynchronise
        if overflow:
            self.dropped += 1
            return False
        size = _unstuff(self._raw, n, self._frame)
        if size < _HEADER + _CRC or crc16(self._frame, size - _CRC) != (
            (self._frame[size - 2] << 8) | self._frame[size - 1]
        ):
            self.dropped += 1
            return False
        frame = self._frame
        start, end = _HEADER, size - _CRC
        if frame[0] == AUTH_VERSION:
            start += _COUNTER
            end -= TAG_SIZE
            if end < start:
                self.dropped += 1  # too short to carry a counter and a tag
                return False
            self.counter = (frame[4] << 24) | (frame[5] << 16) | (frame[6] << 8) | frame[7]
            self.tag = self._view[end : end + TAG_SIZE]
            self.signed = self._view[0:end]
        if end - start > MAX_BODY:
            self.dropped += 1
            return False
        self.version = frame[0]
        self.type = frame[1]
        self.seq = frame[2]
        self.ack = frame[3]
        self.body = self._view[start:end]
        return True
