"""A Bluetooth stranger at a paired cup (issue 24): a cup with two streams, its USB line to its hub and BLE, where
a central without the key connects and says WHO. The cup is cupcore's Runner, keyed as a board keys it, over a
board whose BLE stream is a STAND-IN for the radio (cupcore.chunks both ways, the packets handed over in memory);
the hub's end is the hub's own CupConnection. The rule (docs/protocol.md, "Who obeys whom"): the stranger gets
a HELLO back on its own stream, and nothing else moves: the owner's next intent still reaches the hub."""
import time

from cupcore import cup as cupmod
from cupcore import wire
from cupcore.board import BoardBase
from cupcore.chunks import Chunker, Reassembler
from cupcore.gestures import LONG
from cupcore.runner import Runner
from dicecup.link.peer import CupConnection
from dicecup.link.transport import Transport

KEY = bytes(range(50, 82))
CUP_ID = 0xB1E


class UsbLine(Transport):
    """The cup's USB line as the hub's transport sees it, and as one of the board's streams."""

    kind = "usb"

    def __init__(self):
        super().__init__("loop")
        self.to_hub, self.to_cup = bytearray(), bytearray()

    def read(self, timeout):
        data, self.to_hub[:] = bytes(self.to_hub), b""
        return data

    def write(self, data):
        self.to_cup += data

    def cups_end(self):
        return _CupsEnd(self)


class _CupsEnd:
    """The same line as the board's stream."""

    def __init__(self, line):
        self._line = line

    def poll(self, feed):
        line = self._line
        if line.to_cup:
            data, line.to_cup[:] = bytes(line.to_cup), b""
            feed(data, len(data))

    def write(self, frame):
        self._line.to_hub += frame


class BleStandIn:
    """STAND-IN for the cup's BLE stream (atomble/cpbble/nus): numbered packets through cupcore.chunks, a central
    at the other end that is no hub, writing plain frames and collecting the frames notified back."""

    def __init__(self):
        self._incoming = []
        self._reasm = Reassembler()
        self._central = Chunker(self._incoming.append)
        self._notified = Reassembler()
        self._chunker = Chunker(lambda packet: self._notified.feed(bytes(packet), self._heard))
        self.heard = []  # (version, type) of every frame the stranger got

    def central_writes(self, frame):
        self._central.write(frame)

    def _heard(self, buf, n):
        decoder = wire.Decoder()
        for i in range(n):
            if decoder.push(buf[i]):
                self.heard.append((decoder.version, decoder.type))

    def poll(self, feed):
        while self._incoming:
            self._reasm.feed(bytes(self._incoming.pop(0)), feed)

    def write(self, frame):
        self._chunker.write(frame)


class TwoStreamBoard(BoardBase):
    name = "sim"

    def __init__(self, usb, ble):
        super().__init__(time.monotonic, None, 1)
        self.pins = [lambda: False, lambda: False]
        self.streams = [usb, ble]

    def show(self, what):
        pass


def pump(runner, hub, until, what, seconds=10.0):
    got = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        runner.step(runner._clock())
        got += hub.feed(hub.transport.read(0))
        got += hub.tick()
        if until(got):
            return got
        time.sleep(0.002)
    raise AssertionError(f"timed out waiting for {what}; the hub got {got}")


def test_a_strangers_who_over_ble_gets_a_hello_there_and_the_owners_intent_still_reaches_the_hub():
    usb, ble = UsbLine(), BleStandIn()
    runner = Runner(TwoStreamBoard(usb.cups_end(), ble), CUP_ID, "ana", key=KEY)
    hub = CupConnection(usb, keys={CUP_ID: KEY}.get)
    hub.send(wire.WHO)
    pump(runner, hub, lambda got: any(m == wire.HELLO for m, _ in got), "the cup to pair over USB")
    assert hub.pairing == "paired"
    hub.send(wire.PING, (1,))  # an authenticated frame: the cup's stream is USB
    pump(runner, hub, lambda got: (1,) in [v for m, v in got if m == wire.PONG], "the pong")

    ble.central_writes(wire.encode(wire.WHO, (), 0, 0))
    runner.step(runner._clock())
    assert ble.heard == [(wire.VERSION, wire.HELLO)]  # the public hello, on the stranger's own stream

    runner.cup.gesture(cupmod.BUTTON_B, LONG)  # the owner asks for a seat: an intent to the hub
    got = pump(runner, hub, lambda got: any(m == wire.INTENT for m, _ in got), "the owner's intent at the hub")
    assert [v for m, v in got if m == wire.INTENT] == [(0, wire.READY, 0, 0)]
    assert ble.heard == [(wire.VERSION, wire.HELLO)]  # nothing of the session went to the stranger
    assert hub.link.forged == 0 and runner.link.forged == 0
