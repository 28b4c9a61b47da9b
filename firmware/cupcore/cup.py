"""The cup's state machine: what it does with each message from the hub and each gesture from its owner.

States: JOINING (not seated) -> WAITING (seated, between deals) -> DEALT (a secret seed drawn and only its
commitment sent) -> ROLLED (the hub's entropy came: dice hidden under the cup) <-> TURN (my turn: a bid or call
being composed) -> REVEALED (the hub asked, the dice and seed were shown) -> WAITING or OUT.

The one promise: dice leave the cup only in a REVEAL that answers a REVEAL_REQ for the current deal. Anything
else that arrives in the wrong state is answered with ERROR(ERR_STATE) and changes nothing.

Two buttons, A (left) and B (right), are enough for every turn action:
    A press   face + 1 (6 wraps to 1)          B press   quantity + 1
    A double  quantity - 1                     B double  switch what is composed: bid -> liar -> spot -> bid
    A long    peek at my dice (any time)       B long    send it (between deals: ready; before: sit down)
"""
from cupcore import commit, dice, leds, wire
from cupcore.compat import const, ticks_diff, ticks_ms, urandom
from cupcore.randomcheck import Checked, StuckSource
from cupcore.gestures import DOUBLE, LONG, PRESS
from cupcore import session as _session

JOINING = const(0)
WAITING = const(1)
ROLLED = const(2)
TURN = const(3)
REVEALED = const(4)
OUT = const(5)
DEALT = const(6)
POKER = const(7)  # the table's one cup at poker dice: cupcore/pokercup.py runs it
STATE_NAMES = ("joining", "waiting", "rolled", "turn", "revealed", "out", "dealt", "poker")

BUTTON_A = const(0)
BUTTON_B = const(1)
FW_MAJOR = const(0)
FW_MINOR = const(1)
_CALLS = (wire.BID, wire.LIAR, wire.SPOT)
_CRASH = const(0xFF)  # shown like a cue, but the cup's own: no hub sends it (wire cues are 1..9)
_BLINK_MS = const(200)  # a cue's blink changes every half of leds.blink's period
_SHOWN_EVERY_MS = const(1000)  # a cup that has revealed flashes white this often, for the whole table to see
_SHOWN_FLASH_MS = const(250)


class Cup:
    peek_ms = 3000
    pip_step_ms = 700
    cue_ms = 1200
    _cue_arg = 0  # the last CUE message's arg (read only by the cues that use it)

    def __init__(self, send, cup_id, name, board, source=urandom, clock=ticks_ms, pip_mode=False):
        """send(mtype, values) hands a message to the link; source(n) gives random bytes."""
        self._send = send
        self._source = Checked(source)  # every secret drawn from it is checked first (randomcheck.py)
        self._clock = clock
        self.cup_id = cup_id
        self.name = name
        self.board = board
        self.pip_mode = pip_mode
        self.state = JOINING
        self.seat = wire.NOBODY
        self.deal = -1  # the hub's deal id (a 16-bit counter); -1 before the first
        self._nonce = b""
        self._dice = bytearray(wire.MAX_DICE)
        self.dice_count = 0
        self._seed = b""
        self._entropy = bytearray(16)  # the hub's, for this deal: once it came (state ROLLED on), the dice exist
        self._digest = b""
        self.table = None
        self.kind = wire.BID
        self.qty = 1
        self.face = 2
        self.awaiting = 0  # the intent kind sent and not yet accepted or refused
        self.last_refusal = 0
        self.last_error = None
        self.result = None
        self._peek_from = None
        self._cue = 0
        self._cue_from = 0
        # Pairing (cupcore/session.py): the flash key, if the board has one, and how a session reaches the link.
        self.key = None
        self.paired = None  # paired(session_key): the runner's hook; the link authenticates from then on
        self._challenge = b""
        self.poker = None  # at a poker-dice table: the PokerCup (loaded then, so other tables never spend RAM on it)

    # -- messages from the hub ---------------------------------------------------------------------------

    def receive(self, mtype, values):
        if mtype == wire.PTABLE or mtype == wire.PDEAL or (self.poker is not None and mtype in _POKER_TOO):
            return self._poker_receive(mtype, values)
        handler = _HANDLERS.get(mtype)
        if handler is None:
            return  # acks, pongs and the cup's own message types need nothing from the cup
        handler(self, values)

    def _poker_receive(self, mtype, values):
        if self.poker is None:
            if self.state in (JOINING, OUT):
                return self._refuse(mtype)
            from cupcore.pokercup import PokerCup

            self.poker = PokerCup(self._send, self._source, self._clock)
            self._forget_deal()
            self.state = POKER
        self.poker.receive(mtype, values)

    def hello(self):
        self._send(wire.HELLO, (wire.VERSION, FW_MAJOR, FW_MINOR, self.cup_id, self.name, self.board))

    def _refuse(self, mtype):
        self._send(wire.ERROR, (wire.ERR_STATE, mtype))

    def _on_who(self, values):
        # Only "who are you?": a hub that lost the link (or restarted) asks again, and the cup keeps its deal.
        self.hello()

    def _on_challenge(self, values):
        # A hub that holds this cup's key asks it to prove it holds it too: the proof, then a session.
        hub_nonce = values[0]
        if self.key is None:
            return self._refuse(wire.CHALLENGE)  # flashed without a key: the hub says what to do in words
        if hub_nonce == self._challenge:
            return  # the same challenge again: the proof already sent (and retransmitted) answers it
        self._challenge = hub_nonce
        cup_nonce = urandom(_session.NONCE_SIZE)  # fresh even on a seeded virtual cup: a nonce is not a die
        self._send(wire.PROOF, (cup_nonce, _session.proof(self.key, hub_nonce, cup_nonce, self.cup_id)))
        if self.paired is not None:
            self.paired(_session.session_key(self.key, hub_nonce, cup_nonce))

    def _on_welcome(self, values):
        proto, seat, seats = values
        if seat == self.seat and self.dice_count:
            return  # back in the same seat with the dice it committed to: the deal goes on
        if seat == self.seat and self.poker is not None:
            return  # back at its poker table: the hub's next PTABLE says where the game is
        self._forget_deal()
        self.seat = seat
        self.state = WAITING

    def _on_deal(self, values):
        deal_id, count, nonce = values
        if self.state in (JOINING, OUT):
            return self._refuse(wire.DEAL)
        if not 1 <= count <= wire.MAX_DICE:
            return self._send(wire.ERROR, (wire.ERR_BODY, wire.DEAL))
        if deal_id == self.deal and self.dice_count:
            if nonce != self._nonce:
                return self._refuse(wire.DEAL)  # one deal id, one nonce: never roll twice for a deal
        else:
            # A fresh secret seed, and only its commitment leaves the cup. The dice don't exist yet: they need
            # the hub's entropy, which the hub sends only once it holds this commitment (see _on_entropy).
            self._forget_deal()
            try:
                seed = self._source(commit.SEED_SIZE)
            except StuckSource:
                return self._send(wire.ERROR, (wire.ERR_RANDOM, wire.DEAL))  # no commitment: no dice to load
            self.deal = deal_id
            self._nonce = nonce
            self.dice_count = count
            self._seed = seed
            self._digest = commit.digest(nonce, self.seat, count, self._seed)
            self.state = DEALT
        self._send(wire.COMMIT, (self.deal, self._digest))

    def _on_entropy(self, values):
        deal_id, entropy = values
        if deal_id != self.deal or not self.dice_count or self.state in (JOINING, WAITING, OUT):
            return self._refuse(wire.ENTROPY)
        if self.state != DEALT:  # it has this deal's entropy already
            if entropy != self._entropy:
                self._refuse(wire.ENTROPY)  # one entropy per deal: the dice are already fixed
            return  # the same bytes again: a hub that came back sends them again, nothing changes
        self._entropy[:] = entropy
        dice.roll(self._seed, self._nonce, self.seat, self._entropy, self.dice_count, self._dice)
        self.state = ROLLED

    def _on_table(self, values):
        if values[0] != self.deal or self.state not in (ROLLED, TURN):
            return self._refuse(wire.TABLE)
        self.table = values
        mine = values[1] == self.seat
        if mine and self.state == ROLLED:
            self.state = TURN
            self.awaiting = 0
            self._start_composing(values)
        elif not mine:
            self.state = ROLLED

    def _on_accept(self, values):
        deal_id, kind = values
        if kind != self.awaiting or (kind != wire.READY and deal_id != self.deal):
            return self._refuse(wire.ACCEPT)
        self.awaiting = 0
        if self.state == TURN:
            self.state = ROLLED  # the turn has passed; the next TABLE says whose it is

    def _on_refuse(self, values):
        deal_id, kind, reason = values
        if kind != self.awaiting:
            return self._refuse(wire.REFUSE)
        self.awaiting = 0
        self.last_refusal = reason
        self._show_cue(wire.CUE_REFUSED)

    def _on_reveal_req(self, values):
        if values[0] != self.deal or not self.dice_count or self.state not in (ROLLED, TURN, REVEALED):
            return self._refuse(wire.REVEAL_REQ)  # (in DEALT there are no dice yet: no entropy)
        self.state = REVEALED
        self._send(wire.REVEAL, (self.deal, bytes(self._dice[: self.dice_count]), self._seed))

    def _on_result(self, values):
        if values[0] != self.deal or self.state not in (DEALT, ROLLED, TURN, REVEALED):
            return self._refuse(wire.RESULT)
        self.result = values
        change, status = values[1], values[4]
        self._forget_deal()
        self.state = OUT if status == wire.OUT else WAITING
        if status == wire.WON:
            self._show_cue(wire.CUE_WON)
        elif change:
            self._show_cue(wire.CUE_GAINED if change > 0 else wire.CUE_LOST)

    def _on_cue(self, values):
        self._show_cue(values[0])
        self._cue_arg = values[1]  # CUE_HURRY: the seconds left, shown as that many pixels

    def _on_ping(self, values):
        self._send(wire.PONG, values)

    def _on_error(self, values):
        self.last_error = values

    def _forget_deal(self):
        for i in range(len(self._dice)):
            self._dice[i] = 0
        self.dice_count = 0
        self._seed = b""
        self.table = None
        self.awaiting = 0
        self._peek_from = None

    # -- gestures from the owner -------------------------------------------------------------------------

    def gesture(self, button, kind):
        if self.poker is not None:
            return self.poker.gesture(button, kind)
        if button == BUTTON_A and kind == LONG:
            if self.dice_count and self.state != DEALT:  # dice to peek at: the entropy has come
                self._peek_from = self._clock()
            return
        if self.state in (JOINING, WAITING) and button == BUTTON_B and kind == LONG and not self.awaiting:
            # Between deals "ready"; before the game, "seat me" (seats are taken in the order cups ask).
            self.awaiting = wire.READY
            self._send(wire.INTENT, (max(self.deal, 0), wire.READY, 0, 0))
        elif self.state == TURN and not self.awaiting:
            self._compose(button, kind)
        # Anything else (out of turn, while a reply is awaited) is ignored: the cup never sends an intent that
        # its state can't back.

    def _compose(self, button, kind):
        most = self.table[6] if self.table and self.table[6] else wire.MAX_DICE
        if button == BUTTON_A and kind == PRESS:
            self.face = self.face % 6 + 1
        elif button == BUTTON_A and kind == DOUBLE:
            self.qty = max(1, self.qty - 1)
        elif button == BUTTON_B and kind == PRESS:
            self.qty = min(most, self.qty + 1)
        elif button == BUTTON_B and kind == DOUBLE:
            self.kind = _CALLS[(_CALLS.index(self.kind) + 1) % len(_CALLS)]
        elif button == BUTTON_B and kind == LONG:
            self.awaiting = self.kind
            if self.kind == wire.BID:
                self._send(wire.INTENT, (self.deal, wire.BID, self.qty, self.face))
            else:
                self._send(wire.INTENT, (self.deal, self.kind, 0, 0))

    def _start_composing(self, table):
        """Start from the smallest ordinary raise of the standing bid; the hub referees the rest."""
        self.kind = wire.BID
        qty, face = table[3], table[4]
        if not qty:
            self.qty, self.face = 1, 2
        elif face < 6:
            self.qty, self.face = qty, face + 1
        else:
            self.qty, self.face = qty + 1, face

    @property
    def peeking(self):
        return self._peek_from is not None

    @property
    def showing(self):
        """What the last render() put on the LEDs when it was not the state's own display: "cue", "crash" or
        "peek"."""
        if self._cue:
            return "crash" if self._cue == _CRASH else "cue"
        if self._peek_from is not None or (self.poker is not None and self.poker.peeking):
            return "peek"
        return self.poker.word() if self.poker is not None else None

    def crashed(self):
        """The loop caught a fault and carries on: show it for a moment. The deal, dice and commitment stay."""
        self._show_cue(_CRASH)

    def due_in(self, now):
        """Milliseconds until render() shows something new by itself (a blink, a pip, the end of a cue or a
        peek), or -1 when the display holds still until a message or a gesture changes it."""
        if self.poker is not None and not self._cue:
            return self.poker.due_in(now)
        if self._cue:
            elapsed = ticks_diff(now, self._cue_from)
            return max(0, min(self.cue_ms - elapsed, _BLINK_MS - elapsed % _BLINK_MS))
        if self._peek_from is not None:
            elapsed = ticks_diff(now, self._peek_from)
            left = self._peek_length() - elapsed
            if self.pip_mode:
                left = min(left, self.pip_step_ms - elapsed % self.pip_step_ms)
            return max(0, left)
        if self.state == REVEALED:
            elapsed = now % _SHOWN_EVERY_MS
            return _SHOWN_FLASH_MS - elapsed if elapsed < _SHOWN_FLASH_MS else _SHOWN_EVERY_MS - elapsed
        return -1

    # -- what the LEDs show ------------------------------------------------------------------------------

    def _show_cue(self, cue):
        self._cue = cue
        self._cue_from = self._clock()

    def render(self, buf):
        now = self._clock()
        if self._cue and ticks_diff(now, self._cue_from) < self.cue_ms:
            return _render_cue(buf, self._cue, ticks_diff(now, self._cue_from), self._cue_arg)
        self._cue = 0
        if self._peek_from is not None and ticks_diff(now, self._peek_from) < self._peek_length():
            return self._render_dice(buf, ticks_diff(now, self._peek_from))
        self._peek_from = None
        state = self.state
        poker = self.poker
        if state == POKER and poker is not None:  # POKER is set only once the poker module is loaded
            return poker.render(buf)
        if state == TURN:
            if self.kind == wire.BID:
                return leds.bid(buf, self.qty, self.face)
            return leds.fill(buf, leds.RED if self.kind == wire.LIAR else leds.CYAN)
        if state == REVEALED:
            # Unlike a peek, a white flash every second: everyone at the table sees this cup has shown its dice
            # (a hub that asked before anyone called is caught in the act).
            if now % _SHOWN_EVERY_MS < _SHOWN_FLASH_MS:  # on the clock's own second: no field to keep
                return leds.fill(buf, leds.WHITE)
            return leds.faces(buf, self._dice, self.dice_count)
        if state == ROLLED:
            return leds.marker(buf, leds.DIM_AMBER)
        if state == OUT:
            return leds.fill(buf, leds.OFF)
        return leds.marker(buf, leds.DIM_BLUE)

    def _peek_length(self):
        # Pip mode shows one die at a time, so a peek lasts long enough to step through all of them.
        return 2 * self.dice_count * self.pip_step_ms if self.pip_mode else self.peek_ms

    def _render_dice(self, buf, elapsed):
        if not self.pip_mode:
            return leds.faces(buf, self._dice, self.dice_count)
        step = elapsed // self.pip_step_ms
        if step % 2:
            return leds.fill(buf, leds.OFF)  # a dark gap so two equal dice in a row read as two
        return leds.pips(buf, self._dice[(step // 2) % self.dice_count])


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


_POKER_TOO = (wire.ENTROPY, wire.REVEAL_REQ, wire.ACCEPT, wire.REFUSE, wire.PCLOSE)  # in poker mode, the PokerCup's
_HANDLERS = {
    wire.WHO: Cup._on_who,
    wire.ENTROPY: Cup._on_entropy,
    wire.WELCOME: Cup._on_welcome,
    wire.CHALLENGE: Cup._on_challenge,
    wire.DEAL: Cup._on_deal,
    wire.TABLE: Cup._on_table,
    wire.ACCEPT: Cup._on_accept,
    wire.REFUSE: Cup._on_refuse,
    wire.REVEAL_REQ: Cup._on_reveal_req,
    wire.RESULT: Cup._on_result,
    wire.CUE: Cup._on_cue,
    wire.PING: Cup._on_ping,
    wire.ERROR: Cup._on_error,
}
