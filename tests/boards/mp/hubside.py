"""The hub's side of a board test on the MicroPython unix port: a stand-in USB stream, frames, a hand clock."""
from cupcore import wire


class UsbStandIn:
    """STAND-IN for a board's USB serial stream: bytes the test queues come in; frames the cup writes are kept."""

    def __init__(self):
        self.incoming = bytearray()
        self.sent = bytearray()
        self._buf = bytearray(64)

    def poll(self, feed):
        n = min(len(self.incoming), len(self._buf))
        if n:
            self._buf[:n] = self.incoming[:n]
            self.incoming = self.incoming[n:]
            feed(self._buf, n)

    def write(self, frame):
        self.sent += frame

    def wait(self, ms):
        """Like UsbSerial.wait, without the waiting: True if bytes are queued."""
        self.waited = getattr(self, "waited", 0) + ms
        return bool(self.incoming)


class StoreStandIn:
    """STAND-IN for a board's flash as cupcore/keep.py uses it: what is written survives a board made again on it
    (a reset); `writes` counts what flash wear would."""

    def __init__(self):
        self.data = None
        self.writes = 0

    def read(self):
        return self.data

    def write(self, data):
        self.data = bytes(data)
        self.writes += 1

    def erase(self):
        self.data = None


def commitment(runner, usb, hub, clock, deal_id=3, nonce=b"12345678"):
    """The COMMIT the cup answers a DEAL with."""
    usb.incoming += hub.frame(wire.DEAL, (deal_id, 5, nonce))
    run_for(runner, clock, 20)
    return [v for t, v in hub.read(usb) if t == wire.COMMIT][0]


def nvm_keeps_the_deal(make):
    """A CircuitPython board's check: the record in microcontroller.nvm (its stand-in) survives a board made
    again (a reset, RAM gone) and answers the same DEAL with the same COMMIT; cleared at the RESULT."""
    import microcontroller

    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    first = commitment(runner, usb, hub, clock)
    assert microcontroller.nvm[0] == 33  # the record's length: one assignment wrote it whole
    runner, usb, hub, clock, strip = make(fresh=False)
    seat(runner, usb, hub, clock)
    assert commitment(runner, usb, hub, clock) == first
    usb.incoming += hub.frame(wire.RESULT, (3, 0, 0, 5, wire.PLAYING))
    run_for(runner, clock, 20)
    assert microcontroller.nvm[0] == 0  # settled: nothing kept


class Hub:
    def __init__(self):
        self.seq = 0
        self.last_rx = 0

    def read(self, stream):
        """The cup's messages on a stand-in stream since the last read; each sequenced one is acknowledged."""
        out = []
        decoder = wire.Decoder()
        for byte in bytes(stream.sent):
            if decoder.push(byte) and decoder.type != wire.ACK:
                if decoder.seq:
                    self.last_rx = decoder.seq
                    stream.incoming += wire.encode(wire.ACK, (), 0, decoder.seq)
                out.append((decoder.type, wire.unpack_body(decoder.type, decoder.body)))
        stream.sent = bytearray()
        return out

    def frame(self, mtype, values=()):
        seq = 0
        if wire.is_reliable(mtype):
            self.seq = self.seq % 255 + 1
            seq = self.seq
        return wire.encode(mtype, values, seq, self.last_rx)


def messages(data):
    """[(mtype, values)] of the good non-ack frames in data."""
    out = []
    decoder = wire.Decoder()
    for byte in bytes(data):
        if decoder.push(byte) and decoder.type != wire.ACK:
            out.append((decoder.type, wire.unpack_body(decoder.type, decoder.body)))
    return out


class Clock:
    def __init__(self, now=10000):
        self.now = now

    def __call__(self):
        return self.now


def run_for(runner, clock, ms, step=5):
    end = clock.now + ms
    while clock.now < end:
        clock.now += step
        runner.step(clock.now)


def hold(runner, clock, pin, ms, pressed=0, released=1):
    """Hold a stand-in pin at its pressed level for ms, then let go and let the gesture settle."""
    pin.level = pressed
    run_for(runner, clock, ms)
    pin.level = released
    run_for(runner, clock, 450)


def seat(runner, usb, hub, clock, seat=1, seats=4):
    """WHO, WELCOME; returns the cup's messages (HELLO), acknowledged."""
    usb.incoming += hub.frame(wire.WHO)
    run_for(runner, clock, 20)
    said = hub.read(usb)
    usb.incoming += hub.frame(wire.WELCOME, (wire.VERSION, seat, seats))
    run_for(runner, clock, 20)
    return said + hub.read(usb)


def capped_colour(colour, limit):
    from cupcore.board import capped

    return (capped(colour[0], limit), capped(colour[1], limit), capped(colour[2], limit))


def deal(runner, usb, hub, clock, deal_id=2):
    """A deal of five dice with the hub's entropy; the cup rolls them (hidden: pixel 0 dim amber)."""
    usb.incoming += hub.frame(wire.DEAL, (deal_id, 5, b"abcdefgh")) + hub.frame(wire.ENTROPY, (deal_id, bytes(16)))
    run_for(runner, clock, 20)


def dice_colours(runner, limit, count=5):
    """What a peek must show: each of the cup's `count` dice in its face colour, capped to the board's limit."""
    from cupcore import leds

    dice = runner.cup.mode._dice
    return [capped_colour(leds.FACE_COLOURS[dice[i]], limit) for i in range(count)]
