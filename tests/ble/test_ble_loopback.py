"""The BLE transport through a STAND-IN radio: the hub's BleTransport and cupcore Link on one side, a cup
(cupcore's Cup, Link and chunks, as the boards run them) on the other. Kept only for what the real stacks of the
virtual air (tests/ble/test_air.py, tests/hub/test_e2e_air.py) can't produce here: notifications that get lost
and reordered; the hub's retries answered at once while the radio revives a cup; a Bluetooth that is missing.
Rounds over 20-byte and longer packets, scans and a cup out of range and back run on the real stacks there
(test_frames_of_every_length_cross_both_stacks_both_ways_at_every_mtu, test_a_cup_out_of_range_then_...)."""
import random
import subprocess
import sys
import threading
import time

import pytest

from cupcore import cup as cupmod
from cupcore import wire
from cupcore.chunks import Chunker, Reassembler
from cupcore.link import Link
from dicecup.link import ble
from dicecup.link.peer import CupConnection
from dicecup.link.transport import LinkDown, open_transport


ENTROPY = bytes(range(16))


class LoopbackCup:
    """STAND-IN for a cup across the air: packets from the hub arrive whole; notifications back are cut to
    `size` bytes and some are lost (`loss`) or swapped with the next one (`swap`)."""

    def __init__(self, size=20, loss=0.0, swap=0.0, seed=1):
        self.size, self.loss, self.swap = size, loss, swap
        self.rng = random.Random(seed)
        self.lock = threading.RLock()
        self.sent_frames = set()  # every frame the cup's link wrote, as bytes between the delimiters
        self.notified = []
        self.on_packet = self.on_gone = None
        self._held = None
        self.cup = cupmod.Cup(lambda t, v=(): self.link.send(t, v), 77, "loop", "sim")
        self.link = Link(self._write, self.cup.receive)
        self.chunker = Chunker(self._notify)
        self.reasm = Reassembler()
        self.running = True
        threading.Thread(target=self._ticker, daemon=True).start()

    def _ticker(self):
        while self.running:
            with self.lock:
                self.link.tick()
            time.sleep(0.01)

    def _write(self, frame):
        self.sent_frames.add(bytes(frame).strip(b"\x00"))
        if self.on_packet is not None:
            self.chunker.write(frame)

    def _notify(self, packet):
        packet = bytes(packet)
        assert len(packet) <= self.size
        self.notified.append(packet)
        if self.rng.random() < self.loss:
            return
        if self._held is None and self.rng.random() < self.swap:
            self._held = packet
            return
        self.on_packet(packet)
        if self._held is not None:
            held, self._held = self._held, None
            self.on_packet(held)

    def hub_wrote(self, packet):
        assert len(packet) <= self.size
        with self.lock:
            self.reasm.feed(packet, self.link.feed)


class LoopbackRadio:
    """STAND-IN for bleak and the air: cups by address, connected to whichever transport opens them."""

    def __init__(self):
        self.cups = {}
        self.reachable = set()

    async def scan(self, timeout):
        return sorted((a, "dicecup-" + c.cup.name) for a, c in self.cups.items() if a in self.reachable)

    async def connect(self, address, on_packet, on_gone):
        if address not in self.reachable:
            raise OSError("no answer")
        cup = self.cups[address]
        with cup.lock:
            cup.on_packet, cup.on_gone = on_packet, on_gone
            cup.chunker.reset()
            cup.chunker.size = cup.size
            cup.reasm.reset()

        async def write(packet):
            if address in self.reachable:
                cup.hub_wrote(packet)

        async def close():
            cup.on_packet = None

        return write, close, cup.size

    def out_of_range(self, address):
        self.reachable.discard(address)
        cup = self.cups[address]
        cup.on_packet = None
        cup.on_gone()


@pytest.fixture
def radio(monkeypatch):
    loop = LoopbackRadio()
    monkeypatch.setattr(ble, "backend", loop)
    monkeypatch.setattr(ble, "BACKOFF", (0.2, 0.4))
    monkeypatch.setattr(ble.BleSession, "sessions", {})
    yield loop
    for cup in loop.cups.values():
        cup.running = False


def add_cup(radio, address, **kwargs):
    cup = LoopbackCup(**kwargs)
    radio.cups[address] = cup
    radio.reachable.add(address)
    return cup


class HubEnd:
    """The hub's side: the real transport and the hub's real connection (cupcore's Link inside, pairing with the
    cup when given its key); every segment read is checked against what the cup sent, so a spliced or corrupted
    frame would be caught even if its CRC happened to pass."""

    def __init__(self, transport, cup, keys=None):
        self.transport = transport
        self.cup = cup
        self.got = []
        self.conn = CupConnection(transport, keys=keys)
        self.link = self.conn.link

    def pump(self, until, seconds=10.0):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            data = self.transport.read(0.02)
            for segment in data.split(b"\x00"):
                assert not segment or segment in self.cup.sent_frames, segment.hex()
            self.got += self.conn.feed(data)
            self.got += self.conn.tick()
            if until():
                return True
        return False

    def ask(self, mtype, values, answer):
        self.link.send(mtype, values)
        return self.pump(lambda: any(t == answer for t, _ in self.got))


def a_round(hub):
    assert hub.ask(wire.WHO, (), wire.HELLO)
    hub.link.send(wire.WELCOME, (wire.VERSION, 2, 4))
    assert hub.pump(lambda: hub.link.idle)  # acknowledged
    assert hub.ask(wire.DEAL, (5, 5, b"nonce123"), wire.COMMIT)
    hub.link.send(wire.ENTROPY, (5, ENTROPY))  # only once the commitment is in (fair dice)
    assert hub.pump(lambda: hub.link.idle)
    assert hub.ask(wire.REVEAL_REQ, (5,), wire.REVEAL)
    commit = [v for t, v in hub.got if t == wire.COMMIT][-1]
    reveal = [v for t, v in hub.got if t == wire.REVEAL][-1]
    from cupcore import commit as commitmod
    from cupcore import dice

    assert commitmod.verify(commit[1], b"nonce123", 2, 5, reveal[2])
    assert bytes(dice.roll(reveal[2], b"nonce123", 2, ENTROPY, 5)) == reveal[1]


def test_a_round_with_lost_and_reordered_notifications(radio):
    cup = add_cup(radio, "AA:02", loss=0.15, swap=0.15, seed=4)
    hub = HubEnd(open_transport("ble", "AA:02"), cup)
    a_round(hub)
    assert hub.transport._reasm.gaps > 0 or hub.transport._reasm.late > 0
    hub.transport.close()


def test_out_of_range_is_link_down_then_the_cup_is_revived_in_the_background(radio):
    cup = add_cup(radio, "AA:04")
    transport = open_transport("ble", "AA:04")
    hub = HubEnd(transport, cup)
    assert hub.ask(wire.WHO, (), wire.HELLO)
    radio.out_of_range("AA:04")
    with pytest.raises(LinkDown, match="out of Bluetooth range"):
        for _ in range(50):
            transport.read(0.02)
    transport.close()
    started = time.monotonic()
    with pytest.raises(LinkDown, match="trying again"):
        open_transport("ble", "AA:04")
    assert time.monotonic() - started < 0.1  # the hub's retry never waits on the radio
    radio.reachable.add("AA:04")
    deadline = time.monotonic() + 5
    while True:
        try:
            again = open_transport("ble", "AA:04")
            break
        except LinkDown:
            assert time.monotonic() < deadline, "the cup was not revived"
            time.sleep(0.05)
    hub = HubEnd(again, cup)
    assert hub.ask(wire.WHO, (), wire.HELLO)
    again.close()


def test_a_cup_that_never_answers_is_a_clear_link_down(radio):
    with pytest.raises(LinkDown, match="is the cup on and in range"):
        open_transport("ble", "AA:99")


def test_no_bluetooth_host_is_imported_unless_ble_is_used():
    code = ("import sys, dicecup.link.transport, dicecup.hub.run, dicecup.commands.play, dicecup.link.ble; "
            "assert 'bleak' not in sys.modules, 'bleak loaded'; assert 'bumble' not in sys.modules, 'bumble loaded'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_the_bleak_calls_match_the_pinned_bleak():
    import inspect

    import bleak
    from bleak.backends.characteristic import BleakGATTCharacteristic

    assert "return_adv" in inspect.signature(bleak.BleakScanner.discover).parameters
    client = inspect.signature(bleak.BleakClient.__init__).parameters
    assert "disconnected_callback" in client and "timeout" in client
    assert "response" in inspect.signature(bleak.BleakClient.write_gatt_char).parameters
    assert hasattr(BleakGATTCharacteristic, "max_write_without_response_size")
    assert hasattr(bleak.BleakClient, "mtu_size")


def test_play_ble_finds_the_cups_and_the_table_opens_them_by_kind(radio, tmp_path, capsys):
    from dicecup.commands.play import _ble_cups
    from dicecup.hub.tablesetup import TableSetup as Table
    from dicecup.rules import Rules

    add_cup(radio, "AA:06")
    found = _ble_cups()
    assert found == [("ble", "AA:06")]
    assert "found dicecup-loop over Bluetooth (AA:06)" in capsys.readouterr().err
    table = Table(Rules.from_words("dudo", []), data=str(tmp_path))
    try:
        table.make_hub(expect_cups=1)
        conns = table.connect(found)
        assert [c.name for c in conns] == ["ble:AA:06"]
    finally:
        table.close()


def test_play_ble_without_bluetooth_says_so(monkeypatch, capsys):
    from dicecup.commands.play import _ble_cups

    class NoAdapter:
        async def scan(self, timeout):
            raise OSError("No Bluetooth adapters found.")

    monkeypatch.setattr(ble, "backend", NoAdapter())
    assert _ble_cups() is None
    assert "Bluetooth is not available: no Bluetooth adapter is switched on" in capsys.readouterr().err


def test_play_ble_hci_without_that_controller_says_so_in_one_line(monkeypatch, capsys):
    from dicecup.commands.play import _ble_cups

    monkeypatch.setattr(ble, "backend", None)
    assert _ble_cups("serial:/nonexistent/hci") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no Bluetooth controller at serial:/nonexistent/hci" in err
    ble.Radio.run(ble.current_backend().close(), 5)
