"""Sequencing, acknowledgement and retransmission on top of the wire codec; used by the cup and the hub alike.

Each direction is stop-and-wait: a reliable message gets the next sequence number (1..255, skipping 0) and is
sent again every `retry_ms` until a frame arrives whose ack field carries that number, at most `max_tries`
times; later reliable messages wait in a short queue. Unreliable messages (ping, pong, cue, who, error) go out
at once with seq 0. Every sequenced frame received is acknowledged at once with a bare ACK; a repeat of the
last sequence number is acknowledged again but not delivered twice. HELLO and WELCOME start a session, so they
are always delivered and reset the duplicate filter.
"""
from cupcore import wire
from cupcore.compat import ticks_diff, ticks_ms

_NO_ERROR_REPLY = (wire.ACK, wire.ERROR)


class Link:
    retry_ms = 250
    max_tries = 8
    max_queue = 6

    def __init__(self, write, deliver, clock=ticks_ms):
        """write(frame_bytes) puts bytes on the wire; deliver(mtype, values) receives each good new message."""
        self._write = write
        self._deliver = deliver
        self._clock = clock
        self.decoder = wire.Decoder()
        self._tx_seq = 0
        self._rx_last = 0
        self._pending = None  # (seq, frame) awaiting its ack
        self._sent_at = 0
        self._tries = 0
        self._queue = []
        self.lost = 0  # reliable messages given up after max_tries
        self.refused = 0  # frames of another version, unknown type or malformed body

    @property
    def idle(self):
        return self._pending is None and not self._queue

    def send(self, mtype, values=()):
        """Send one message; reliable ones are queued behind an unacknowledged one. False if the queue is full."""
        if not wire.is_reliable(mtype):
            self._write(wire.encode(mtype, values, 0, self._rx_last))
            return True
        if len(self._queue) >= self.max_queue:
            return False
        self._tx_seq = self._tx_seq % 255 + 1
        self._queue.append((self._tx_seq, wire.encode(mtype, values, self._tx_seq, self._rx_last)))
        if self._pending is None:
            self._next()
        return True

    def reset(self):
        """Forget everything in flight (a new session)."""
        self._pending = None
        self._queue = []
        self._rx_last = 0

    def feed(self, data, n=None):
        """Take received bytes (data[:n]) and deliver every good message among them."""
        decoder = self.decoder
        for i in range(len(data) if n is None else n):
            if decoder.push(data[i]):
                self._on_frame(decoder)

    def tick(self):
        """Retransmit when an acknowledgement is overdue; call it often."""
        pending = self._pending
        if pending is None or ticks_diff(self._clock(), self._sent_at) < self.retry_ms:
            return
        if self._tries >= self.max_tries:
            self.lost += 1
            self._pending = None
            self._next()
            return
        self._transmit(pending)

    def due_in(self, now):
        """Milliseconds until tick() has something to do (a retransmission), or -1 when nothing is in flight."""
        if self._pending is None:
            return -1
        return max(0, self.retry_ms - ticks_diff(now, self._sent_at))

    def _next(self):
        if self._queue:
            self._pending = pending = self._queue.pop(0)
            self._tries = 0
            self._transmit(pending)

    def _transmit(self, pending):
        self._tries += 1
        self._sent_at = self._clock()
        self._write(pending[1])

    def _on_frame(self, frame):
        mtype = frame.type
        if frame.version != wire.VERSION:
            self.refused += 1
            if mtype not in _NO_ERROR_REPLY:
                self.send(wire.ERROR, (wire.ERR_VERSION, mtype))
            return
        if self._pending is not None and frame.ack == self._pending[0]:
            self._pending = None
            self._next()
        seq = frame.seq
        if seq:
            self._write(wire.encode(wire.ACK, (), 0, seq))
            fresh = seq != self._rx_last or mtype in (wire.HELLO, wire.WELCOME)
            self._rx_last = seq
            if not fresh:
                return
        if mtype == wire.ACK:
            return
        try:
            values = wire.unpack_body(mtype, frame.body)
        except ValueError:
            self.refused += 1
            if mtype not in _NO_ERROR_REPLY:
                code = wire.ERR_BODY if mtype in wire.LAYOUTS else wire.ERR_UNKNOWN
                self.send(wire.ERROR, (code, mtype))
            return
        self._deliver(mtype, values)
