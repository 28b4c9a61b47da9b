"""One cup on one board: cupcore wired to a board's thin hardware layer (a cupcore.board.BoardBase). Every
board's main loop is this, the virtual cup's included.

The cup answers on the stream it last heard a frame it accepted from, so a cup plugged into USB and paired over
BLE talks to whichever hub talks to it. A paired cup's replies follow only authenticated frames: a stranger's
plain WHO (a phone's over BLE) is answered with a HELLO on the stranger's own stream, once and unsequenced, so it
neither draws the session's frames away from its hub nor holds the owner's bid behind a HELLO nobody acknowledges.

With a key (settings.toml's DICECUP_KEY, parsed by cupcore.session.parse_key) the cup is paired: its link takes
only WHO, CHALLENGE, PING (and ACK) in plain frames until a hub proves it holds the key, and after that only WHO and
CHALLENGE (a restarted hub must be able to pair again); everything else must be authenticated (cupcore/link.py).

The loop never dies of its own faults: an exception in a step, or while a message is handled, is caught here.
The cup tells the hub (ERROR with ERR_CRASH, `about` the message being handled or 0), blinks magenta for a
moment (cup.crashed) and carries on with its deal: its dice, seed and commitment are untouched, so the hub can
still ask for the reveal. Only KeyboardInterrupt (the serial break-in that stops a cup for new firmware) ends it.
"""
from cupcore import cup as cupmod
from cupcore import wire
from cupcore.session import Session
from cupcore.compat import const, sha256, ticks_add, ticks_diff, ticks_ms, urandom
from cupcore.gestures import LONG, Button
from cupcore.link import Link

_PEEK_BUTTON = const(2)
_QUIET_MS = const(1000)  # a fault that repeats every step is reported to the hub at most once a second
_AFTER_CRASH_MS = const(10)  # the wait after a faulty step, whose deadline is unknown


def pair(cup, link, key):
    """Make a cup and its link a paired cup's: the cup answers its hub's CHALLENGE with a proof (cup.py) and the
    link then authenticates with the session; until a hub has proved itself, only WHO, CHALLENGE, PING and ACK
    are taken in plain frames, and after, only WHO and CHALLENGE (a restarted hub must be able to pair again)."""
    cup.key = key

    def paired(session_key):
        link.secure(Session(session_key, wire.TO_HUB))
        # The CHALLENGE answers the cup's hellos: a HELLO still being resent would hold the PROOF behind it, and
        # its plain ACK is no longer taken once the cup is paired.
        link.answered(wire.HELLO)

    cup.paired = paired
    link.require_auth = True
    link.plain_before = (wire.WHO, wire.CHALLENGE, wire.PING, wire.ACK)  # an ack only ends a hello's resends
    link.plain_after = (wire.WHO, wire.CHALLENGE)


def id_from_uid(uid):
    """A stable 32-bit cup id from the board's unique id bytes."""
    digest = sha256(bytes(uid))
    return (digest[0] << 24) | (digest[1] << 16) | (digest[2] << 8) | digest[3]


class Runner:
    def __init__(self, board, cup_id, name, clock=ticks_ms, pip_mode=False, source=urandom, key=None):
        """key: the cup's 32-byte flash key, or None for a cup flashed by hand (the hub seats it only if allowed)."""
        self.board = board
        self._clock = clock
        self.cup = cupmod.Cup(self._send, cup_id, name, board.name, source=source, clock=clock, pip_mode=pip_mode,
                              store=board.store)
        self.link = Link(self._write, self._deliver, clock=clock)
        if key is not None:
            pair(self.cup, self.link, key)
        self.buttons = [Button(pin) for pin in board.pins]
        self.streams = board.streams
        self._active = self.streams[0]
        self.shake = None
        if board.shakes:
            from cupcore.shake import ShakeDetector  # only here: 5 KB of heap a board without one never pays

            self.shake = ShakeDetector()
        self._shown = bytearray(len(board.buf))
        self._what = None
        # The LEDs are drawn again only when something may have changed them: a frame came, a gesture, a shake,
        # a fault, or the time the cup said its display changes by itself (cup.due_in). Drawing them every pass
        # cost half of each idle pass (a 20 ms debounce tick), which a board pays in power and an emulated chip
        # in host CPU.
        self._stirred = True
        self._redraw_at = None
        self._cue_from = None
        self._feeds = [self._feeder(s) for s in self.streams]
        self.crashes = 0  # faults caught, reported or not
        self._reported_at = None
        try:
            self.show()
        except Exception as exc:  # LEDs that fail at start are no reason not to play
            self._crashed(exc, 0)

    def _send(self, mtype, values=()):
        link = self.link
        if mtype == wire.HELLO and link.session is not None:
            return link.send_once(mtype, values)  # an answer to a plain WHO: see the module's docstring
        return link.send(mtype, values)

    def _write(self, frame):
        self._active.write(frame)

    def _taken(self):
        """How many frames have been taken that may move the cup's stream: authenticated ones once it is keyed."""
        link = self.link
        return link.authentic if link.require_auth else link.accepted

    def _feeder(self, stream):
        def feed(buf, n):
            # Replies go back on this stream; it stays the cup's stream only if a frame from it was taken.
            self._stirred = True
            before, taken = self._active, self._taken()
            self._active = stream
            self.link.feed(buf, n)
            if self._taken() == taken:
                self._active = before
            else:
                stream.taken = True  # a BLE stream keeps only a central that has sent such a frame (nus.py)

        return feed

    def _deliver(self, mtype, values):
        # Caught here, not only in step(): the other frames that arrived with this one are still handled.
        try:
            self.cup.receive(mtype, values)
        except Exception as exc:
            self._crashed(exc, mtype)

    # -- the loop -----------------------------------------------------------------------------------------

    def run(self):
        """The main loop: a step, then wait until input arrives or something is due. Never returns."""
        clock, board = self._clock, self.board
        while True:
            board.wait(self.step(clock()))

    def step(self, now):
        """One pass of the main loop; returns the milliseconds until the next is due (see next_deadline)."""
        try:
            self._step(now)
            return self.next_deadline(self._clock())
        except Exception as exc:  # KeyboardInterrupt is not an Exception: the break-in still stops the cup
            self._crashed(exc, 0)
            return _AFTER_CRASH_MS

    def _step(self, now):
        for i in range(len(self.streams)):
            self.streams[i].poll(self._feeds[i])
        cup = self.cup
        for index in range(len(self.buttons)):
            gesture = self.buttons[index].poll(now)
            if not gesture:
                continue
            self._stirred = True
            if index == _PEEK_BUTTON:
                cup.gesture(cupmod.BUTTON_A, LONG)  # C: a button of its own for a peek
            else:
                cup.gesture(index, gesture)
        shake = self.shake
        if shake is not None:
            sample = self.board.accel()
            if sample is not None and shake.sample(now, sample[0], sample[1], sample[2]):
                self._stirred = True
                if cup.state == cupmod.WAITING:
                    cup.gesture(cupmod.BUTTON_B, LONG)  # between deals: ready, roll
        self.link.tick()
        self.board.tick(now)
        redraw_at = self._redraw_at
        if self._stirred or (redraw_at is not None and ticks_diff(now, redraw_at) >= 0):
            self.show()

    def next_deadline(self, now):
        """Milliseconds until something is due: a button to sample (debounce, long press, the double-press
        window), a retransmission, the display changing by itself (a blink, the end of a cue or a peek), the
        board's own (a tone to stop, an accelerometer sample). Input that arrives sooner ends the wait early."""
        due = -1
        for button in self.buttons:
            due = _sooner(due, button.due_in(now))
        due = _sooner(due, self.link.due_in(now))
        due = _sooner(due, self.cup.due_in(now))
        due = _sooner(due, self.board.due_in(now))
        return Button.debounce_ms if due < 0 else due

    def _crashed(self, exc, about):
        self.crashes += 1
        self._stirred = True
        self.cup.crashed()
        now = self._clock()
        if self._reported_at is not None and ticks_diff(now, self._reported_at) < _QUIET_MS:
            return
        self._reported_at = now
        try:
            self.link.send(wire.ERROR, (wire.ERR_CRASH, about))
            self.board.crashed(exc)
        except Exception:
            pass  # a cup that can't even say so still carries on

    # -- the display --------------------------------------------------------------------------------------

    def show(self):
        cup = self.cup
        board = self.board
        cup.render(board.buf)
        showing = cup.showing
        if showing == "cue":
            if self._cue_from != cup.cue_from:
                board.sound(cup.cue)
            self._cue_from = cup.cue_from
        what = showing or cupmod.STATE_NAMES[cup.state]
        if board.buf != self._shown or what != self._what:
            board.show(what)
            self._shown[:] = board.buf  # only once shown: a show that failed is tried again next step
            self._what = what
        now = self._clock()
        due = cup.due_in(now)
        self._redraw_at = None if due < 0 else ticks_add(now, due)
        self._stirred = False


def _sooner(a, b):
    """The sooner of two deadlines in ms, where -1 means none."""
    if a < 0:
        return b
    if b < 0:
        return a
    return a if a < b else b
