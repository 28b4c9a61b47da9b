"""`dicecup resume` where the first version failed (issue 11, item 8): a game whose cup plays over Bluetooth,
a cup whose port is not there yet when the hub comes back (waited for, not fatal), and a round whose bots'
dice died with the hub while one of the bots is already out of the game. Real journals, the real command, cups
of cupcore's own code; the only stand-in is the radio (bleak and the air), as in tests/ble."""
import sys
import threading
import time
from types import SimpleNamespace

import pytest

from cupcore import cup as cupmod
from cupcore import wire
from cupcore.chunks import Chunker, Reassembler
from cupcore.link import Link
from dicecup.bots.loader import load
from dicecup.commands import resume as resume_command
from dicecup.hub.journal import Journal, read_journal
from dicecup.hub.phases import TablePhase
from dicecup.hub.tablesetup import TableSetup
from dicecup.link import ble
from dicecup.rules import Rules, replay
from pty_cups import PtyCup


class RadioCup:
    """STAND-IN for a cup across the air: cupcore's Cup and Link behind 20-byte notifications, lossless."""

    def __init__(self, cup_id, name):
        self.lock = threading.RLock()
        self.received = []
        self.on_packet = None
        self.cup = cupmod.Cup(lambda t, v=(): self.link.send(t, v), cup_id, name, "radio")
        self.link = Link(self._write, self._receive)
        self.chunker = Chunker(lambda packet: self.on_packet and self.on_packet(bytes(packet)))
        self.reasm = Reassembler()
        self.running = True
        threading.Thread(target=self._ticker, daemon=True).start()

    def _receive(self, mtype, values):
        self.received.append((mtype, values))
        self.cup.receive(mtype, values)

    def _ticker(self):
        while self.running:
            with self.lock:
                self.link.tick()
            time.sleep(0.01)

    def _write(self, frame):
        if self.on_packet is not None:
            self.chunker.write(frame)

    def hub_wrote(self, packet):
        with self.lock:
            self.reasm.feed(packet, self.link.feed)

    def got(self, mtype):
        return any(m == mtype for m, _ in list(self.received))


class Radio:
    """STAND-IN for bleak: cups by address."""

    def __init__(self):
        self.cups = {}

    async def scan(self, timeout):
        return sorted((a, "dicecup-" + c.cup.name) for a, c in self.cups.items())

    async def connect(self, address, on_packet, on_gone):
        if address not in self.cups:
            raise OSError("no answer")
        cup = self.cups[address]
        with cup.lock:
            cup.on_packet = on_packet
            cup.chunker.reset()
            cup.reasm.reset()

        async def write(packet):
            cup.hub_wrote(packet)

        async def close():
            cup.on_packet = None

        return write, close, 20


@pytest.fixture
def radio(monkeypatch):
    air = Radio()
    monkeypatch.setattr(ble, "backend", air)
    monkeypatch.setattr(ble, "BACKOFF", (0.2, 0.4))
    sessions = getattr(ble, "BleSession", None) or getattr(ble, "Session")
    monkeypatch.setattr(sessions, "sessions", {})
    yield air
    for cup in air.cups.values():
        cup.running = False


def typed(*steps):
    """Lines typed at the hub, each once its condition holds (or after 30 s, so a failing test still ends)."""
    def lines():
        for condition, line in steps:
            deadline = time.monotonic() + 30
            while not condition() and time.monotonic() < deadline:
                time.sleep(0.02)
            yield line + "\n"
    return lines()


def test_a_ble_game_resumes_over_ble_and_a_cup_whose_port_is_not_there_yet_is_waited_for(radio, tmp_path, capsys,
                                                                                        monkeypatch):
    ana = RadioCup(77, "ana")
    radio.cups["AA:07"] = ana
    ben = PtyCup("ben", 78)
    later = tmp_path / "ben.tty"  # ben's port appears only after the hub is back (a cup plugged in late)
    journal = Journal.create(tmp_path, Rules.parse("dudo dice=1"), ["ana", "ben", "bot1"])
    journal.fact("cup", "ana", "id=77", "board=radio", "fw=0.1", "port=ble:AA:07")
    journal.fact("cup", "ben", "id=78", "board=pty", "fw=0.1", f"port=serial:{later}")
    journal.fact("bot", "bot1", "kind=normal")
    journal.close()

    def plug_ben():
        if ana.got(wire.WELCOME) and not later.exists():
            later.symlink_to(ben.path)
        return ben.got(wire.WELCOME)

    now = lambda: True  # noqa: E731 - `yes` right after: a connected seat's retire is asked about first
    monkeypatch.setattr(sys, "stdin", typed((plug_ben, "retire ben"), (now, "yes"),
                                            (lambda: ana.got(wire.DEAL), "retire ana"), (now, "yes")))
    args = SimpleNamespace(journal=str(journal.path), port=[], sim=0, seed=None, data=str(tmp_path),
                           allow_unpaired=True, ble_hci=None)  # these cups have no key
    try:
        code = resume_command.run(args)
    finally:
        ben.close()
    out = capsys.readouterr()
    assert code == 0, out.out[-3000:] + out.err
    assert "waiting for that cup" in out.out           # ben's port was missing: waited for, not fatal
    assert "ana's cup is back" in out.out and "ben's cup is back" in out.out
    assert ana.got(wire.DEAL)                           # the game went on with ana over the radio
    assert "bot1 wins the game." in out.out
    assert "Traceback" not in out.out + out.err


def test_a_resume_rerolls_in_the_name_of_a_bot_still_in_the_game(tmp_path):
    """Round 2, bot1 out since round 1, the hub's bots' dice lost with the hub: the round is rolled again in
    the name of bot2, which is still playing, and never of bot1 (the engine refuses that: the hub crashed)."""
    journal = Journal.create(tmp_path, Rules.parse("dudo dice=1"), ["ana", "bot1", "bot2"])
    journal.fact("cup", "ana", "id=77", "board=sim", "fw=0.1", "port=serial:/nonexistent/tty")
    journal.fact("bot", "bot1", "kind=normal")
    journal.fact("bot", "bot2", "kind=normal")
    journal.fact("round", 1, "deal=1", "nonce=" + "ab" * 8)
    for line in ("bot1 bids 1x6", "bot2 calls liar", "roll ana 2", "roll bot1 3", "roll bot2 4"):
        journal.line(line)   # no six and no wild one: bot1's bid was wrong, bot1 is out
    journal.fact("round", 2, "deal=2", "nonce=" + "cd" * 8)
    journal.fact("commit", "ana", "ef" * 32)
    journal.close()
    state = replay(journal.path.read_text()).state
    assert state.alive == (True, False, True) and state.round == 2

    table = TableSetup(state.rules, data=tmp_path)
    try:
        hub = table.make_hub(expect_cups=1)
        watch = hub.watch()
        hub.resume(read_journal(journal.path), state, bots=lambda name: load("normal", seed=name))
        text = journal.path.read_text()
        assert "reroll bot2" in text and "reroll bot1" not in text
        assert watch.get().phase == TablePhase.BETWEEN and watch.get().paused  # until ana's cup is back
        assert replay(text).state.round == 2
    finally:
        table.close()
