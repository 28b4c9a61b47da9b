"""The hub's end of one cup's serial link: pyserial underneath, cupcore's Link (the cups' own code) on top.

A small blocking helper for tests, benches and tools: send a message, wait for a given one with a deadline.
The hub proper will drive many of these from its own loop.
"""
import time

import serial

from cupcore import wirenames
from cupcore.link import Link


class PeerError(RuntimeError):
    """The cup did not answer as expected in time."""


class CupPeer:
    def __init__(self, port, baudrate=115200):
        try:
            self.serial = serial.Serial(port, baudrate, timeout=0)
        except serial.SerialException as exc:
            raise PeerError(f"could not open {port}: {exc}") from exc
        self.port = port
        self.inbox = []  # (mtype, values) delivered and not yet taken
        self.log = []  # every (mtype, values) ever delivered, in order
        self.link = Link(self.serial.write, self._deliver)

    def _deliver(self, mtype, values):
        self.inbox.append((mtype, values))
        self.log.append((mtype, values))

    def send(self, mtype, values=()):
        if not self.link.send(mtype, values):
            raise PeerError("send queue full: the cup is not acknowledging")

    def write_raw(self, data):
        """Put bytes on the wire as they are (garbage, forged frames)."""
        self.serial.write(data)

    def pump(self, seconds=0.0):
        """Read, deliver and retransmit for about `seconds` (at least once)."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                data = self.serial.read(256)
            except serial.SerialException as exc:
                raise PeerError(f"{self.port}: the cup went away ({exc})") from exc
            if data:
                self.link.feed(data)
            self.link.tick()
            if time.monotonic() >= deadline:
                return
            if not data:
                time.sleep(0.002)

    def expect(self, mtype, timeout=5.0, where=None):
        """Wait for a message of type mtype (optionally with where(values) true); return its values.

        Messages of other types that arrive meanwhile stay in the inbox."""
        deadline = time.monotonic() + timeout
        while True:
            for i, (got, values) in enumerate(self.inbox):
                if got == mtype and (where is None or where(values)):
                    del self.inbox[i]
                    return values
            if time.monotonic() >= deadline:
                seen = ", ".join(wirenames.name_of(m) for m, _ in self.inbox) or "nothing"
                raise PeerError(f"no {wirenames.name_of(mtype)} from the cup within {timeout:g} s (got {seen})")
            self.pump(0.01)

    def settle(self, timeout=5.0):
        """Pump until everything sent has been acknowledged."""
        deadline = time.monotonic() + timeout
        while not self.link.idle:
            if time.monotonic() >= deadline:
                raise PeerError("the cup did not acknowledge in time")
            self.pump(0.01)

    def close(self):
        self.serial.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
