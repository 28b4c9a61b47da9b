"""Sequencing, acknowledgement, retransmission and duplicate suppression between two Links."""
from cuptest_helpers import Clock, Wire
from cupcore import wire
from cupcore.link import Link


class Pair:
    """Two links joined by a lossy, hand-cranked wire."""

    def __init__(self):
        self.clock = Clock()
        self.a_got = []
        self.b_got = []
        self.to_b = []
        self.to_a = []
        self.drop_to_b = 0  # how many of the next frames towards b are lost
        self.drop_to_a = 0
        self.a = Link(self._a_writes, lambda t, v: self.a_got.append((t, v)), self.clock)
        self.b = Link(self._b_writes, lambda t, v: self.b_got.append((t, v)), self.clock)

    def _a_writes(self, frame):
        if self.drop_to_b:
            self.drop_to_b -= 1
        else:
            self.to_b.append(frame)

    def _b_writes(self, frame):
        if self.drop_to_a:
            self.drop_to_a -= 1
        else:
            self.to_a.append(frame)

    def run(self, steps=50, ms=50):
        for _ in range(steps):
            while self.to_b or self.to_a:
                if self.to_b:
                    self.b.feed(self.to_b.pop(0))
                if self.to_a:
                    self.a.feed(self.to_a.pop(0))
            self.clock.advance(ms)
            self.a.tick()
            self.b.tick()


def test_reliable_messages_arrive_once_and_in_order():
    p = Pair()
    for i in range(5):
        p.a.send(wire.REVEAL_REQ, (i,))
    p.run()
    assert p.b_got == [(wire.REVEAL_REQ, (i,)) for i in range(5)]
    assert p.a.idle


def test_a_lost_frame_is_sent_again():
    p = Pair()
    p.drop_to_b = 1
    p.a.send(wire.DEAL, (1, 5, bytes(8)))
    p.run()
    assert p.b_got == [(wire.DEAL, (1, 5, bytes(8)))]
    assert p.a.idle and p.a.lost == 0


def test_a_lost_ack_causes_a_repeat_that_is_not_delivered_twice():
    p = Pair()
    p.drop_to_a = 1  # b's ACK is lost; a sends again; b acks again but delivers once
    p.a.send(wire.REVEAL_REQ, (9,))
    p.run()
    assert p.b_got == [(wire.REVEAL_REQ, (9,))]
    assert p.a.idle


def test_unreliable_messages_are_not_sequenced_or_repeated():
    out = Wire()
    link = Link(out.write, lambda t, v: None, Clock())
    link.send(wire.PING, (3,))
    for _ in range(10):
        link.tick()
    assert out.frames == [(wire.PING, 0, 0, (3,))]


def test_gives_up_after_max_tries_and_moves_on():
    clock = Clock()
    out = Wire()
    link = Link(out.write, lambda t, v: None, clock)
    link.send(wire.REVEAL_REQ, (1,))
    link.send(wire.REVEAL_REQ, (2,))
    for _ in range(Link.max_tries + 2):
        clock.advance(Link.retry_ms)
        link.tick()
    assert link.lost == 1
    sent = out.messages(wire.REVEAL_REQ)
    assert sent.count((1,)) == Link.max_tries and (2,) in sent


def test_queue_is_bounded():
    link = Link(Wire().write, lambda t, v: None, Clock())
    results = [link.send(wire.REVEAL_REQ, (i,)) for i in range(Link.max_queue + 3)]
    assert results.count(False) == 2  # one in flight, max_queue waiting


def test_sequence_numbers_wrap_past_255_to_1():
    p = Pair()
    for i in range(300):
        p.a.send(wire.PING, (i,))  # unreliable: no seq
    p.run(2)
    for i in range(260):
        p.a.send(wire.ACCEPT, (i, 1))
        p.run(1, 1)
    assert [v[0] for t, v in p.b_got if t == wire.ACCEPT] == list(range(260))


def test_hello_is_always_delivered_even_with_a_repeated_sequence_number():
    got = []
    link = Link(Wire().write, lambda t, v: got.append(t), Clock())
    frame = wire.encode(wire.HELLO, (1, 0, 1, 5, "x", "sim"), 1, 0)
    link.feed(frame)
    link.feed(frame)  # a cup that restarted counts from 1 again
    assert got == [wire.HELLO, wire.HELLO]


def test_wrong_version_unknown_type_and_bad_body_get_errors_not_deliveries():
    out = Wire()
    got = []
    clock = Clock()
    link = Link(out.write, lambda t, v: got.append(t), clock)
    link.feed(wire.encode(wire.PING, (1,), version=3))  # 2 is an authenticated frame (see test_cup_session)
    clock.advance(Link.complain_every_ms)  # errors are rate-limited (below)
    payload = bytearray(b"\x01\x7f\x00\x00")
    crc = wire.crc16(payload, 4)
    payload += bytes((crc >> 8, crc & 0xFF))
    stuffed = bytearray(16)
    end = wire._stuff(payload, len(payload), stuffed, 1)
    link.feed(bytes(stuffed[: end + 1]))
    # an error frame with a bad body must not be answered (no error storms)
    link.feed(wire.encode(wire.ERROR, (1, 2)) [:-4] + b"\x00")
    assert got == []
    assert [e[0] for e in out.messages(wire.ERROR)] == [wire.ERR_VERSION, wire.ERR_UNKNOWN]
    assert link.refused == 2


def test_a_flood_of_bad_frames_gets_at_most_one_error_back_per_complain_every_ms():
    out = Wire()
    clock = Clock()
    link = Link(out.write, lambda t, v: None, clock)
    bad = wire.encode(wire.PING, (1,), version=3)
    for _ in range(50):  # 50 bad frames in 49 ms
        link.feed(bad)
        clock.advance(1)
    assert len(out.messages(wire.ERROR)) == 1 and link.refused == 50
    clock.advance(Link.complain_every_ms)
    link.feed(bad)
    assert len(out.messages(wire.ERROR)) == 2
