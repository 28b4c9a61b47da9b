"""Sequencing, acknowledgement and retransmission on top of the wire codec; used by the cup and the hub alike.

Each direction is stop-and-wait: a reliable message gets the next sequence number (1..255, skipping 0) and is
sent again every `retry_ms` until a frame arrives whose ack field carries that number, at most `max_tries`
times; later reliable messages wait in a short queue. Unreliable messages (ping, pong, cue, who, error) go out
at once with seq 0. Every sequenced frame received is acknowledged: by the first frame sent while it is handled
(a reply carries the ack), else by a bare ACK once it has been handled; a repeat of the last sequence number is
acknowledged again but not delivered twice. HELLO, WELCOME and CHALLENGE start a session, so they are always
delivered and reset the duplicate filter.

Authentication (cupcore/session.py): once `session` is set, every frame sent is authenticated (but HELLO, PROOF,
WHO and CHALLENGE, which pair a cup and are plain by nature), each transmission, retransmissions too, with a
fresh counter. Authenticated frames received are checked against `session` and, on a cup re-paired by a new
hub, `candidate` (promoted once a frame of it arrives, so a stranger's CHALLENGE can't unpair a cup from its
hub). Frames that fail are dropped and counted in `forged` and `replayed`, never answered. With `require_auth`
a plain frame is taken only if its type is in `plain_before` (no session yet) or `plain_after`; the others are
counted in `forged` too (a plain DEAL claims the hub's authority without its key).

Once there is a session, the plain frames still taken (WHO, CHALLENGE; HELLO, PROOF at the hub) live in a sequence
of their own: their seq is filtered and acknowledged apart from the session's, and their ack field acknowledges
only a plain message in flight. So a stranger's plain frame can neither acknowledge a message the session has in
flight (it would never be resent) nor make the session's next frame look like a repeat (it would never be
delivered). A session that replaces another (a candidate confirmed, `renew`) carries on from the plain frames that
paired it. Error replies go out at most once every `complain_every_ms`: a flood of bad frames gets no flood back.
"""
from cupcore import session as sessions
from cupcore import wire
from cupcore.compat import ticks_diff, ticks_ms

_NO_ERROR_REPLY = (wire.ACK, wire.ERROR)
_ALWAYS_PLAIN = (wire.HELLO, wire.PROOF, wire.WHO, wire.CHALLENGE)
_STARTS_SESSION = (wire.HELLO, wire.WELCOME, wire.CHALLENGE)


class Link:
    retry_ms = 250
    max_tries = 8
    max_queue = 6
    complain_every_ms = 100

    def __init__(self, write, deliver, clock=ticks_ms):
        """write(frame_bytes) puts bytes on the wire; deliver(mtype, values) receives each good new message."""
        self._write_out = write
        self._deliver = deliver
        self._clock = clock
        self.decoder = wire.Decoder()
        self._tx_seq = 0
        self._rx_last = 0  # the last seq received (of the session's frames, once there is one)
        self._rx_plain = 0  # the last seq of a plain frame taken while there is a session (see above)
        self._ack_owed = 0  # the seq being handled, until a frame sent carries its ack
        self._owed_plain = False  # ... and whether it is a plain frame's, in the sequence of its own
        self._complained_at = None
        self._pending = None  # (seq, mtype, values) awaiting its ack
        self._sent_at = 0
        self._tries = 0
        self._queue = []
        self.session = None  # cupcore.session.Session once paired: frames both ways are authenticated
        self.candidate = None  # a newer session offered by a CHALLENGE, not yet confirmed by its hub
        self.require_auth = False
        # The plain message types taken with require_auth: before a session, and with one.
        self.plain_before = ()  # type: tuple
        self.plain_after = ()  # type: tuple
        self.lost = 0  # reliable messages given up after max_tries
        self.refused = 0  # frames of another version, unknown type or malformed body
        self.forged = 0  # frames whose tag is wrong, or plain frames where only authenticated ones are taken
        self.replayed = 0  # authentic frames whose counter is not above the last accepted one
        self.accepted = 0  # frames taken (authentic where it matters), for a runner that tracks who talks to it
        self.authentic = 0  # frames taken that were authenticated: only these move where a cup's replies go

    @property
    def idle(self):
        return self._pending is None and not self._queue

    def secure(self, session):
        """Authenticate from now on with this session; a cup that already has one keeps it until the new one's
        first frame arrives (see candidate)."""
        if self.session is None:
            self.renew(session)
        else:
            self.candidate = session

    def renew(self, session):
        """This session, proved just now, is the link's from now on (the hub's, once a proof checks)."""
        if self.session is not None:  # it carries on from the plain frames that paired it
            self._rx_last = self._rx_plain
            self._owed_plain = False
        self.session, self.candidate = session, None
        self._rx_plain = self._rx_last

    def answered(self, mtype):
        """Stop sending messages of `mtype` (in flight or queued): the other end has answered them another way."""
        self._queue = [q for q in self._queue if q[1] != mtype]
        if self._pending is not None and self._pending[1] == mtype:
            self._pending = None
            self._next()

    def send(self, mtype, values=()):
        """Send one message; reliable ones are queued behind an unacknowledged one. False if the queue is full."""
        if not wire.is_reliable(mtype):
            return self.send_once(mtype, values)
        if len(self._queue) >= self.max_queue:
            return False
        self._tx_seq = self._tx_seq % 255 + 1
        self._queue.append((self._tx_seq, mtype, values))
        if self._pending is None:
            self._next()
        return True

    def send_once(self, mtype, values=()):
        """Send a message once, unsequenced, whatever its kind: an answer nobody need acknowledge."""
        self._write(self._encode(mtype, values, 0))
        return True

    def reset(self):
        """Forget everything in flight (a new session)."""
        self._pending = None
        self._queue = []
        self._rx_last = self._rx_plain = 0

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

    def _encode(self, mtype, values, seq, plain=False):
        plain = plain or mtype in _ALWAYS_PLAIN or self.session is None
        apart = plain and self.session is not None  # a plain frame beside a session: its own sequence
        ack = self._rx_plain if apart else self._rx_last
        if self._ack_owed == ack and self._owed_plain == apart:
            self._ack_owed = 0  # this frame's ack field answers the frame being handled
        return wire.encode(mtype, values, seq, ack, session=None if plain else self.session)

    def _write(self, frame):
        self._write_out(frame)

    def _complain(self, code, mtype):
        """An error reply, unless one went out less than complain_every_ms ago (or it is about an ack or an error)."""
        if mtype in _NO_ERROR_REPLY:
            return
        now = self._clock()
        if self._complained_at is not None and ticks_diff(now, self._complained_at) < self.complain_every_ms:
            return
        self._complained_at = now
        self.send(wire.ERROR, (code, mtype))

    def _next(self):
        if self._queue:
            self._pending = pending = self._queue.pop(0)
            self._tries = 0
            self._transmit(pending)

    def _transmit(self, pending):
        self._tries += 1
        self._sent_at = self._clock()
        # Encoded afresh each time: a retransmission carries a new counter (and the latest ack).
        self._write(self._encode(pending[1], pending[2], pending[0]))

    def _authentic(self, frame):
        """Whether an authenticated frame verifies under the session (or the candidate, which it then confirms);
        counts it as forged or replayed when not."""
        verdict = sessions.FORGED
        for session in (self.session, self.candidate):
            if session is not None:
                verdict = session.check(frame)
                if verdict == sessions.OK:
                    if session is self.candidate:
                        self.renew(session)
                    self.authentic += 1
                    return True
                if verdict == sessions.REPLAYED:
                    break
        if verdict == sessions.REPLAYED:
            self.replayed += 1
        else:
            self.forged += 1
        return False

    def _on_frame(self, frame):
        mtype = frame.type
        plain = frame.version != wire.AUTH_VERSION
        if not plain:
            if not self._authentic(frame):
                return
        elif self.require_auth and mtype not in (self.plain_after if self.session else self.plain_before):
            self.forged += 1
            return
        elif frame.version != wire.VERSION:
            self.refused += 1
            self._complain(wire.ERR_VERSION, mtype)
            return
        self.accepted += 1
        apart = plain and self.session is not None
        pending = self._pending
        if pending is not None and frame.ack == pending[0] and (not apart or pending[1] in _ALWAYS_PLAIN):
            self._pending = None
            self._next()
        seq = frame.seq
        if seq:
            fresh = seq != (self._rx_plain if apart else self._rx_last) or mtype in _STARTS_SESSION
            if apart:
                self._rx_plain = seq
            else:
                self._rx_last = seq
            if not fresh:
                self._write(self._encode(wire.ACK, (), 0, plain=apart))
                return
            self._ack_owed, self._owed_plain = seq, apart
        try:
            if mtype != wire.ACK:
                self._unpack_and_deliver(frame, mtype)
        finally:
            if seq and self._ack_owed == seq:
                self._write(self._encode(wire.ACK, (), 0, plain=self._owed_plain))

    def _unpack_and_deliver(self, frame, mtype):
        try:
            values = wire.unpack_body(mtype, frame.body)
        except ValueError:
            self.refused += 1
            self._complain(wire.ERR_BODY if mtype in wire.LAYOUTS else wire.ERR_UNKNOWN, mtype)
            return
        self._deliver(mtype, values)
