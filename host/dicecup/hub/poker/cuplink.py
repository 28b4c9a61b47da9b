"""The table's one electronic cup at poker dice: the hub's side of docs/protocol.md "Poker" (cupcore/pokercup.py
is the cup's). Every seat plays with the same cup, passed round: whoever the engine says holds it presses its
buttons, so every intent from the cup is the holder's.

The cup draws every die's seed; the hub only ever sees a die's commitment until the cup opens that die alone
(OPEN), and checks each opening against its commitment and the entropy of its sub-deal (dice.PokerDeal).
Every seed of a round comes from the cup's round secret, which the hub asks for (PCLOSE) when the round is over
and before the next round's first roll: the cup opens it (an OPEN of die 0), and the hub checks every commitment
of the round against it, those of dice re-rolled under the cup before anyone saw them too.
"""
from cupcore import commit as commitment
from cupcore import vouch, wire, wirenames

from dicecup.rules import DicecupError
from dicecup.rules.errors import IllegalBid
from dicecup.rules.poker import (REVEAL, Accept, CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try,
                                 apply)
from dicecup.rules.poker.hands import rank_char
from dicecup.rules.poker.state import OPENING

from .. import cuptags
from ..phases import TablePhase
from ..typedmoves import refusal
from .dice import PokerDeal, die_seed, mask_of, slots_of
from .codes import code_of_hand, hand_of_code, stage_of

_ROLLS = {wire.SHAKE: Shake, wire.ROLL: OpenRoll, wire.TRY: Try}
_WAYS = {wire.PBID: None, wire.PBID_LEFT: "left", wire.PBID_RIGHT: "right"}


class TableCup:
    secret_patience = 20.0  # seconds the cup has to open a round's secret once asked, while the table waits on it

    def __init__(self, poker):
        self.poker = poker  # the poker Round (round.py) whose table this cup is
        self.rolling = None  # (event type, holder's name, PokerDeal): a roll waiting for commitments or openings
        self.looking = None  # the hub bot holding the cup, while the dice it looks at under the cup are opened
        self.unsettled = []  # the cup's rolls (PokerDeals) whose round secret has not been opened yet
        self.asked = None    # (the connection a PCLOSE went on, the last sub-deal it covers) until the secret is in
        self.asked_at = None  # the hub's clock when it last asked
        self.closing = False  # the round is over, its end held until its secret is in and checked
        self.no_secrets = False  # the cup's firmware does not know PCLOSE: dice re-rolled unseen stay unchecked
        self.opened_secrets = 0  # round secrets the cup opened in this game (so it knows PCLOSE)
        self.rolled_on = {}  # sub-deal id -> the connection its PDEAL went on (a cup that never dropped since
        #                      still holds the secret of those rolls)

    def send(self, mtype, values=()):
        self.poker.seats[0].send(mtype, values)  # every seat's connection is the one cup's

    def send_table(self):
        if self.asked is not None and self.asked[0] is not self.poker.seats[0].conn:
            self._ask_secret()  # the cup came back after a drop: the question may have gone with the old line
        state = self.poker.state
        way = 0 if state.direction is None else (1 if state.direction == 1 else 2)
        holder = 0xFF if state.holder is None else state.holder
        self.send(wire.PTABLE, (state.round & 0xFFFF, holder, stage_of(state), mask_of(
            s for s in range(1, 6) if state.on_table[s - 1]), way, code_of_hand(state.standing)))

    def forget_round(self):
        """The round starts again (the cup dropped and came back): the cup forgets a round's dice only when the
        round's number changes, and a restarted round keeps its number, so a PTABLE of round 0 (none) goes first."""
        self.rolling = None
        self._ask_secret()  # the void round's dice are rechecked all the same
        self.send(wire.PTABLE, (0, 0xFF, stage_of(self.poker.state), 0, 0, code_of_hand(None)))
        # An intent whose answer the drop lost leaves the cup waiting ("busy") for good: it takes an ACCEPT of its
        # kind as the end of that wait and ignores the others. (A REFUSE would do too, but its cue on the LEDs
        # would hide the dice from the next holder's peek.) The intent itself is void with the round.
        for kind in (*_WAYS, wire.TAKE, wire.LIAR, wire.HIDE, *_ROLLS):
            self.send(wire.ACCEPT, (0, kind))

    # -- intents: the holder's buttons ------------------------------------------------------------------------
    def on_intent(self, values):
        poker = self.poker
        deal, kind, qty, face = values
        if poker.table.phase != TablePhase.PLAYING or self.rolling is not None or poker.state.holder is None or \
                self.closing or poker.table.paused:  # paused: the host is asked (onecup.py), nobody plays on
            return self.send(wire.REFUSE, (deal, kind, wirenames.ROUND_OVER))
        name = poker.state.seats[poker.state.holder]
        try:
            event = self._event(name, kind, qty, face)
            if kind in _ROLLS:
                apply(poker.state, event)  # refused before any die is rolled
                self.send(wire.ACCEPT, (deal, kind))
                slots = range(1, 6) if poker.state.phase == OPENING else (
                    poker.state.under_cup if kind == wire.SHAKE else slots_of(qty))
                return self._roll(type(event), name, slots)
            recorded = poker.record_move(event)
        except DicecupError as error:
            self.send(wire.REFUSE, (deal, kind, wirenames.NOT_A_RAISE if isinstance(error, IllegalBid)
                                    else wirenames.OTHER))
            poker.table.say(refusal(error, name), refused=name)
            return self.send_table()
        self.send(wire.ACCEPT, (deal, kind))
        if isinstance(event, (PokerBid, CallLiar)) or recorded.called:
            return poker.after(recorded)
        self.send_table()

    def _event(self, name, kind, qty, face):
        if kind in _WAYS:
            return PokerBid(name, hand_of_code(qty << 8 | face), _WAYS[kind])
        if kind == wire.TAKE:
            return Accept(name)
        if kind == wire.LIAR:
            return CallLiar(name)
        if kind == wire.HIDE:
            return Hide(name, slots_of(qty))
        if kind == wire.SHAKE:
            return Shake(name)
        if kind in (wire.ROLL, wire.TRY):
            return _ROLLS[kind](name, tuple((s, 1) for s in slots_of(qty)))
        raise DicecupError("that is not a move of poker dice")

    # -- a hub bot's hands on the cup ---------------------------------------------------------------------------
    def idle(self) -> bool:
        """Nothing is under way with the cup: no roll, no look, no round secret awaited."""
        return self.rolling is None and self.looking is None and not self.closing

    def roll_for(self, kind, name, slots):
        """A hub bot holding the cup rolls these dice (kind: Shake, OpenRoll or Try): the cup rolls them, as for its
        own holder's buttons, and opens those rolled in the open."""
        slots = list(slots)
        event = Shake(name) if kind is Shake else kind(name, tuple((s, 1) for s in slots))
        apply(self.poker.state, event)  # refused before any die is rolled
        self._roll(kind, name, slots)

    def look(self, name):
        """A hub bot holding the cup looks under it: the cup opens every die the hub has not seen since it was
        rolled (a reveal request), to the hub alone; their seeds reach the journal once the round is over."""
        self.looking = name
        if not self._looked():
            self.send(wire.REVEAL_REQ, (self.poker.state.round & 0xFFFF,))

    def _looked(self) -> bool:
        """Every die's face is known to the hub: the looking bot knows them now."""
        poker = self.poker
        faces = [poker.rolled_in[s].faces.get(s) if s in poker.rolled_in else None for s in range(1, 6)]
        if None in faces:
            return False
        poker.known[self.looking] = faces
        self.looking = None
        return True

    # -- rolls: a sub-deal, a commitment per die, then the entropy --------------------------------------------
    def _roll(self, kind, name, slots):
        poker = self.poker
        if poker.state.phase == OPENING:  # the round's first roll: any secret of an earlier round is opened first
            self._ask_secret()
        poker.subs += 1
        deal = PokerDeal(poker.subs, poker.table.chance.bytes(8), slots, name)
        self.unsettled.append(deal)
        self.rolled_on[deal.id] = poker.seats[0].conn
        poker.table.journal.fact("dice", deal.id, f"nonce={deal.nonce.hex()}", f"dice={''.join(map(str, deal.slots))}",
                         f"by={name}")
        self.rolling = (kind, name, deal)
        self.send(wire.PDEAL, (deal.id, mask_of(deal.slots), deal.nonce))

    def on_pcommit(self, values):
        deal_id, die, digest = values
        if self.rolling is None or self.rolling[2].id != deal_id:
            return
        kind, name, deal = self.rolling
        if deal.entropy is not None:  # sent again: the cup kept its seeds, so the entropy is the same
            return self.send(wire.ENTROPY, (deal.id, deal.entropy))
        verdict = deal.commit(die, digest)
        if verdict == "new":
            self.poker.table.journal.fact("die-commit", deal.id, die, bytes(digest).hex())
        if not deal.committed:
            return
        poker = self.poker
        deal.give_entropy(poker.table.chance.fork(f"entropy {deal.id}").bytes(16))  # only now: every die is bound
        poker.table.journal.fact("die-entropy", deal.id, deal.entropy.hex(), f"check={deal.receipt()}")
        for slot in deal.slots:
            poker.rolled_in[slot] = deal
        poker.round_deals.append(deal)
        self.send(wire.ENTROPY, (deal.id, deal.entropy))
        if kind is Shake:
            self.rolling = None
            poker.forget(deal.slots)  # shaken under the cup: nobody knows these dice now
            poker.record_move(Shake(name))
            self.send_table()

    # -- openings: one die at a time --------------------------------------------------------------------------
    def on_open(self, values):
        poker = self.poker
        deal_id, die, face, seed, tag = values
        if die == 0:
            return self._on_secret(deal_id, bytes(seed), tag)
        deal = poker.rolled_in.get(die)
        if deal is None or deal.id != deal_id or not 1 <= die <= 5:
            return self.send(wire.REFUSE, (deal_id, wire.OPEN, wirenames.BAD_REVEAL))
        if die in deal.opened:  # opened before (on the table, hidden again since): it goes back to the table
            if deal.faces.get(die) != face or deal.seeds.get(die) != bytes(seed):
                return self.send(wire.REFUSE, (deal_id, wire.OPEN, wirenames.BAD_REVEAL))
            return self._show(deal_id, die, face)
        if not deal.check_open(die, face, bytes(seed)):
            self.send(wire.REFUSE, (deal_id, wire.OPEN, wirenames.BAD_REVEAL))
            return poker.stop_cheating(f"the cup opened die {die} as {rank_char(face) if 1 <= face <= 6 else face}, "
                                     "which is not what the seed it committed to gives")
        if self.looking is not None and poker.state.phase != REVEAL and self.rolling is None:
            self._looked()  # checked and kept: the bot sees it, the table does not
            return self.send_table() if self.looking is None else None
        deal.opened.add(die)
        poker.table.journal.fact("die-seed", deal.id, die, bytes(seed).hex())
        if self.rolling is not None and self.rolling[2] is deal:
            return self._rolled_open(deal)
        if poker.state.phase == REVEAL:
            return self._revealed()
        self._show(deal_id, die, face)

    def _show(self, deal_id, die, face):
        poker = self.poker
        name = poker.state.seats[poker.state.holder]
        try:
            poker.record_move(Show(name, ((die, face),)))
            poker.everyone_sees((die,))
        except DicecupError as error:
            poker.table.say(refusal(error, name))
            self.send(wire.REFUSE, (deal_id, wire.OPEN, wirenames.OTHER))
        self.send_table()

    def _rolled_open(self, deal):
        if set(deal.opened) != set(deal.slots):
            return
        kind, name, _ = self.rolling
        self.rolling = None
        recorded = self.poker.record_move(kind(name, tuple((s, deal.faces[s]) for s in deal.slots)))
        self.poker.everyone_sees(deal.slots)
        if kind is Try:
            return self.poker.after(recorded)
        self.send_table()

    # -- the round secret: every die of the round opened once it is over ------------------------------------------
    def close_round(self) -> bool:
        """The round is over: ask the cup for its round secret and hold the round's end (the Round's round_over)
        until it is in and checked. False when there is nothing to ask (no roll since the last secret; firmware
        that can't)."""
        if not self._ask_secret():
            return False
        self.closing = True
        return True

    def _ask_secret(self) -> bool:
        if not self.unsettled or self.no_secrets:
            return False
        self.asked = (self.poker.seats[0].conn, self.unsettled[-1].id)
        self.asked_at = self.poker.table.clock()
        self.send(wire.PCLOSE, (self.unsettled[0].id,))
        return True

    def overdue(self, now) -> bool:
        """The round's end waits on a secret the cup has not opened in `secret_patience` seconds (asked again after
        a drop, the time starts again): it is a cup that won't reveal, and the game stops as for one that lies."""
        if not self.closing or now - self.asked_at < self.secret_patience:
            return False
        self.unsettled, self.asked, self.closing = [], None, False
        self.poker.stop_cheating(f"the cup did not open its round secret in {self.secret_patience:g} s, so the dice "
                               "it rolled under the cup can't be rechecked")
        return True

    def _on_secret(self, first, secret, tag):
        """The cup opened the secret it drew at sub-deal `first`: every commitment of the rolls it covers must be
        to the seed the secret gives (and every die opened alone was, by the same commitment)."""
        if self.asked is None:
            return  # the same secret again (asked twice): checked already
        last = self.asked[1]
        covered = [deal for deal in self.unsettled if deal.id <= last]
        for deal in covered:
            for slot, digest in sorted(deal.commits.items()):
                if deal.id < first:  # rolled before the secret was drawn: only dice opened alone are accounted for
                    good = slot in deal.opened
                else:
                    good = commitment.verify(digest, deal.nonce, slot, 1, die_seed(secret, deal.id, slot))
                if not good:
                    self.send(wire.REFUSE, (first, wire.OPEN, wirenames.BAD_REVEAL))
                    self.unsettled, self.asked, self.closing = [], None, False
                    return self.poker.stop_cheating(
                        f"the cup's round secret does not give the seed it committed to for die {slot} in sub-deal "
                        f"{deal.id}: it showed dice no seed of its own gave")
        self.poker.table.journal.fact("round-secret", first, secret.hex(), f"last={last}")
        self._vouched(first, secret, tag, covered)
        self.opened_secrets += 1
        self._settled(covered)

    def _vouched(self, first, secret, tag, covered):
        """The cup's tag over the round secret and every roll made from it (cupcore/vouch.py), checked with the key
        its line was paired with: journaled beside the secret, unless it is none or does not check."""
        rolls = cuptags.poker_rolls((deal.id, deal.slots, deal.nonce, deal.entropy) for deal in covered
                                    if deal.id >= first and deal.entropy is not None)
        key = self.poker.seats[0].conn.proved_key
        verdict = cuptags.verdict(tag, key, vouch.poker_message(first, secret, rolls))
        journal = self.poker.table.journal
        if verdict in (cuptags.VOUCHED, cuptags.UNCHECKED):
            journal.fact("vouch-secret", first, bytes(tag).hex())
        elif verdict == cuptags.BAD:  # a cup that lost its chain of rolls (a reset): its dice check all the same
            journal.comment(f"the cup's tag over the round secret of sub-deal {first} did not check: not journaled")

    def on_error(self, code, about) -> bool:
        """An ERROR about PCLOSE: firmware without round secrets (error 2, said once: the game goes on as before
        them), or a cup with no secret to open (it restarted and lost it). True when it was about PCLOSE."""
        if about != wire.PCLOSE or self.asked is None:
            return False
        covered = [deal for deal in self.unsettled if deal.id <= self.asked[1]]
        line = self.poker.seats[0].conn
        if self.opened_secrets if code == wire.ERR_UNKNOWN else any(
                deal.commits and self.rolled_on.get(deal.id) is line for deal in covered):
            # It opened secrets before, or it committed to these dice on this very line: it has the secret.
            self.unsettled, self.asked, self.closing = [], None, False
            self.poker.stop_cheating("the cup would not open its round secret, which it holds, so the dice it "
                                   "rolled under the cup can't be rechecked")
            return True
        if code == wire.ERR_UNKNOWN:
            self.no_secrets = True
            self.poker.table.say("the table's cup has firmware without round secrets: dice re-rolled under it unseen can't "
                         "be rechecked (flash it again to have them)")
        if covered:
            self.poker.table.journal.comment(f"the cup opened no round secret for sub-deals {covered[0].id}-"
                                     f"{covered[-1].id}: their dice not opened alone can't be rechecked")
        self._settled(covered)
        return True

    def _settled(self, covered):
        self.unsettled = [deal for deal in self.unsettled if deal not in covered]
        for deal in covered:
            self.rolled_on.pop(deal.id, None)
        self.asked = None
        if self.closing:
            self.closing = False
            self.poker.round_over()

    def lift(self):
        """The cup is lifted: the dice not yet opened are asked for (each comes alone, checked), then the reveal."""
        self.send_table()
        if not self._revealed():
            self.send(wire.REVEAL_REQ, (self.poker.state.round & 0xFFFF,))

    def _revealed(self) -> bool:
        poker = self.poker
        faces = []
        for slot in range(1, 6):
            deal = poker.rolled_in.get(slot)
            if deal is None or slot not in deal.faces:  # a die a bot looked at is known, checked, not yet journaled
                return False
            faces.append(deal.faces[slot])
        with poker.table.journal.batch():
            poker.open_dice(range(1, 6))
            recorded = poker.record_move(Reveal(tuple(faces)))
        poker.after(recorded)
        return True
