"""The cup: what every game kind shares, around a mode object for the kind the table plays.

The Cup holds the seat, the pairing (the CHALLENGE's proof, cupcore/session.py), the checked random source every
dice secret is drawn from, the hub's cues and the cup's own crash blink over whatever the mode shows, and the
plain exchanges (WHO, PING, ERROR). Everything else — a deal's messages, the owner's gestures, what the LEDs show
between cues — is the mode's: cupcore/facecup.py (face-bid Liar's Dice, from power-on) or cupcore/pokercup.py
(poker dice; loaded at the table's first poker message, so a face-bid cup never spends RAM on it). A mode gets
the Cup and uses only its public names: send, refuse, secret, keep, show_cue, clock, seat, state and the timings.

States (cupcore/states.py): JOINING (not seated) -> WAITING (seated, between deals) -> the mode's -> WAITING
or OUT.
"""
from cupcore import leds, wire
from cupcore import session as _session
from cupcore.compat import const, ticks_diff, ticks_ms, urandom
from cupcore.facecup import FacesMode
from cupcore.keep import Keep
from cupcore.randomcheck import Checked, StuckSource
# The states by the names the runner, the boards and the tests know them: cupmod.TURN and the rest.
from cupcore.states import DEALT, JOINING, OUT, POKER, REVEALED, ROLLED, STATE_NAMES, TURN, WAITING  # noqa: F401

BUTTON_A = const(0)
BUTTON_B = const(1)
FW_MAJOR = const(0)
FW_MINOR = const(1)
_CRASH = const(0xFF)  # shown like a cue, but the cup's own: no hub sends it (wire cues are 1..9)
_BLINK_MS = const(200)  # a cue's blink changes every half of leds.blink's period


class Cup:
    peek_ms = 3000
    pip_step_ms = 700
    cue_ms = 1200
    cue = 0  # the cue being shown (0: none); the runner sounds each one once, when cue_from changes
    cue_from = 0
    _cue_arg = 0  # the last CUE message's arg (read only by the cues that use it)

    def __init__(self, send, cup_id, name, board, source=urandom, clock=ticks_ms, pip_mode=False, store=None):
        """send(mtype, values) hands a message to the link; source(n) gives random bytes; store: where the
        board keeps the deal in progress across a reset (cupcore/keep.py), or None."""
        self.send = send
        self._source = Checked(source)  # every secret drawn from it is checked first (randomcheck.py)
        self.clock = clock
        self.cup_id = cup_id
        self.name = wire.fit_text(name)  # settings.toml may hold a longer name than the hello carries
        self.board = board
        self.pip_mode = pip_mode
        self.state = JOINING
        self.seat = wire.NOBODY
        self.last_error = None
        # Pairing (cupcore/session.py): the flash key, if the board has one, and how a session reaches the link.
        self.key = None
        self.paired = None  # paired(session_key): the runner's hook; the link authenticates from then on
        self._challenge = b""
        self.keep = Keep(store)  # read once, here: what a cup back from a reset still holds of its deal
        self.mode = FacesMode(self)

    def play(self, kind):
        """The table plays another game kind: `kind(cup)` is the mode from now on (the old one's deal is gone)."""
        self.mode = kind(self)

    # -- what the modes use -------------------------------------------------------------------------------

    def refuse(self, mtype):
        self.send(wire.ERROR, (wire.ERR_STATE, mtype))

    def secret(self, size, about):
        """`size` fresh bytes for a dice secret, or None once the hub is told the source is stuck (ERR_RANDOM,
        about the message that asked): no commitment, so no dice anyone could work out."""
        try:
            return self._source(size)
        except StuckSource:
            self.send(wire.ERROR, (wire.ERR_RANDOM, about))
            return None

    def show_cue(self, cue):
        self.cue = cue
        self.cue_from = self.clock()

    # -- messages from the hub ---------------------------------------------------------------------------

    def receive(self, mtype, values):
        handler = _HANDLERS.get(mtype)
        if handler is None:
            return self.mode.receive(mtype, values)
        handler(self, values)

    def hello(self):
        self.send(wire.HELLO, (wire.VERSION, FW_MAJOR, FW_MINOR, self.cup_id, self.name, self.board))

    def _on_who(self, values):
        # Only "who are you?": a hub that lost the link (or restarted) asks again, and the cup keeps its deal.
        self.hello()

    def _on_challenge(self, values):
        # A hub that holds this cup's key asks it to prove it holds it too: the proof, then a session.
        hub_nonce = values[0]
        if self.key is None:
            return self.refuse(wire.CHALLENGE)  # flashed without a key: the hub says what to do in words
        if hub_nonce == self._challenge:
            return  # the same challenge again: the proof already sent (and retransmitted) answers it
        self._challenge = hub_nonce
        cup_nonce = urandom(_session.NONCE_SIZE)  # fresh even on a seeded virtual cup: a nonce is not a die
        self.send(wire.PROOF, (cup_nonce, _session.proof(self.key, hub_nonce, cup_nonce, self.cup_id)))
        if self.paired is not None:
            self.paired(_session.session_key(self.key, hub_nonce, cup_nonce))

    def _on_welcome(self, values):
        self.mode.welcome(values[1])  # the mode says whether its deal goes on in that seat

    def _on_cue(self, values):
        self.show_cue(values[0])
        self._cue_arg = values[1]  # CUE_HURRY: the seconds left, shown as that many pixels

    def _on_ping(self, values):
        self.send(wire.PONG, values)

    def _on_error(self, values):
        self.last_error = values

    # -- gestures from the owner -------------------------------------------------------------------------

    def gesture(self, button, kind):
        self.mode.gesture(button, kind)

    # -- what the LEDs show ------------------------------------------------------------------------------

    @property
    def peeking(self):
        return self.mode.peeking

    @property
    def showing(self):
        """What the last render() put on the LEDs when it was not the state's own display: "cue", "crash",
        "peek", or the mode's word for it (None: the state's name says it)."""
        if self.cue:
            return "crash" if self.cue == _CRASH else "cue"
        return self.mode.showing()

    def crashed(self):
        """The loop caught a fault and carries on: show it for a moment. The deal, dice and commitment stay."""
        self.show_cue(_CRASH)

    def due_in(self, now):
        """Milliseconds until render() shows something new by itself (a blink, a pip, the end of a cue or a
        peek), or -1 when the display holds still until a message or a gesture changes it."""
        if self.cue:
            elapsed = ticks_diff(now, self.cue_from)
            return max(0, min(self.cue_ms - elapsed, _BLINK_MS - elapsed % _BLINK_MS))
        return self.mode.due_in(now)

    def render(self, buf):
        elapsed = ticks_diff(self.clock(), self.cue_from)
        if self.cue and elapsed < self.cue_ms:
            return _render_cue(buf, self.cue, elapsed, self._cue_arg)
        self.cue = 0
        return self.mode.render(buf)


def _render_cue(buf, cue, elapsed, arg):
    if cue == wire.CUE_HURRY:  # amber, one pixel per second left: unlike the turn's white over every pixel
        leds.blink(buf, leds.AMBER, elapsed)
        for i in range(max(1, arg), leds.pixels(buf)):
            leds.set_pixel(buf, i, leds.OFF)
        return buf
    if cue == _CRASH:
        return leds.blink(buf, leds.FACE_COLOURS[6], elapsed)  # magenta: no hub cue blinks it
    if cue in (wire.CUE_LOST, wire.CUE_BANG, wire.CUE_REFUSED):
        return leds.blink(buf, leds.RED, elapsed)
    if cue in (wire.CUE_GAINED, wire.CUE_WON):
        return leds.blink(buf, leds.GREEN, elapsed)
    return leds.blink(buf, leds.WHITE, elapsed)


_HANDLERS = {
    wire.WHO: Cup._on_who,
    wire.WELCOME: Cup._on_welcome,
    wire.CHALLENGE: Cup._on_challenge,
    wire.CUE: Cup._on_cue,
    wire.PING: Cup._on_ping,
    wire.ERROR: Cup._on_error,
}
