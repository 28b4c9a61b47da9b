"""The cup's poker mode: ONE cup of five dice passed round the table, held by whoever the hub says holds it. The
Cup (cupcore/cup.py) turns to it at a poker table's first message (cupcore/facecup.py imports it only then), so
a face-bid cup never spends RAM on it; the Cup's shared part (seat, pairing, cues, the checked random source)
stays the Cup's.

Each die is its own: it is rolled in a sub-deal (PDEAL: a deal id, a mask of dice, a nonce) with its own secret
seed, and only its commitment leaves the cup (PCOMMIT, as cupcore.commit with the die's number where a seat
stands and a count of 1). The hub's ENTROPY for the sub-deal makes the faces (cupcore.dice, one die). A die is
opened alone (OPEN: sub-deal, die, face, seed) when the holder moves it to the table, when it was rolled on the
table (an open roll, a try: opened as soon as it exists) and when the cup is lifted (REVEAL_REQ) -- the hub
checks each against its commitment, and never learns a die still under the cup.

Every seed of a round comes from ONE round secret R, drawn at the round's first PDEAL (die_seed below), so the
cup keeps 16 bytes a round, not a seed per die, and when the round is over (PCLOSE) it opens R (an OPEN of die 0):
the hub then rechecks every die rolled in the round, those re-rolled under the cup before anyone saw them too.

The holder's buttons, by the stage the hub's PTABLE names (A left, B right):
    any stage   A long   peek at all five dice (the holder looks under the cup)
    opening     B long   shake all five; then A press: the bid's die at the pointer 9 T J Q K A or none,
                         B press: the next die of the bid, B double: the way (left/right), B long: bid
                         (a refused bid starts again from the standing one)
    receiving   B press  take the cup or call liar (what is armed)      B long  send it
    handling    B double the tool: move -> shake -> roll -> bid
                move:  A press next die, B press move it (under the cup -> the table opens it; back: hide)
                shake: B long re-roll every die under the cup
                roll:  A press next die, B press pick it, B long roll the picked table dice in the open
                bid:   as when opening (the way is the round's), B long bids
    tries       A press next die, B press pick it, B long roll the picked dice for five of a kind
The LEDs show the dice on the table in the face colours (dice under the cup dark), the cursor's die blinking;
a peek shows all five; the bid being composed shows its dice.
"""
from cupcore import commit, dice, leds, vouch, wire
from cupcore.compat import const, ticks_diff
from cupcore.gestures import DOUBLE, LONG, PRESS
from cupcore.hmac256 import hmac_sha256
from cupcore.states import POKER

# PTABLE stages (the hub maps its states to them in host/dicecup/hub/pokerwire.py).
WAITING = const(0)
OPENING = const(1)
RECEIVING = const(2)
HANDLING = const(3)
TRIES = const(4)
LIFTED = const(5)

# Tools while handling the dice.
MOVE = const(0)
SHAKE = const(1)
ROLL = const(2)
BID = const(3)
_TOOLS = const(4)

NO_BID = const(0xFFFF)  # PTABLE's standing when nobody has bid
LEFT = const(1)
RIGHT = const(2)
_DICE = const(5)
_SEED = const(16)
_NONCE = const(8)
_ALL = const(0x1F)
_BLINK_MS = const(200)
SEED_TAG = b"dicecup-poker-die-1"


def die_seed(secret, deal_id, die):
    """Die `die`'s (1..5) seed in sub-deal `deal_id` of the round whose secret is `secret` (16 bytes):
    HMAC-SHA256(key = secret, msg = "dicecup-poker-die-1" | deal_id (2, big-endian) | die (1)), its first 16
    bytes. A seed opened alone tells nothing of the secret or of the other dice; the secret tells every seed."""
    return hmac_sha256(secret, SEED_TAG + bytes((deal_id >> 8 & 0xFF, deal_id & 0xFF, die)))[:_SEED]


def hand_code(named):
    """A bid's dice (faces 1..6, 0 = not named, named ones first) as one number: base-7 digits, die 1 first.
    Junk is 0. It fits 16 bits (7**5 = 16807), sent as INTENT qty (high byte) and face (low byte)."""
    code = 0
    for face in named:
        code = code * 7 + face
    return code


def hand_dice(code, out):
    """The inverse of hand_code, into `out` (5 bytes)."""
    for i in range(_DICE - 1, -1, -1):
        out[i] = code % 7
        code //= 7
    return out


class PokerMode:
    peek_ms = 3000
    cue_ms = 1200

    def __init__(self, cup):
        self.cup = cup
        cup.state = POKER  # the one state: the stage the hub's PTABLE names says the rest
        # Per die, allocated once: the sub-deal that last rolled it, its nonce and its face. Its seed is not kept:
        # die_seed gives it again from the round secret.
        self.sub = [0, 0, 0, 0, 0]
        self._nonces = bytearray(_DICE * _NONCE)
        self.faces = bytearray(_DICE)  # 0: not rolled yet, or waiting for the hub's entropy
        self._secret = bytearray(_SEED)  # the round secret R: every seed of the round comes from it
        self.secret_from = 0   # the sub-deal at which R was drawn (0: none yet)
        self._rolls = vouch.NO_ROLLS  # every roll made from R, chained (cupcore/vouch.py): the tag opening R covers
        self._rolls_for = bytearray(_SEED)  # the R those rolls were made from (a new R starts a new chain)
        self.spent = True      # R opened, or its round over: the next PDEAL draws a new one
        self.pending = 0       # dice committed to, waiting for entropy
        self.opened = 0        # dice whose seed left the cup since their last roll
        self.on_table = 0      # from the hub's PTABLE
        self.stage = WAITING
        self.round = 0
        self.holder = 0xFF
        self.way = 0
        self.standing = NO_BID
        self.cursor = 0        # die 0..4 the buttons point at
        self.picked = 0        # dice picked to roll (open roll, tries)
        self.tool = MOVE
        self.liar = False      # receiving: liar armed (else: take the cup)
        self.bid = bytearray(_DICE)  # the bid being composed (faces, 0 = not named)
        self.pos = 0           # the bid's die the buttons change
        self.awaiting = 0      # the intent kind sent and not yet accepted or refused
        self.last_refusal = 0
        self._peek_from = None
        self._cue_from = None
        kept = cup.keep.round()
        if kept is not None:  # back from a reset mid-round: the round's secret as it was (cupcore/keep.py)
            self.round, self.secret_from, secret = kept
            self._secret[:] = secret
            self.spent = False

    # -- messages from the hub ---------------------------------------------------------------------------
    def welcome(self, seat):
        self.cup.keep.forget_unless(seat)
        self.cup.seat = seat  # still at its poker table: the hub's next PTABLE says where the game is

    def receive(self, mtype, values):
        if mtype == wire.PDEAL:
            self._on_pdeal(values)
        elif mtype == wire.ENTROPY:
            self._on_entropy(values)
        elif mtype == wire.PTABLE:
            self._on_ptable(values)
        elif mtype == wire.REVEAL_REQ:
            self._open_mask(_ALL & ~self.opened & ~self.pending)
        elif mtype == wire.PCLOSE:
            self._open_secret()
        elif mtype == wire.ACCEPT:
            if values[1] == self.awaiting:
                self.awaiting = 0
        elif mtype == wire.REFUSE:
            if values[1] == self.awaiting:
                self.awaiting = 0
                self.last_refusal = values[2]
                self._cue_from = self.cup.clock()
                hand_dice(self.standing if self.standing != NO_BID else 0, self.bid)  # compose again from the
                self.pos = 0  # standing bid
        elif mtype in _FACES_ONLY:
            self.cup.refuse(mtype)  # a face-bid deal at a poker table: nothing to deal it with

    def _on_pdeal(self, values):
        deal_id, mask, nonce = values
        if not mask or mask & ~_ALL or len(nonce) != _NONCE:
            return self.cup.send(wire.ERROR, (wire.ERR_BODY, wire.PDEAL))
        if self.spent:  # the round's first roll: a new round secret
            secret = self.cup.secret(_SEED, wire.PDEAL)
            if secret is None:
                return  # no commitment: no dice to load
            self._secret[:] = secret
            self.secret_from, self.spent = deal_id, False
            self.cup.keep.keep_round(self.cup.seat, self.round, deal_id, secret)  # before any commitment from it
            for d in range(_DICE):  # dice of an opened secret are never opened again (nor shown as this round's)
                self.faces[d] = 0
            self.pending = self.opened = 0
        for d in range(_DICE):
            if not mask >> d & 1:
                continue
            if not (self.sub[d] == deal_id and self.pending >> d & 1):  # the same PDEAL again: the same seed
                self.sub[d] = deal_id
                self._nonces[d * _NONCE:(d + 1) * _NONCE] = nonce
                self.faces[d] = 0
                self.pending |= 1 << d
                self.opened &= ~(1 << d)
            self.cup.send(wire.PCOMMIT, (deal_id, d + 1, commit.digest(self._nonce(d), d + 1, 1, self._seed(d))))

    def _on_entropy(self, values):
        deal_id, entropy = values
        rolled = 0
        for d in range(_DICE):
            if self.sub[d] == deal_id and self.pending >> d & 1:
                self.faces[d] = dice.roll(self._seed(d), self._nonce(d), d + 1, entropy, 1)[0]
                rolled |= 1 << d
        if not rolled:
            return self.cup.refuse(wire.ENTROPY)  # nothing waits for it (or it came)
        self.pending &= ~rolled
        self._chain_roll(deal_id, rolled, entropy)
        if self.stage == TRIES or self.stage == LIFTED:
            self._open_mask(rolled)  # a try is rolled in the open
        else:
            self._open_mask(rolled & self.on_table)  # an open roll: table dice are seen as they land

    def _on_ptable(self, values):
        rnd, holder, stage, on_table, way, standing = values
        if rnd != self.round:  # a new round: all five under the cup, nothing rolled yet, a new secret to come
            self.round = rnd
            self.pending = self.opened = 0
            self.spent = True  # (kept until then, for a PCLOSE that comes again)
            self.cup.keep.forget()
            for d in range(_DICE):
                self.faces[d] = 0
        if stage != self.stage or holder != self.holder or standing != self.standing:
            self.tool, self.picked, self.liar, self.pos, self.cursor = MOVE, 0, False, 0, 0
            hand_dice(standing if standing != NO_BID else 0, self.bid)
        self.holder, self.stage, self.on_table, self.way, self.standing = holder, stage, on_table, way, standing
        if not self.way:
            self.way = LEFT

    def _open_mask(self, mask):
        for d in range(_DICE):
            if mask >> d & 1 and self.faces[d]:
                self.cup.send(wire.OPEN, (self.sub[d], d + 1, self.faces[d], self._seed(d), vouch.NO_TAG))
                self.opened |= 1 << d

    def _nonce(self, d):
        return bytes(self._nonces[d * _NONCE:(d + 1) * _NONCE])

    def _seed(self, d):
        return die_seed(self._secret, self.sub[d], d + 1)

    def _open_secret(self):
        """The round is over (or void): R, as an OPEN of die 0 from the sub-deal it was drawn at. The same again
        for a PCLOSE sent again; nothing more is rolled from it."""
        if not self.secret_from:
            return self.cup.refuse(wire.PCLOSE)
        self.spent = True
        self.cup.keep.forget()  # opened: nothing more is rolled from it (RAM still answers a PCLOSE sent again)
        rolls = self._rolls if self._rolls_for == self._secret else vouch.NO_ROLLS
        tag = vouch.tag(self.cup.key, vouch.poker_message(self.secret_from, self._secret, rolls))
        self.cup.send(wire.OPEN, (self.secret_from, 0, 0, bytes(self._secret), tag))

    def _chain_roll(self, deal_id, rolled, entropy):
        """Chain a roll made from R into what the tag opening R covers (the chain starts again with each R)."""
        if self._rolls_for != self._secret:
            self._rolls = vouch.NO_ROLLS
            self._rolls_for[:] = self._secret
        first = 0
        while not rolled >> first & 1:
            first += 1
        self._rolls = vouch.roll_step(self._rolls, deal_id, rolled, self._nonce(first), entropy)

    @property
    def rolled(self):
        """Every die has a face (the opener shook, the entropy came)."""
        return not self.pending and all(self.faces)

    # -- the holder's buttons -------------------------------------------------------------------------------
    def gesture(self, button, kind):
        if button == 0 and kind == LONG:
            if self.rolled:
                self._peek_from = self.cup.clock()
            return
        if self.awaiting or self.pending:
            return  # a reply or the entropy is awaited: nothing new until it comes
        stage = self.stage
        if stage == OPENING:
            if not self.rolled:
                if button == 1 and kind == LONG:
                    self._intent(wire.SHAKE, 0, 0)
            elif button == 1 and kind == DOUBLE:
                self.way = RIGHT if self.way == LEFT else LEFT
            else:
                self._compose(button, kind, wire.PBID_LEFT if self.way == LEFT else wire.PBID_RIGHT)
        elif stage == RECEIVING:
            if button == 1 and kind == PRESS:
                self.liar = not self.liar
            elif button == 1 and kind == LONG:
                self._intent(wire.LIAR if self.liar else wire.TAKE, 0, 0)
        elif stage == HANDLING:
            if button == 1 and kind == DOUBLE:
                self.tool = (self.tool + 1) % _TOOLS
            elif self.tool == BID:
                self._compose(button, kind, wire.PBID)
            elif button == 0 and kind == PRESS and self.tool != SHAKE:
                self.cursor = (self.cursor + 1) % _DICE
            elif self.tool == MOVE and button == 1 and kind == PRESS:
                self._move(self.cursor)
            elif self.tool == SHAKE and button == 1 and kind == LONG:
                self._intent(wire.SHAKE, 0, 0)
            elif self.tool == ROLL:
                self._pick_or_send(button, kind, wire.ROLL)
        elif stage == TRIES:
            if button == 0 and kind == PRESS:
                self.cursor = (self.cursor + 1) % _DICE
            else:
                self._pick_or_send(button, kind, wire.TRY)

    def _move(self, d):
        if self.on_table >> d & 1:
            self._intent(wire.HIDE, 1 << d, 0)
        else:
            self._open_mask(1 << d)  # to the table: opened alone; the hub's PTABLE puts it there

    def _pick_or_send(self, button, kind, intent):
        if button == 1 and kind == PRESS:
            self.picked ^= 1 << self.cursor
        elif button == 1 and kind == LONG and self.picked:
            self._intent(intent, self.picked, 0)
            self.picked = 0

    def _compose(self, button, kind, intent):
        if button == 0 and kind == PRESS:
            self.bid[self.pos] = (self.bid[self.pos] + 1) % 7  # none, 9, T, J, Q, K, A
        elif button == 1 and kind == PRESS:
            self.pos = (self.pos + 1) % _DICE
        elif button == 1 and kind == LONG:
            code = hand_code(self.bid)
            self._intent(intent, code >> 8, code & 0xFF)

    def _intent(self, kind, qty, face):
        self.awaiting = kind
        self.cup.send(wire.INTENT, (self.round, kind, qty, face))

    # -- what the LEDs show ----------------------------------------------------------------------------------
    @property
    def peeking(self):
        return self._peek_from is not None and ticks_diff(self.cup.clock(), self._peek_from) < self.peek_ms

    def showing(self):
        return "peek" if self.peeking else self.word()

    def word(self):
        """The state in a word, for the virtual cup's LED line (the hands that play it wait on it):
        poker-ROUND-STAGE-HOLDER-busy|rolled|idle (busy: a reply or the entropy is awaited), then where the
        buttons stand, aim=TOOL CURSOR POS WAY-BID (the bid being composed, a digit a die): what a player's thumb
        remembers, so hands that lost count (a press dropped while the cup was busy) start from the cup's."""
        flag = "busy" if self.awaiting or self.pending else ("rolled" if self.rolled else "idle")
        return "poker-%d-%d-%d-%s aim=%d%d%d%d-%s" % (self.round, self.stage, self.holder, flag, self.tool,
                                                     self.cursor, self.pos, self.way,
                                                     "".join(str(face) for face in self.bid))

    def due_in(self, now):
        """Milliseconds until the display changes by itself: the cursor's or the bid's blink, a peek's end."""
        if self._peek_from is not None:
            return max(0, self.peek_ms - ticks_diff(now, self._peek_from))
        return _BLINK_MS - now % _BLINK_MS

    def render(self, buf):
        now = self.cup.clock()
        if self._cue_from is not None and ticks_diff(now, self._cue_from) < self.cue_ms:
            return leds.blink(buf, leds.RED, ticks_diff(now, self._cue_from))
        self._cue_from = None
        if self._peek_from is not None and ticks_diff(now, self._peek_from) < self.peek_ms:
            return leds.faces(buf, self.faces, _DICE)
        self._peek_from = None
        composing = self.rolled and (self.stage == OPENING or (self.stage == HANDLING and self.tool == BID))
        if composing:
            leds.faces(buf, self.bid, _DICE)
            if (now // _BLINK_MS) % 2:
                leds.set_pixel(buf, self.pos, leds.OFF)
            return buf
        if self.stage == RECEIVING:
            return leds.fill(buf, leds.RED if self.liar else leds.GREEN)
        leds.fill(buf, leds.OFF)
        for d in range(min(_DICE, leds.pixels(buf))):
            if self.on_table >> d & 1 or self.stage == LIFTED:
                leds.set_pixel(buf, d, leds.FACE_COLOURS[self.faces[d]])
        if self.stage in (HANDLING, TRIES) and (now // _BLINK_MS) % 2:
            leds.set_pixel(buf, self.cursor, leds.WHITE if self.picked >> self.cursor & 1 else leds.DIM_BLUE)
        return buf


_FACES_ONLY = (wire.DEAL, wire.TABLE, wire.RESULT)
