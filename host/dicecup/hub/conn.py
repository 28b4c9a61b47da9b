"""One cup's connection on the hub: a transport, a reader thread that only moves bytes, and the shared
cupcore Link (sequencing, acks, retransmits), which runs on the hub's own thread like everything else."""
import os
import sys
import threading
import time

from cupcore import wire, wirenames
from cupcore.link import Link

from dicecup.link.transport import LinkDown

# DICECUP_TRACE=1 prints every message the hub sends and receives (never a cup's hidden dice: those only
# travel in reveals, after the call).
TRACE = bool(os.environ.get("DICECUP_TRACE"))


class CupConn:
    """Messages and drops arrive in the hub's inbox as ("bytes", conn, data) / ("down", conn, reason)."""

    def __init__(self, transport, inbox):
        self.transport = transport
        self.inbox = inbox
        self.hello = None          # (proto, fw_major, fw_minor, cup_id, name, board) once it said hello
        self.asked_who = 0.0       # when the hub last asked it to say hello
        self.down = False
        self.last_heard = time.monotonic()
        self._delivered = []
        self._outbox = []          # (mtype, values) waiting for the link
        self.link = Link(self._write, self._deliver)
        self._reader = threading.Thread(target=self._read_loop, name=f"read {transport.name}", daemon=True)
        self._reader.start()

    @property
    def name(self) -> str:
        return self.transport.name

    @property
    def cup_id(self):
        return self.hello[3] if self.hello else None

    # -- the reader thread: bytes in, nothing else ---------------------------------------------------------
    def _read_loop(self):
        while not self.down:
            try:
                data = self.transport.read(0.05)
            except LinkDown as error:
                self.inbox.put(("down", self, str(error)))
                return
            if data:
                self.inbox.put(("bytes", self, data))

    # -- the hub's thread ----------------------------------------------------------------------------------
    def feed(self, data: bytes) -> list:
        """Decode bytes; returns the good new messages as (mtype, values)."""
        self.last_heard = time.monotonic()
        self._delivered = []
        self.link.feed(data)
        return self._delivered

    def _deliver(self, mtype, values):
        if TRACE:
            print(f"{self.name} <- {wirenames.describe(mtype, values)}", file=sys.stderr, flush=True)
        self._delivered.append((mtype, values))

    def _write(self, frame):
        if self.down:
            return
        try:
            self.transport.write(frame)
        except LinkDown as error:
            self.down = True
            self.inbox.put(("down", self, str(error)))

    def send(self, mtype, values=()):
        """Queue a message. Reliable ones enter the link one at a time, so a newer TABLE can still replace an
        older one that has not left yet: a cup that lags gets the latest table, not a backlog."""
        if mtype == wire.TABLE:
            self._outbox = [item for item in self._outbox if item[0] != wire.TABLE]
        self._outbox.append((mtype, values))
        self.flush()

    def flush(self):
        while self._outbox and not self.down:
            mtype, values = self._outbox[0]
            if wire.is_reliable(mtype) and not self.link.idle:
                return
            if TRACE:
                print(f"{self.name} -> {wirenames.describe(mtype, values)}", file=sys.stderr, flush=True)
            self.link.send(mtype, values)
            self._outbox.pop(0)

    def tick(self):
        if not self.down:
            self.link.tick()
            self.flush()

    def close(self):
        self.down = True
        self.transport.close()
