"""The byte stream over Bluetooth LE: frames cut into packets that fit one notification, and put back together.

A BLE packet (one write or one notification) carries at most MTU - 3 bytes: 20 when no larger MTU was
negotiated. Each packet is one sequence byte (0..255, then 0 again; both sides start at 0 on each connection)
followed by up to size - 1 bytes of the frame stream (`00 COBS 00` frames, see wire.py).

The receiver passes on only whole frames whose every byte came in packets with consecutive sequence numbers.
When a packet is missing, it drops the frame it was collecting and everything up to the next `00`; a packet that
comes late (its number already passed) is ignored. So a lost or reordered packet can cost frames, which the
link's retransmission recovers, but can never splice two frames into one: the CRC is not the only guard.
Used by the cups and by the hub (dicecup.link.ble) alike.
"""
from cupcore import wire
from cupcore.compat import const

DEFAULT_SIZE = const(20)  # ATT MTU 23 - 3
_LATE = const(128)  # a sequence number up to 128 behind the expected one is a late packet


class Chunker:
    """Cuts outgoing bytes into packets of at most `size` bytes and hands each to send(packet).

    The packet is a memoryview of a buffer reused for the next one: send must copy what it keeps."""

    def __init__(self, send, size=DEFAULT_SIZE):
        self._send = send
        self._buf = bytearray(1 + wire.MAX_FRAME)
        self.size = size
        self.seq = 0

    def set_mtu(self, mtu):
        """The ATT MTU the two sides agreed; a packet never needs to be longer than one frame."""
        self.size = max(DEFAULT_SIZE, min(mtu - 3, len(self._buf)))

    def reset(self):
        """A new connection: numbering starts again at 0."""
        self.seq = 0
        self.size = DEFAULT_SIZE

    def write(self, data):
        buf = self._buf
        step = self.size - 1
        view = memoryview(buf)
        for start in range(0, len(data), step):
            piece = data[start : start + step]
            buf[0] = self.seq
            buf[1 : 1 + len(piece)] = piece
            self.seq = (self.seq + 1) & 0xFF
            self._send(view[: 1 + len(piece)])


class Reassembler:
    """Takes packets in the order they arrive; passes on whole frames only, as deliver(buf, n) (`00 frame 00`)."""

    def __init__(self):
        self._buf = bytearray(wire.MAX_FRAME + 2)
        self._n = 0
        self._expect = -1  # no packet yet
        self._skipping = True  # dropping bytes up to the next 00
        self.gaps = 0  # packets found missing
        self.late = 0  # packets that came after a later one

    def reset(self):
        self._n = 0
        self._expect = -1
        self._skipping = True

    def feed(self, packet, deliver):
        if not packet:
            return
        seq = packet[0]
        if seq != self._expect:
            if self._expect >= 0 and (self._expect - seq) & 0xFF <= _LATE:
                self.late += 1
                return  # its bytes belong to a frame already dropped or passed on
            if self._expect >= 0:
                self.gaps += 1
            self._n = 0
            self._skipping = True
        self._expect = (seq + 1) & 0xFF
        buf = self._buf
        for i in range(1, len(packet)):
            byte = packet[i]
            if byte == 0:
                if self._n and not self._skipping:
                    buf[0] = 0
                    buf[self._n + 1] = 0
                    deliver(buf, self._n + 2)
                self._n = 0
                self._skipping = False
            elif not self._skipping:
                if self._n >= wire.MAX_FRAME:
                    self._n = 0  # longer than any frame: garbage
                    self._skipping = True
                else:
                    self._n += 1
                    buf[self._n] = byte
