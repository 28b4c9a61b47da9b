"""Nothing a cup sends can crash the hub: a rogue cup on a real pseudo-terminal sits down, then floods the hub
with every message type carrying random values, forged and broken frames and plain garbage, while two virtual
cups play. The hub stays up, never fails on an input, and the game finishes once the host retires the rogue."""
import os
import random
import select
import time

import pytest

from cupcore import wire
from cupcore.link import Link
from dicecup.sim.ptyrelay import open_raw_pty
from dicecup.rules import Record, Retire
from table_helpers import LiveTable, referee
from processes import wait_for

pytestmark = pytest.mark.slow  # a whole game with a rogue cup flooding the hub


class RogueCup:
    """The far end of a pty, speaking the wire protocol with cupcore's own Link, and lying freely."""

    def __init__(self, rng):
        self.master, self.slave = open_raw_pty()
        self.path = os.ttyname(self.slave)
        self.rng = rng
        self.received = []
        self.link = Link(self._write, lambda mtype, values: self.received.append((mtype, values)))

    def _write(self, data):
        try:
            os.write(self.master, data)
        except OSError:
            pass  # the hub is not reading: as a cup's full USB buffer

    def pump(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if select.select([self.master], [], [], 0.01)[0]:
                try:
                    self.link.feed(os.read(self.master, 4096))
                except OSError:
                    pass
            self.link.tick()

    def wait_for(self, mtype, timeout=30):
        wait_for(lambda: any(m == mtype for m, _ in self.received) or self.pump(0.05),
                 f"the hub to send {mtype}", timeout, every=0)

    def current_deal(self):
        deals = [values[0] for mtype, values in self.received if mtype == wire.DEAL]
        return deals[-1] if deals else 0

    def random_values(self, mtype):
        values = []
        for code in wire.LAYOUTS[mtype]:
            if code in "Bb":
                values.append(self.rng.randrange(256) if code == "B" else self.rng.randrange(-128, 128))
            elif code == "H":  # half the time the deal in progress, to get past the first checks
                values.append(self.current_deal() if self.rng.random() < 0.5 else self.rng.randrange(65536))
            elif code == "I":
                values.append(self.rng.randrange(2**32))
            elif code in "nak":
                values.append(self.rng.randbytes({"n": 8, "a": 16, "k": 32}[code]))
            elif code == "d":
                values.append(bytes(self.rng.randrange(1, 7) for _ in range(self.rng.randrange(16))))
            else:
                values.append("".join(self.rng.choice("abc-_xyz") for _ in range(self.rng.randrange(17))))
        return tuple(values)

    def flood(self, count):
        for _ in range(count):
            roll = self.rng.random()
            if roll < 0.6:
                mtype = self.rng.choice(sorted(wire.LAYOUTS))
                frame = wire.encode(mtype, self.random_values(mtype), self.rng.randrange(256), self.rng.randrange(256))
                if roll < 0.15:  # a frame with a flipped bit: the CRC must catch it
                    spot = self.rng.randrange(1, len(frame) - 1)
                    frame = frame[:spot] + bytes([frame[spot] ^ 0x10]) + frame[spot + 1:]
                self._write(frame)
            else:
                self._write(self.rng.randbytes(self.rng.randrange(1, 80)))
            self.pump(0.002)

    def close(self):
        os.close(self.master)
        os.close(self.slave)


def test_a_rogue_cup_flooding_the_hub_with_lies_and_garbage_never_takes_the_table_down(tmp_path):
    rogue = RogueCup(random.Random(2026))
    try:
        # The rogue has no key: it sits as an unpaired cup would with --allow-unpaired (test_pairing_cheats.py
        # has the cheats that pairing stops).
        with LiveTable("dudo dice=2", tmp_path, cups=2, seed="rogue", extra_ports=[rogue.path],
                       allow_unpaired=True) as table:
            rogue.wait_for(wire.WHO)
            rogue.link.send(wire.HELLO, (wire.VERSION, 0, 1, 0xBADC0DE, "rogue", "evil"))
            rogue.pump(0.2)
            rogue.link.send(wire.INTENT, (0, wire.READY, 0, 0))
            rogue.wait_for(wire.WELCOME)
            rogue.wait_for(wire.DEAL)  # the game has begun
            rogue.flood(600)
            assert table.thread.is_alive()
            assert table.snapshot.internal_errors == 0, (tmp_path / "hub-errors.log").read_text()
            if not table.snapshot.finished:
                table.table.inbox.put(("command", "retire rogue"))
                table.table.inbox.put(("command", "yes"))  # a connected seat is asked about first
            final = table.finish()
            assert final.internal_errors == 0
            record = Record.parse(table.journal_text())
            # The rogue leaves the game: retired by the host, or beaten while it lied.
            assert Retire("rogue") in record.events or not final.state.alive[2]
            assert referee(final.journal).returncode == 0
    finally:
        rogue.close()
