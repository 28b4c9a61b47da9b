"""The hub's end of one cup's link: a transport (serial, BLE) underneath, cupcore's Link (the cups' own
sequencing, acks and retransmits) on top, and an outbox in between. One class, two faces:

- CupConnection, as the hub runs many of them, on the hub's own thread: decoding, acks, sending, and reading
  too when the transport has a file descriptor (a serial port: the hub's selector waits on it, hub/inbox.py).
  A transport without one (BLE, a phone, a test's link) gets a reader thread that only moves bytes into the
  hub's inbox (`listen(inbox)`).
- CupPeer, the blocking face for tests, benches and tools (`dicecup ports`, `flash`): open a serial port, send
  a message, wait for a given one with a deadline.

    with CupPeer("/dev/ttyACM0") as peer:
        peer.send(wire.WHO)
        hello = peer.expect(wire.HELLO, timeout=2)

Pairing (docs/protocol.md, "Authentication"): given `keys` (cup id -> its 32-byte key, or None), a HELLO from a
cup whose key the hub holds is answered with a CHALLENGE and is passed on only once the PROOF is in; from then on
every frame is authenticated. `pairing` then says how the cup stands: "paired"; "unpaired" (the hub holds no
key for it: seated only where the host allows it); "wrong key" (it can't prove it holds the key: a hijacker, or a
board flashed again elsewhere); "no key" (the hub holds a key for that id, the board none).

On a paired line nothing in a plain frame changes anything (docs/protocol.md, "Who obeys whom"): a HELLO with
another id is dropped and counted in the link's `forged`, as is a PROOF nobody asked for or a wrong one; a HELLO
with the paired cup's own id starts a candidate pairing only, and the session stays until a proof under the key
checks (a cup that reset pairs again on its own line that way). Even that candidate waits until the old session
has had `alive_wait` to answer an authenticated PING: a cup that answers in it never reset, so the HELLO was a
stranger's replay of it, dropped and counted in `forged` (no challenge, no new session). `admit` throttles a
line that floods.
"""
import os
import secrets
import sys
import threading
import time
from contextlib import contextmanager

from cupcore import session as sessions
from cupcore import wire, wirenames
from cupcore.hmac256 import equal
from cupcore.link import Link

from dicecup.plaintext import printable

from .transport import LinkDown, open_transport

# DICECUP_TRACE=1 prints every message the hub sends and receives (never a cup's hidden dice: those only
# travel in reveals, after the call).
TRACE = bool(os.environ.get("DICECUP_TRACE"))

_gathering = threading.local()  # .waiting: {conn: [frames]} while writes_gathered() runs on this thread


@contextmanager
def writes_gathered():
    """Frames the connections write on this thread meanwhile go out when it ends, one write per connection: the
    hub's loop handles one input at a time inside it, so a cup told several things at once (a call's cue and its
    reveal request) reads them in one go and answers after one pass of its own loop, not two."""
    waiting = _gathering.waiting = {}
    try:
        yield
    finally:
        _gathering.waiting = None
        for conn, frames in waiting.items():
            conn._put_on_wire(b"".join(frames))


def _descriptor(transport):
    """The transport's file descriptor for a selector, or None: BLE and phones have none, and neither has pyserial
    on Windows, whose ports a selector can't wait on."""
    try:
        return transport.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def _printable_texts(mtype, values):
    """A message's text fields (a HELLO's name and board) with control characters escaped (plaintext.printable):
    whatever a cup calls itself reaches the host's terminal, the journal and the pages only as plain text."""
    layout = wire.LAYOUTS.get(mtype, "")
    if "t" not in layout:
        return values
    return tuple(printable(value) if code == "t" else value for code, value in zip(layout, values))


class CupConnection:
    """One cup's connection. Reliable messages wait in the outbox until the link is free, so a newer TABLE can
    still replace an older one that has not left yet: a cup that lags gets the latest table, not a backlog."""

    read_timeout = 0.05  # a reader thread's wait per read; bytes are handed over as soon as they arrive
    challenge_for = 2.0  # seconds a challenge stays open; a HELLO meanwhile (the hub's "who?") waits for it
    # A line may bring in this many bytes a second (and this many at once) before the excess is dropped unread:
    # decoding runs on the table's one thread, about 2 MB/s, so a line that floods must not take all of it. An
    # honest cup sends a few hundred bytes a second (a 69-byte frame at most, a handful a turn).
    flood_rate = 64 * 1024
    flood_burst = 8 * 1024
    # A wrong proof may be a stray one (a stranger replayed an old CHALLENGE to the cup, which answered it): the
    # right one may still come. Only when none has this long after a wrong one is the cup taken to lack the key.
    wrong_proof_wait = 1.0
    # A plain HELLO with the paired cup's own id on its line is challenged only when the old session has not
    # answered a PING this long: a cup that reset has lost it and can't; a replayed HELLO's cup still holds it.
    alive_wait = 0.5
    now = staticmethod(time.monotonic)  # seconds; a simulated table's connection keeps its virtual clock

    def __init__(self, transport, keys=None):
        self.transport = transport
        self.keys = keys           # keys(cup_id) -> the cup's 32-byte key or None
        self.pairing = "unpaired"  # see the module's docstring
        self._paired_id = None     # the cup id the line's session was proved for
        self._challenge = None     # (hub_nonce, key, hello values, sent at) while a proof is awaited
        self._wrong_proof_at = None
        self._doubted = None       # (ping token, hello, sent at) while the old session is asked if it still lives
        self.hello = None          # (proto, fw_major, fw_minor, cup_id, name, board) once it said hello
        self.asked_who = 0.0       # when the hub last asked it to say hello
        self.knocking = False      # the port's REPL is being asked what it is: no "who?" to type into it
        self.down = False
        self._inbox = None
        self._reported = False
        self._delivered = []
        self._outbox = []          # (mtype, values) waiting for the link
        self.throttled = 0         # bytes dropped unread: the line brought in more than flood_rate allows
        self._allowance, self._allowed_at = float(self.flood_burst), None
        self._told = (0, 0, None)  # (unauthenticated frames, throttled bytes) last logged, and when
        self.link = Link(self._write, self._deliver)

    @property
    def name(self) -> str:
        return self.transport.name

    @property
    def cup_id(self):
        return self.hello[3] if self.hello else None

    @property
    def settled(self) -> bool:
        """Everything sent has left the outbox and been acknowledged."""
        return not self._outbox and self.link.idle

    # -- bytes in: on the hub's thread, or a reader thread that does nothing else ----------------------------
    def listen(self, inbox):
        """Start handing the hub its bytes as ("bytes", conn, data); a lost link is put in `inbox` as ("down",
        conn, why). An inbox that can `serve` a file descriptor (hub/inbox.py) waits on the port itself and the
        hub's thread reads it (read_ready); any other transport or inbox gets a reader thread putting the bytes
        into `inbox`."""
        self.report_to(inbox)
        if hasattr(inbox, "serve") and _descriptor(self.transport) is not None:
            inbox.serve(self)
        else:
            threading.Thread(target=self._read_loop, name=f"read {self.name}", daemon=True).start()
        return self

    def read_ready(self) -> bytes:
        """What the port holds, read without waiting (its descriptor polled readable); b"" once it is lost,
        which is reported down as a reader thread reports it."""
        try:
            return self.transport.read(0)
        except LinkDown as error:
            self.drop(str(error))  # closed too: a dead port left open would keep polling readable
            return b""

    def report_to(self, inbox):
        """Report a lost link to `inbox` as ("down", conn, why), without a reader thread: for a connection whose
        bytes come some other way (a simulated cable, sim/tablesim.py)."""
        self._inbox = inbox

    def _read_loop(self):
        while not self.down:
            try:
                data = self.transport.read(self.read_timeout)
            except LinkDown as error:
                self._lost(str(error))
                return
            if data:
                self._inbox.put(("bytes", self, data))

    def _lost(self, reason):
        if self._inbox is not None and not self._reported:
            self._reported = True  # once, however many ways the loss shows
            self._inbox.put(("down", self, reason))
        self.down = True

    def drop(self, reason):
        """Give up on the cup as if its cable were pulled: closed, and reported down like any lost link."""
        self.close()
        self._lost(reason)

    # -- flooding and strangers: on the owner's thread ---------------------------------------------------------
    def admit(self, data: bytes, now: float) -> bytes:
        """The part of `data` the line's allowance takes (a token bucket of flood_rate bytes a second, at most
        flood_burst at once); the rest is dropped unread and counted in `throttled`."""
        if self._allowed_at is not None:
            self._allowance = min(self.flood_burst, self._allowance + (now - self._allowed_at) * self.flood_rate)
        self._allowed_at = now
        take = min(len(data), int(self._allowance))
        self._allowance -= take
        self.throttled += len(data) - take
        return data if take == len(data) else data[:take]

    @property
    def unauthenticated(self) -> int:
        """Frames dropped for want of authentication: forged (a wrong tag, a plain frame where only authenticated
        ones count) or replayed."""
        return self.link.forged + self.link.replayed

    def news(self, now: float, every: float = 1.0):
        """A line for the hub's log when frames were dropped or bytes throttled since the last one, at most one
        every `every` seconds (a flood can't fill a disk); else None."""
        frames, throttled, at = self._told
        if (self.unauthenticated == frames and self.throttled == throttled) or (at is not None and now - at < every):
            return None
        self._told = (self.unauthenticated, self.throttled, now)
        parts = [f"dropped {self.unauthenticated - frames} unauthenticated frames "
                 f"({self.link.forged} forged, {self.link.replayed} replayed in all)"] if self.unauthenticated > frames else []
        if self.throttled > throttled:
            parts.append(f"dropped {self.throttled - throttled} bytes unread: the line floods "
                         f"(over {self.flood_rate // 1024} KB/s)")
        return f"{self.name}: " + "; ".join(parts)

    # -- the owner's thread ------------------------------------------------------------------------------------
    def feed(self, data: bytes) -> list:
        """Decode bytes; returns the good new messages as (mtype, values). An acknowledgement among them lets
        the next waiting message go at once."""
        self._delivered = []
        self.link.feed(data)
        self.flush()
        return self._delivered

    def _deliver(self, mtype, values):
        values = _printable_texts(mtype, values)  # the one door a cup's words come in by, cleaned here
        if TRACE:
            print(f"{self.name} <- {wirenames.describe(mtype, values)}", file=sys.stderr, flush=True)
        if mtype == wire.HELLO:
            if not self._challenged(values):
                return
        elif mtype == wire.PROOF:
            return self._on_proof(values)
        elif mtype == wire.PONG and self._still_alive(values):
            return
        elif mtype == wire.ERROR and values == (wire.ERR_STATE, wire.CHALLENGE) and self._challenge is not None:
            return self._settle("no key")  # the board has no key to prove with (not a fault while it tried)
        self._pass_on(mtype, values)

    def _pass_on(self, mtype, values):
        self._delivered.append((mtype, values))

    # -- pairing -----------------------------------------------------------------------------------------------
    @property
    def paired_line(self) -> bool:
        """A session is proved on this line: plain frames on it change nothing."""
        return self.link.session is not None and self._paired_id is not None

    @property
    def paired_name(self):
        """The name the hub registered for the cup this line is paired with (at flashing, or with `dicecup cups
        rename`), or None: a line not paired, or keys that keep no names (a test's)."""
        name_of = getattr(self.keys, "name_of", None)
        return name_of(self._paired_id) if self.paired_line and name_of is not None else None

    @property
    def proved_key(self):
        """The key this line's session was proved with (a cup's tags over its deals are checked with it), or None
        on a line that is not paired."""
        return self.keys(self._paired_id) if self.paired_line and self.keys is not None else None

    def _unauthenticated(self):
        """A plain frame with no effect on a paired line: dropped, and counted with the forged ones."""
        self.link.forged += 1

    def _challenged(self, hello):
        """A HELLO: True to pass it on now (no key for this cup: unpaired); else a challenge is under way."""
        key = self.keys(hello[3]) if self.keys is not None else None
        if self.paired_line and (hello[3] != self._paired_id or key is None):
            self._unauthenticated()  # a stranger's id (or another cup's) on a paired line: nothing
            return False
        if key is None:
            self.pairing = "unpaired"
            self._drop_session()
            return True
        now = self.now()
        open_ = self._challenge
        if open_ is not None and open_[2][3] == hello[3] and now - open_[3] < self.challenge_for:
            return self._challenge_again(open_[0])
        if self.paired_line:
            return self._doubt(hello, now)
        self._challenge_hello(hello, key, now)
        return False

    def _challenge_again(self, nonce):
        """The same challenge, sent again, for a HELLO while it is open: a cup whose proof is on the way ignores a
        nonce it has answered, but one that reset meanwhile has forgotten it and answers now (else it would wait
        for a challenge forever, its HELLO acknowledged). False: nothing to pass on."""
        self.link.answered(wire.CHALLENGE)  # replaces the one in flight, so a flood of hellos queues nothing
        self.link.send(wire.CHALLENGE, (nonce,))
        return False

    def _doubt(self, hello, now):
        """The paired cup's own HELLO on a live session: asks the old session whether it lives (see alive_wait)
        before any challenge. False: nothing to pass on yet."""
        if self._doubted is None:
            token = secrets.randbelow(0x10000)
            self._doubted = (token, hello, now)
            self.link.send(wire.PING, (token,))  # authenticated under the old session
        return False

    def _still_alive(self, pong):
        """True when this PONG, authentic in the old session, answers the doubt: the cup never reset, so the
        HELLO was replayed by someone else, and is counted as forged."""
        if self._doubted is None or pong[0] != self._doubted[0]:
            return False
        self._doubted = None
        self._unauthenticated()
        return True

    def _challenge_hello(self, hello, key, now):
        nonce = secrets.token_bytes(sessions.NONCE_SIZE)
        self._challenge = (nonce, key, hello, now)
        self._wrong_proof_at = None
        self.link.send(wire.CHALLENGE, (nonce,))

    def _on_proof(self, values):
        if self._challenge is None:
            if self.paired_line:
                self._unauthenticated()
            return  # a proof nobody asked for (a late repeat, a stranger): nothing
        nonce, key, hello, _ = self._challenge
        cup_nonce, tag = values
        if not equal(tag, sessions.proof(key, nonce, cup_nonce, hello[3])):
            if self.paired_line:
                self._unauthenticated()
            if self._wrong_proof_at is None:
                self._wrong_proof_at = self.now()  # see wrong_proof_wait; tick() settles it
            return
        self.link.renew(sessions.Session(sessions.session_key(key, nonce, cup_nonce), wire.TO_CUP))
        self._paired_id = hello[3]
        self.link.require_auth = True
        self.link.plain_after = (wire.HELLO, wire.PROOF)  # a cup that restarted says hello and pairs again
        self._settle("paired")

    def _settle(self, pairing):
        hello = self._challenge[2]
        self._challenge = self._wrong_proof_at = None
        if pairing != "paired" and self.paired_line:
            return  # a stranger's claim to the paired cup's id, never proved: the session stays
        self.pairing = pairing
        if pairing != "paired":
            self._drop_session()
        self._pass_on(wire.HELLO, hello)  # seating decides, by `pairing`, whether the cup sits

    def _drop_session(self):
        self.link.session = self.link.candidate = self._paired_id = self._doubted = None
        self.link.require_auth = False

    def _write(self, frame):
        waiting = getattr(_gathering, "waiting", None)
        if waiting is not None:
            waiting.setdefault(self, []).append(frame)
        else:
            self._put_on_wire(frame)

    def _put_on_wire(self, data):
        if self.down:
            return
        try:
            self.transport.write(data)
        except LinkDown as error:
            self._lost(str(error))

    def send(self, mtype, values=()):
        """Queue a message; it goes out now unless a reliable one is still unacknowledged."""
        if mtype == wire.TABLE:
            self._outbox = [item for item in self._outbox if item[0] != wire.TABLE]
        self._outbox.append((mtype, values))
        self.flush()

    def write_raw(self, data: bytes):
        """Put bytes on the wire as they are (garbage, forged frames: tests)."""
        self.transport.write(data)

    def flush(self):
        while self._outbox and not self.down:
            mtype, values = self._outbox[0]
            if wire.is_reliable(mtype) and not self.link.idle:
                return
            if TRACE:
                print(f"{self.name} -> {wirenames.describe(mtype, values)}", file=sys.stderr, flush=True)
            self.link.send(mtype, values)
            self._outbox.pop(0)

    def tick(self) -> list:
        """Retransmit what is overdue; call it often. Returns what time delivered: the HELLO of a cup whose
        challenge ended with a wrong proof (so seating can refuse it)."""
        self._delivered = []
        if not self.down:
            self.link.tick()
            self.flush()
        now = self.now()
        wrong_at = self._wrong_proof_at
        if wrong_at is not None and self._challenge is not None and now - wrong_at > self.wrong_proof_wait:
            self._settle("wrong key")
        doubted = self._doubted
        if doubted is not None and now - doubted[2] > self.alive_wait:
            self._doubted = None  # the old session is silent: the cup did reset, and may pair again
            self._challenge_hello(doubted[1], self.keys(doubted[1][3]), now)
        return self._delivered

    def close(self):
        self.down = True
        self.transport.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class PeerError(RuntimeError):
    """The cup did not answer as expected in time, or its port could not be opened."""


class CupPeer(CupConnection):
    """The blocking face: the caller's thread reads, delivers and retransmits while it waits."""

    def __init__(self, port, baudrate=115200, keys=None):
        """keys(cup_id) -> key pairs with a keyed cup as the hub does (its HELLO is expected once paired)."""
        # baudrate is kept for callers; the serial transport uses the one every dicecup board speaks
        try:
            transport = open_transport("serial", port)
        except LinkDown as error:
            raise PeerError(f"could not open {error}") from None
        super().__init__(transport, keys=keys)
        self.port = port
        self.inbox = []  # (mtype, values) delivered and not yet taken
        self.log = []    # every (mtype, values) ever delivered, in order

    def _pass_on(self, mtype, values):
        super()._pass_on(mtype, values)
        self.inbox.append((mtype, values))
        self.log.append((mtype, values))

    def _lost(self, reason):
        super()._lost(reason)
        raise PeerError(reason)

    def pump(self, seconds=0.0):
        """Read, deliver and retransmit for about `seconds` (at least once)."""
        deadline = time.monotonic() + seconds
        while True:
            self._pump_once(deadline - time.monotonic())
            if time.monotonic() >= deadline:
                return

    def _pump_once(self, wait):
        """Wait up to `wait` seconds (at most 10 ms) for bytes; deliver them and retransmit what is due."""
        try:
            data = self.transport.read(max(0.0, min(0.01, wait)))
        except LinkDown as error:
            raise PeerError(str(error)) from None
        if data:
            self.link.feed(data)
        self.tick()

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
            self._pump_once(deadline - time.monotonic())  # back as soon as bytes arrive

    def settle(self, timeout=5.0):
        """Pump until everything sent has been acknowledged."""
        deadline = time.monotonic() + timeout
        while not self.settled:
            if time.monotonic() >= deadline:
                raise PeerError("the cup did not acknowledge in time")
            self._pump_once(deadline - time.monotonic())
