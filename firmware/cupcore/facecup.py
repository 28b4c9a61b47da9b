"""The cup's face-bid mode: each player's own dice under their own cup, bids of a quantity of a face. The Cup
(cupcore/cup.py) plays it from power-on; a poker-dice table's first message turns the cup to its poker mode
(cupcore/pokercup.py) once, for good.

The one promise: dice leave the cup only in a REVEAL that answers a REVEAL_REQ for the current deal. Anything
else that arrives in the wrong state is answered with ERROR(ERR_STATE) and changes nothing.

Two buttons, A (left) and B (right), are enough for every turn action:
    A press   face + 1 (6 wraps to 1)          B press   quantity + 1
    A double  quantity - 1                     B double  switch what is composed: bid -> liar -> spot -> bid
    A long    peek at my dice (any time)       B long    send it (between deals: ready; before: sit down)
"""
from cupcore import commit, dice, leds, vouch, wire
from cupcore.compat import const, ticks_diff
from cupcore.gestures import DOUBLE, LONG, PRESS
from cupcore.states import DEALT, JOINING, OUT, REVEALED, ROLLED, TURN, WAITING

_A = const(0)
_B = const(1)
_CALLS = (wire.BID, wire.LIAR, wire.SPOT)
_SHOWN_EVERY_MS = const(1000)  # a cup that has revealed flashes white this often, for the whole table to see
_SHOWN_FLASH_MS = const(250)


class FacesMode:
    def __init__(self, cup):
        self.cup = cup
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
        self.result = None
        self._peek_from = None

    def held(self):
        """The dice this cup holds now: what its holder sees on a peek."""
        return bytes(self._dice[: self.dice_count])

    # -- messages from the hub ---------------------------------------------------------------------------

    def receive(self, mtype, values):
        if mtype == wire.PTABLE or mtype == wire.PDEAL or mtype == wire.PCLOSE:
            return self._to_poker(mtype, values)  # PCLOSE: a cup back from a reset opens the round secret it kept
        handler = _HANDLERS.get(mtype)
        if handler is not None:
            handler(self, values)  # acks, pongs and the cup's own message types need nothing from the cup

    def welcome(self, seat):
        cup = self.cup
        if seat == cup.seat and self.dice_count:
            return  # back in the same seat with the dice it committed to: the deal goes on
        cup.keep.forget_unless(seat)  # a deal kept for another seat is another game's (a reset keeps its seat)
        self._forget_deal()
        cup.seat = seat
        cup.state = WAITING

    def _to_poker(self, mtype, values):
        """A poker-dice table's first message: the cup plays poker from now on. Imported only then, so a
        face-bid cup never spends RAM on the poker mode."""
        cup = self.cup
        if cup.state in (JOINING, OUT):
            return cup.refuse(mtype)
        from cupcore.pokercup import PokerMode

        cup.play(PokerMode)
        cup.mode.receive(mtype, values)

    def _on_deal(self, values):
        deal_id, count, nonce = values
        cup = self.cup
        if cup.state in (JOINING, OUT):
            return cup.refuse(wire.DEAL)
        if not 1 <= count <= wire.MAX_DICE:
            return cup.send(wire.ERROR, (wire.ERR_BODY, wire.DEAL))
        if deal_id == self.deal and self.dice_count:
            if nonce != self._nonce:
                return cup.refuse(wire.DEAL)  # one deal id, one nonce: never roll twice for a deal
        else:
            # A fresh secret seed, and only its commitment leaves the cup. The dice don't exist yet: they need
            # the hub's entropy, which the hub sends only once it holds this commitment (see _on_entropy).
            # A cup back from a reset has this very deal's seed kept (cupcore/keep.py): the same commitment.
            self._forget_deal()
            seed = cup.keep.deal_seed(cup.seat, deal_id, count, nonce)
            if seed is None:
                seed = cup.secret(commit.SEED_SIZE, wire.DEAL)
                if seed is None:
                    return
                cup.keep.keep_deal(cup.seat, deal_id, count, nonce, seed)  # before the commitment leaves the cup
            self.deal = deal_id
            self._nonce = nonce
            self.dice_count = count
            self._seed = seed
            self._digest = commit.digest(nonce, cup.seat, count, seed)
            cup.state = DEALT
        cup.send(wire.COMMIT, (self.deal, self._digest))

    def _on_entropy(self, values):
        deal_id, entropy = values
        cup = self.cup
        if deal_id != self.deal or not self.dice_count or cup.state in (JOINING, WAITING, OUT):
            return cup.refuse(wire.ENTROPY)
        if cup.state != DEALT:  # it has this deal's entropy already
            if entropy != self._entropy:
                cup.refuse(wire.ENTROPY)  # one entropy per deal: the dice are already fixed
            return  # the same bytes again: a hub that came back sends them again, nothing changes
        self._entropy[:] = entropy
        dice.roll(self._seed, self._nonce, cup.seat, self._entropy, self.dice_count, self._dice)
        cup.state = ROLLED

    def _on_table(self, values):
        cup = self.cup
        if values[0] != self.deal or cup.state not in (ROLLED, TURN):
            return cup.refuse(wire.TABLE)
        self.table = values
        mine = values[1] == cup.seat
        if mine and cup.state == ROLLED:
            cup.state = TURN
            self.awaiting = 0
            self._start_composing(values)
        elif not mine:
            cup.state = ROLLED

    def _on_accept(self, values):
        deal_id, kind = values
        if kind != self.awaiting or (kind != wire.READY and deal_id != self.deal):
            return self.cup.refuse(wire.ACCEPT)
        self.awaiting = 0
        if self.cup.state == TURN:
            self.cup.state = ROLLED  # the turn has passed; the next TABLE says whose it is

    def _on_refuse(self, values):
        deal_id, kind, reason = values
        if kind != self.awaiting:
            return self.cup.refuse(wire.REFUSE)
        self.awaiting = 0
        self.last_refusal = reason
        self.cup.show_cue(wire.CUE_REFUSED)

    def _on_reveal_req(self, values):
        cup = self.cup
        if values[0] != self.deal or not self.dice_count or cup.state not in (ROLLED, TURN, REVEALED):
            return cup.refuse(wire.REVEAL_REQ)  # (in DEALT there are no dice yet: no entropy)
        cup.state = REVEALED
        facts = vouch.faces_message(self._nonce, cup.seat, self.dice_count, self._entropy, self._seed)
        cup.send(wire.REVEAL, (self.deal, bytes(self._dice[: self.dice_count]), self._seed, vouch.tag(cup.key, facts)))

    def _on_result(self, values):
        cup = self.cup
        if values[0] != self.deal or cup.state not in (DEALT, ROLLED, TURN, REVEALED):
            return cup.refuse(wire.RESULT)
        self.result = values
        change, status = values[1], values[4]
        self._forget_deal()
        cup.keep.forget()  # the deal is settled: its seed matters no more
        cup.state = OUT if status == wire.OUT else WAITING
        if status == wire.WON:
            cup.show_cue(wire.CUE_WON)
        elif change:
            cup.show_cue(wire.CUE_GAINED if change > 0 else wire.CUE_LOST)

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
        cup = self.cup
        if button == _A and kind == LONG:
            if self.dice_count and cup.state != DEALT:  # dice to peek at: the entropy has come
                self._peek_from = cup.clock()
            return
        if cup.state in (JOINING, WAITING) and button == _B and kind == LONG and not self.awaiting:
            # Between deals "ready"; before the game, "seat me" (seats are taken in the order cups ask).
            if cup.state == JOINING:
                cup.keep.forget()  # a new game: nothing kept from an earlier one (a poker round's secret)
            self.awaiting = wire.READY
            cup.send(wire.INTENT, (max(self.deal, 0), wire.READY, 0, 0))
        elif cup.state == TURN and not self.awaiting:
            self._compose(button, kind)
        # Anything else (out of turn, while a reply is awaited) is ignored: the cup never sends an intent that
        # its state can't back.

    def _compose(self, button, kind):
        most = self.table[6] if self.table and self.table[6] else wire.MAX_DICE
        if button == _A and kind == PRESS:
            self.face = self.face % 6 + 1
        elif button == _A and kind == DOUBLE:
            self.qty = max(1, self.qty - 1)
        elif button == _B and kind == PRESS:
            self.qty = min(most, self.qty + 1)
        elif button == _B and kind == DOUBLE:
            self.kind = _CALLS[(_CALLS.index(self.kind) + 1) % len(_CALLS)]
        elif button == _B and kind == LONG:
            self.awaiting = self.kind
            if self.kind == wire.BID:
                self.cup.send(wire.INTENT, (self.deal, wire.BID, self.qty, self.face))
            else:
                self.cup.send(wire.INTENT, (self.deal, self.kind, 0, 0))

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

    # -- what the LEDs show ------------------------------------------------------------------------------

    @property
    def peeking(self):
        return self._peek_from is not None

    def showing(self):
        """"peek" while the dice are shown to their owner, else None: the state names the display."""
        return "peek" if self._peek_from is not None else None

    def due_in(self, now):
        """Milliseconds until render() shows something new by itself (a pip, the end of a peek, the revealed
        cup's flash), or -1."""
        cup = self.cup
        if self._peek_from is not None:
            elapsed = ticks_diff(now, self._peek_from)
            left = self._peek_length() - elapsed
            if cup.pip_mode:
                left = min(left, cup.pip_step_ms - elapsed % cup.pip_step_ms)
            return max(0, left)
        if cup.state == REVEALED:
            elapsed = now % _SHOWN_EVERY_MS
            return _SHOWN_FLASH_MS - elapsed if elapsed < _SHOWN_FLASH_MS else _SHOWN_EVERY_MS - elapsed
        return -1

    def render(self, buf):
        now = self.cup.clock()
        if self._peek_from is not None and ticks_diff(now, self._peek_from) < self._peek_length():
            return self._render_dice(buf, ticks_diff(now, self._peek_from))
        self._peek_from = None
        state = self.cup.state
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
        cup = self.cup
        return 2 * self.dice_count * cup.pip_step_ms if cup.pip_mode else cup.peek_ms

    def _render_dice(self, buf, elapsed):
        cup = self.cup
        if not cup.pip_mode:
            return leds.faces(buf, self._dice, self.dice_count)
        step = elapsed // cup.pip_step_ms
        if step % 2:
            return leds.fill(buf, leds.OFF)  # a dark gap so two equal dice in a row read as two
        return leds.pips(buf, self._dice[(step // 2) % self.dice_count])


_HANDLERS = {
    wire.DEAL: FacesMode._on_deal,
    wire.ENTROPY: FacesMode._on_entropy,
    wire.TABLE: FacesMode._on_table,
    wire.ACCEPT: FacesMode._on_accept,
    wire.REFUSE: FacesMode._on_refuse,
    wire.REVEAL_REQ: FacesMode._on_reveal_req,
    wire.RESULT: FacesMode._on_result,
}
