"""The poker-dice table (issue 14 item 3): ONE cup of five dice passed round the table.

The engine (dicecup.rules.poker) decides every question of the rules; this module asks it in order, rolls the
dice fairly (poker/dice.py: a commitment per die, each die opened alone), journals every event in the record's
own lines plus the fair-dice facts, lets hub bots play through bots/poker_view, takes moves typed at the hub
(poker/typed.py: `ana bids KKQQ left`, `ben accepts`, `ben shows 1 2`, ...), and says who holds the cup.

Two ways to hold the dice. With bots on the hub (`dicecup play --rules poker --bots 4`) the hub holds them, as it
does a bot's cup at a face-bid table: it draws each die's seed and the entropy with the cup's own functions, so
`dicecup verify` rechecks every die all the same. With the table's one electronic cup (`players=...`: everyone
sits with the first cup that sits; `dicecup demo --rules poker`) the cup draws the seeds and opens each die over
the wire (poker/cuplink.py, docs/protocol.md "Poker"); the hub never holds a hidden die. The two are not mixed: a bot
can't hold a cup in its hands. A cup that drops pauses the table; back, it restarts the round (poker/onecup.py).
"""
from cupcore import wire, wirenames

from dicecup.bots.poker_game import decide
from dicecup.bots.poker_view import BID, HANDLE, OPEN, RECEIVE, make_view
from dicecup.rules.poker import (BIDDING as P_BIDDING, OPENING, OVER as P_OVER, RECEIVING, REVEAL, TRIES, Accept,
                                 CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try, apply, new_poker_game)
from dicecup.rules.poker.hands import rank_char
from dicecup.rules.poker.state import MAX_TRIES

from . import typed as pokertyped
from ..phases import TablePhase
from .onecup import PokerRecovery, PokerSeating
from ..recovery import keep_poker_seeds
from .dice import PokerDeal
from ..snapshot import PokerRevealed, PokerSeen, TableSnapshot
from ..table import Hub

BIDDING, BETWEEN, OVER, SEATING = TablePhase.BIDDING, TablePhase.BETWEEN, TablePhase.OVER, TablePhase.SEATING



class PokerHub(Hub):
    """A Hub whose rounds are poker dice. Seating, the journal's opening, observers and `retire` are the Hub's."""

    def __init__(self, rules, *, players=(), **options):
        """players: the names of the people who share the table's one cup (the first cup to sit is it)."""
        super().__init__(rules, **options)
        self.players = tuple(players)
        self.seating = PokerSeating(self, expect_cups=options.get("expect_cups", 0), bots=options.get("bots", ()))
        self.cup = None             # the TableCup once the one cup sat down; None: the hub holds the dice
        self.cup_hands = None       # a virtual cup this process runs: a typed opening shake presses its B long
        self.typed_cursor = 0       # where typed tries left that cup's pointer (typed._press_tries)
        self.typed_try = None       # (round, tries) when the last typed try was pressed, until the cup rolls it
        self.recovery = PokerRecovery(self)
        self._seen = None
        self.cheated = False        # the table's cup lied about a die: the game stopped
        self.due = None             # when the bot holding the cup acts
        self.subs = 0               # sub-deals so far (each roll of some dice)
        self.rolled_in = {}         # die -> the PokerDeal that last rolled it
        self.known = {}             # seat name -> what it knows of dice 1..5 (None where it can't)
        self.round_events = []      # this round's record events (the bots' view)
        self.round_deals = []       # this round's sub-deals: every die of them is opened once the round is over

    # -- observers ------------------------------------------------------------------------------------------
    def snapshot(self) -> TableSnapshot:
        holder = self.state.holder if self.state is not None else None
        return TableSnapshot(phase=self.phase, seats=tuple(seat.view() for seat in self.seats), state=None,
                             deal=self.subs, to_act=holder, paused=self.paused,
                             waiting_cups=self.seating.waiting_cups(),
                             journal=self.journal.path if self.journal else None,
                             internal_errors=self.internal_errors)

    def _publish_snapshot(self):
        super()._publish_snapshot()
        if self.state is not self._seen:  # what everyone at the table sees, for the hands on the cup (sim)
            self._seen = self.state
            self.publisher.publish(PokerSeen(self.state))

    def _on_message(self, conn, mtype, values):
        seat = self.seating.seat_of(conn)
        if mtype == wire.HELLO or seat is None or self.cup is None:
            return super()._on_message(conn, mtype, values)
        if mtype == wire.INTENT:
            self.cup.on_intent(values)
        elif mtype == wire.PCOMMIT:
            self.cup.on_pcommit(values)
        elif mtype == wire.OPEN:
            self.cup.on_open(values)
        elif mtype == wire.ERROR and not self.cup.on_error(*values):
            self.say(f"the cup says: {wirenames.ERRORS.get(values[0], values[0])} "
                     f"(about {wirenames.name_of(values[1])})", quiet=True)

    # -- the game -------------------------------------------------------------------------------------------
    def _first_state(self, names):
        return new_poker_game(self.rules, names)

    def _game_tick(self, now):
        """The Hub's tick while the game is under way and the table's cup is here (a dropped cup pauses it)."""
        if self.cup is not None and self.cup.overdue(now):  # it won't open its round secret: stopped
            return
        if self.phase == BETWEEN and now >= self.next_at:
            self._next_turn()
        elif self.phase == BIDDING and self.due is not None and now >= self.due:
            self.due = None
            self._bot_turn()

    def _deal(self):
        """The Hub's start() opens the journal and deals: at poker dice the first turn (the opener shakes)."""
        self._next_turn()

    def _next_turn(self):
        """Whoever holds the cup acts: a bot after its thinking time; a person types (or presses the cup)."""
        self.phase = BIDDING
        state = self.state
        if state.phase == OPENING and state.holder is None:  # the first opener is the hub's to draw
            opener = self.chance.choice([i for i, n in enumerate(state.lives) if n])
            self.journal.fact("opener", state.seats[opener])
            self.state = state = state._replace(opener=opener, holder=opener)
        seat = self.seats[state.holder]
        way = f", passed {'left' if state.direction == 1 else 'right'}" if state.direction else ""
        self.say(f"{seat.name} holds the cup{way}{self._what_to_type(seat.name)}", quiet=True)
        self.due = self.clock() + self.bot_delay if seat.bot is not None else None
        if seat.bot is None and self.cup is not None:
            self.cup.send_table()  # the cup in the holder's hands: what they may do now

    def _what_to_type(self, name) -> str:
        """The dice to make five of a kind from (lifted, everyone sees them); and at `play --sim 1`, where nobody's
        hands are on the cup and every move is typed, which to type."""
        state = self.state
        dice = " ".join(rank_char(face) for face in state.faces) if state.phase == TRIES else ""
        left = MAX_TRIES - state.tries
        said = f": the dice show {dice}: {left} {'try' if left == 1 else 'tries'} left to make five of a kind" \
            if dice else ""
        if self.cup_hands is None:
            return said
        if state.phase == OPENING:
            return f": type `{name} shakes`, then `{name} bids` a hand and left or right"
        if state.phase == TRIES:
            return f"{said}: type `{name} tries 1 2` (the dice to roll again)"
        return f": type `{name} accepts` or `{name} calls liar`" if state.phase == RECEIVING else ""

    def _bot_turn(self):
        state = self.state
        seat = self.seats[state.holder]
        name = seat.name
        if state.phase == OPENING:
            self._shake(name)
            return self._after(self._record(self._ask(seat, OPEN)))
        if state.phase == RECEIVING:
            action = self._ask(seat, RECEIVE)
            self._record(action)
            if isinstance(action, Accept) and self.state.phase == P_BIDDING:
                self._look(name)
                self._plan(name, self._ask(seat, HANDLE))
                self._record(self._ask(seat, BID))
            return self._after(action)
        if state.phase == TRIES:
            dice = [self._face(s) for s in range(1, 6)]
            keep = max(set(dice), key=lambda f: (dice.count(f), f))
            self._roll_open(name, [s for s in range(1, 6) if dice[s - 1] != keep], Try)
            return self._after(None)
        if state.phase == P_BIDDING:  # a move typed for the bot (`bot1 accepts`) took its turn this far: it goes on
            if state.accepted:
                self._look(name)
                if not (state.shaken or state.rolled):
                    self._plan(name, self._ask(seat, HANDLE))
            return self._after(self._record(self._ask(seat, BID if state.accepted else OPEN)))
        self._next_turn()

    def _ask(self, seat, stage):
        view = make_view(self.state, seat.name, stage, self.known.get(seat.name, [None] * 5), self.round_events)
        action, problem = decide(seat.bot, view)
        if problem is not None:  # a bot must never stall or crash the table
            self.say(f"{seat.name}'s bot {problem}; it plays {action} instead")
        return action

    def _plan(self, name, plan):
        hide, show = plan.moves(self.state.on_table)
        if hide:
            self._record(Hide(name, hide))
        if show:
            self._show(name, show)
        if plan.shake:
            self._shake(name)
        if plan.roll:
            self._roll_open(name, sorted(plan.roll), OpenRoll)

    # -- the dice: rolled fairly, each opened alone ---------------------------------------------------------------
    def _face(self, slot):
        return self.rolled_in[slot].faces[slot]

    def _roll(self, slots, by) -> PokerDeal:
        """A sub-deal for `slots`: per-die commitments, then the hub's entropy (journaled before anyone acts)."""
        self.subs += 1
        deal = PokerDeal(self.subs, self.chance.bytes(8), slots, by)
        seeds = {slot: self.chance.bytes(16) for slot in deal.slots}
        deal.deal_hub(seeds, self.chance.fork(f"entropy {deal.id}").bytes(16))
        self.journal.fact("dice", deal.id, f"nonce={deal.nonce.hex()}", f"dice={''.join(map(str, deal.slots))}",
                          f"by={by}")
        for slot in deal.slots:
            self.journal.fact("die-commit", deal.id, slot, deal.commits[slot].hex())
        self.journal.fact("die-entropy", deal.id, deal.entropy.hex(), f"check={deal.receipt()}")
        for slot in deal.slots:
            self.rolled_in[slot] = deal
        self.round_deals.append(deal)
        keep_poker_seeds(self)  # beside the journal: a resumed hub opens the dice of a round it cut (poker/resume.py)
        return deal

    def _open(self, slots):
        """Each die's seed, journaled just before the line that tells its face (once per roll of it)."""
        for slot in slots:
            deal = self.rolled_in[slot]
            if slot not in deal.opened:
                deal.opened.add(slot)
                self.journal.fact("die-seed", deal.id, slot, deal.seeds[slot].hex())

    def _open_the_rest(self):
        """Once a round is over, every die rolled in it that nobody saw is opened too (journaled only): the faces
        `dicecup verify` tallies are then every roll, not just the dice players chose to show."""
        with self.journal.batch():
            for deal in self.round_deals:
                for slot in deal.slots:
                    if slot not in deal.opened and slot in deal.seeds:  # a cup's: by its round secret (poker/cuplink.py)
                        deal.opened.add(slot)
                        self.journal.fact("die-seed", deal.id, slot, deal.seeds[slot].hex())
        self.round_events, self.known, self.rolled_in, self.round_deals = [], {}, {}, []

    def _shake(self, name):
        state = self.state
        apply(state, Shake(name))  # refused before any die is rolled
        slots = range(1, 6) if state.phase == OPENING else state.under_cup
        self._roll(slots, name)
        for seat, known in self.known.items():
            for slot in slots:
                known[slot - 1] = self._face(slot) if seat == name else None
        self.known.setdefault(name, [None] * 5)
        for slot in slots:
            self.known[name][slot - 1] = self._face(slot)
        self._record(Shake(name))

    def _show(self, name, slots):
        event = Show(name, tuple((s, self._face(s)) for s in slots))
        apply(self.state, event)
        with self.journal.batch():
            self._open(slots)
            self._record(event)
        self._everyone_sees(slots)

    def _roll_open(self, name, slots, kind):
        apply(self.state, kind(name, tuple((s, 1) for s in slots)))  # refused before any die is rolled
        self._roll(slots, name)
        event = kind(name, tuple((s, self._face(s)) for s in slots))
        with self.journal.batch():
            self._open(slots)
            self._record(event)
        self._everyone_sees(slots)

    def _everyone_sees(self, slots):
        for seat in self.seats:
            known = self.known.setdefault(seat.name, [None] * 5)
            for slot in slots:
                known[slot - 1] = self._face(slot)

    def _look(self, name):
        self.known[name] = [self._face(s) for s in range(1, 6)]

    def _lift(self):
        """The cup is lifted: every die not yet opened is, and the reveal line says all five."""
        with self.journal.batch():
            self._open(range(1, 6))
            self._record(Reveal(tuple(self._face(s) for s in range(1, 6))))
        self._everyone_sees(range(1, 6))

    # -- recording and announcing ---------------------------------------------------------------------------------
    def record(self, event):
        """Apply a poker event; the journal gets it only if the engine accepts it."""
        state = apply(self.state, event)
        self.journal.event(event)
        self.state = state

    def _record(self, event):
        self.record(event)
        self.round_events.append(event)
        self._announce(event)
        return event

    def _announce(self, event):
        if isinstance(event, PokerBid):
            receiver = self.state.seats[self.state.holder] if self.state.holder is not None else "?"
            way = f" {event.direction}" if event.direction else ""
            self.say(f"{event.seat} bids {event.hand} ({event.hand.words()}) and passes the cup{way} to {receiver}")
        elif isinstance(event, CallLiar):
            self.say(f"{event.seat} calls liar: the cup is lifted")
        elif isinstance(event, Accept):
            self.say(f"{event.seat} accepts and looks under the cup", quiet=True)
        elif event is not None and not isinstance(event, Reveal):
            self.say(str(event), quiet=True)

    def _after(self, event):
        """After a seat's move: the reveal at a call, the round's end, or the next holder's turn."""
        if self.state.phase == REVEAL:
            if self.cup is not None:
                return self.cup.lift()  # the cup opens each hidden die; the reveal follows (poker/cuplink.py)
            self._lift()
        if len(self.state.history) > self.rounds_done:
            return self._round_over()
        self._next_turn()

    def _round_over(self):
        if self.cup is not None and self.cup.close_round(self._round_over):
            return  # held until the cup's round secret is in and checked (poker/cuplink.py)
        outcome = self.state.history[-1]
        self.rounds_done = len(self.state.history)
        self._open_the_rest()
        self.publisher.publish(PokerRevealed(outcome))
        self.say(f"round {outcome.n}: {outcome.words()} ({' '.join(map(rank_char, outcome.dice))})")
        if self.state.phase == P_OVER:
            return self.end_game()
        self.phase = BETWEEN
        self.next_at = self.clock() + self.result_pause

    def stop_cheating(self, what):
        """The table's one cup lied about a die: every player's dice are that cup's, so the game can't go on."""
        self.say(f"CHEATING: {what}; the table's cup can't be trusted, so the game stops here (the journal keeps "
                 "every line before)")
        self.journal.comment(f"{what}: cheating; the game stopped")
        self.journal.close()
        self.phase = OVER
        self.cheated = True
        self._publish_snapshot()

    # -- typed at the hub -----------------------------------------------------------------------------------------
    def command(self, text: str):
        return pokertyped.command(self, text)
