"""The poker-dice table: ONE cup of five dice passed round the table.

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

from dicecup.bots.poker_turn import LOOK, PokerTurn
from dicecup.rules.poker import (OPENING, OVER as P_OVER, RECEIVING, TRIES, Accept,
                                 CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try, apply, new_poker_game)
from dicecup.rules.poker.hands import rank_char
from dicecup.rules.poker.state import MAX_TRIES

from ..phases import RoundPhase, TablePhase
from ..round import Round
from . import typed
from .dice import PokerDeal
from .onecup import PokerRecovery, PokerSeating
from .resume import resume_poker
from ..snapshot import PokerRevealed

PLAYING = TablePhase.PLAYING


class PokerRound(PokerRecovery, Round):
    """Poker dice's rounds at the table: whoever holds the cup acts, the dice rolled fairly and each opened alone."""
    new_game, apply = staticmethod(new_poker_game), staticmethod(apply)
    phase = RoundPhase.BIDDING  # a poker round is all bidding: whoever holds the cup acts (the dice roll in turns)

    def __init__(self, table):
        super().__init__(table)
        self.cup = None             # the TableCup once the one cup sat down; None: the hub holds the dice
        self.hands = None           # hands on a virtual cup this process runs, for moves typed for it (sim/)
        self.due = None             # when the bot holding the cup acts
        self.turns = {}             # a bot's seat name -> its PokerTurn (bots/poker_turn.py)
        self.subs = 0               # sub-deals so far (each roll of some dice)
        self.rolled_in = {}         # die -> the PokerDeal that last rolled it
        self.known = {}             # seat name -> what it knows of dice 1..5 (None where it can't)
        self.round_events = []      # this round's record events (the bots' view)
        self.round_deals = []       # this round's sub-deals: every die of them is opened once the round is over
        self.needs_consent = False  # the cup came back mid-round: the table waits for `reroll NAME` (onecup.py)
        self.consent_for = None     # the NAME it waits for

    # -- what the table asks of every Round --------------------------------------------------------------------
    def seating(self, **options):
        return PokerSeating(self.table, **options)

    def snapshot_fields(self) -> dict:
        holder = self.state.holder if self.state is not None else None
        held = (f"the table's cup is back, but its dice may not be the ones rolled: the host types "
                f"`reroll {self.consent_for}` to play this round again from the shake, or `retire NAME`"
                if self.needs_consent else "")
        return dict(state=self.state, deal=self.subs, to_act=holder, held=held)

    def in_game(self, index) -> bool:
        return self.state is not None and bool(self.state.lives[index])

    def typed_help(self) -> str:
        return typed.help_words(self)

    def on_typed(self, line):
        typed.command(self, line)

    def on_frame(self, seat, mtype, values) -> bool:
        if self.cup is None:
            return False
        if mtype == wire.INTENT:
            self.cup.on_intent(values)
        elif mtype == wire.PCOMMIT:
            self.cup.on_pcommit(values)
        elif mtype == wire.OPEN:
            self.cup.on_open(values)
        elif mtype == wire.ERROR and not self.cup.on_error(*values):
            self.table.say(f"the cup says: {wirenames.ERRORS.get(values[0], values[0])} "
                           f"(about {wirenames.name_of(values[1])})", quiet=True)
        return True

    def holding(self) -> bool:
        return super().holding() or self.needs_consent

    def carry_on(self, paused):
        """Nothing waits on the clock at poker dice but a bot's move, which is taken when it is due."""

    def resume(self, resumed, state, bots):
        resume_poker(self, resumed, state, bots)

    # -- the game -------------------------------------------------------------------------------------------
    def tick(self, now):
        """While the game is under way and the table's cup is here (a dropped cup pauses it: nothing then)."""
        if self.table.paused:
            return
        if self.cup is not None and self.cup.overdue(now):  # it won't open its round secret: stopped
            return
        if self.cup is not None:
            return self._bot_with_cup(now)
        if self.table.phase == PLAYING and self.due is not None and now >= self.due:
            self.due = None
            self._bot_turn()

    def next_round(self):
        """The next round begins as every turn does: with whoever holds the cup (the opener shakes)."""
        self.next_turn()

    def next_turn(self):
        """Whoever holds the cup acts: a bot after its thinking time; a person types (or presses the cup)."""
        self.table.round_begins()  # (again, every turn: a seat retired between rounds starts the next one at once)
        state = self.state
        if state.phase == OPENING and state.holder is None:  # the first opener is the hub's to draw
            opener = self.table.chance.choice([i for i, n in enumerate(state.lives) if n])
            self.table.journal.fact("opener", state.seats[opener])
            self.state = state = state._replace(opener=opener, holder=opener)
        seat = self.seats[state.holder]
        way = f", passed {'left' if state.direction == 1 else 'right'}" if state.direction else ""
        hint = self._what_to_type(seat.name) if seat.bot is None else ""
        self.table.say(f"{seat.name} holds the cup{way}{hint}", quiet=True)
        self.due = self.table.clock() + self.table.bot_delay if seat.bot is not None else None
        if self.cup is not None:
            self.cup.send_table()  # the cup in the holder's hands (a bot's: the room sees who holds it)

    def _what_to_type(self, name) -> str:
        """The dice to make five of a kind from (lifted, everyone sees them); and at `play --sim 1`, where nobody's
        hands are on the cup and every move is typed, which to type."""
        state = self.state
        dice = " ".join(rank_char(face) for face in state.faces) if state.phase == TRIES else ""
        left = MAX_TRIES - state.tries
        said = f": the dice show {dice}: {left} {'try' if left == 1 else 'tries'} left to make five of a kind" \
            if dice else ""
        if self.hands is None:
            return said
        if state.phase == OPENING:
            return f": type `{name} shakes`, then `{name} bids` a hand and left or right"
        if state.phase == TRIES:
            return f"{said}: type `{name} tries 1 2` (the dice to roll again)"
        return f": type `{name} accepts` or `{name} calls liar`" if state.phase == RECEIVING else ""

    def _bot_turn(self):
        """The bot holding the cup plays its whole turn at once: the hub holds the dice (a table of bots)."""
        state = self.state
        seat = self.seats[state.holder]
        turn, name = self._turn_of(seat), seat.name
        while self.state.holder == seat.index and self.table.phase == PLAYING:
            known = self.known.setdefault(name, [None] * 5)
            step = turn.next_step(self.state, known, self.round_events)
            if step == LOOK:
                self.look(name)
            elif isinstance(step, Shake):
                self.shake(name)
            elif isinstance(step, Show):
                self.show(name, [s for s, _ in step.dice])
            elif isinstance(step, (OpenRoll, Try)):
                recorded = self.roll_open(name, [s for s, _ in step.dice], type(step))
                if isinstance(step, Try):
                    return self.after(recorded)
            elif step is None:
                return self.next_turn()
            else:
                recorded = self.record_move(step)
                if not isinstance(step, (Accept, Hide)) or recorded.called:
                    return self.after(recorded)

    def _turn_of(self, seat) -> PokerTurn:
        if seat.name not in self.turns:
            self.turns[seat.name] = PokerTurn(seat.bot, seat.name, problem=self.table.say)
        return self.turns[seat.name]

    # -- a bot holding the table's cup: one step at a time, each waiting for the cup --------------------------------
    def _bot_with_cup(self, now):
        """A bot holds the table's one cup: it acts a step at a time, each once the cup is done with the last (a
        roll's commitments and openings, a look under the cup), after its thinking time."""
        state = self.state
        if self.table.phase != PLAYING or state.holder is None or not self.cup.idle():
            return
        seat = self.seats[state.holder]
        if seat.bot is None:
            return
        if self.due is None:
            self.due = now + self.table.bot_delay
        elif now >= self.due:
            self.due = None
            self._bot_step(seat)

    def _bot_step(self, seat):
        """The holding bot's next step with the cup's dice: the hub rolls none of them and sees only what the bot
        may see, the dice it looks at under the cup (opened to the hub alone, journaled once the round is over)."""
        name, cup = seat.name, self.cup
        known = self.known.setdefault(name, [None] * 5)
        step = self._turn_of(seat).next_step(self.state, known, self.round_events)
        if step == LOOK:
            return cup.look(name)
        if isinstance(step, Shake):
            return cup.roll_for(Shake, name, range(1, 6) if self.state.phase == OPENING else self.state.under_cup)
        if isinstance(step, (OpenRoll, Try)):
            return cup.roll_for(type(step), name, [s for s, _ in step.dice])
        if isinstance(step, Show):
            self.show(name, [s for s, _ in step.dice])
        elif step is not None:
            recorded = self.record_move(step)
            if not isinstance(step, (Accept, Hide)) or recorded.called:
                return self.after(recorded)
        cup.send_table()

    # -- the dice: rolled fairly, each opened alone ---------------------------------------------------------------
    def face(self, slot):
        return self.rolled_in[slot].faces[slot]

    def roll(self, slots, by) -> PokerDeal:
        """A sub-deal for `slots`: per-die commitments, then the hub's entropy (journaled before anyone acts)."""
        self.subs += 1
        deal = PokerDeal(self.subs, self.table.chance.bytes(8), slots, by)
        seeds = {slot: self.table.chance.bytes(16) for slot in deal.slots}
        deal.deal_hub(seeds, self.table.chance.fork(f"entropy {deal.id}").bytes(16))
        self.table.journal.fact("dice", deal.id, f"nonce={deal.nonce.hex()}", f"dice={''.join(map(str, deal.slots))}",
                          f"by={by}")
        for slot in deal.slots:
            self.table.journal.fact("die-commit", deal.id, slot, deal.commits[slot].hex())
        self.table.journal.fact("die-entropy", deal.id, deal.entropy.hex(), f"check={deal.receipt()}")
        for slot in deal.slots:
            self.rolled_in[slot] = deal
        self.round_deals.append(deal)
        self._keep_seeds()  # beside the journal: a resumed hub opens the dice of a round it cut (resume.py)
        return deal

    def _keep_seeds(self):
        """The seeds the hub drew for this round's dice (a table of bots), beside the journal, so a resumed hub can
        open the ones nobody saw (resume.py)."""
        subs = {str(deal.id): {str(slot): deal.seeds[slot].hex() for slot in deal.slots if slot in deal.seeds}
                for deal in self.round_deals}
        self.keep_secrets({"poker": subs})

    def open_dice(self, slots):
        """Each die's seed, journaled just before the line that tells its face (once per roll of it)."""
        for slot in slots:
            deal = self.rolled_in[slot]
            if slot not in deal.opened:
                deal.opened.add(slot)
                self.table.journal.fact("die-seed", deal.id, slot, deal.seeds[slot].hex())

    def open_the_rest(self):
        """Once a round is over, every die rolled in it that nobody saw is opened too (journaled only): the faces
        `dicecup verify` tallies are then every roll, not just the dice players chose to show."""
        with self.table.journal.batch():
            for deal in self.round_deals:
                for slot in deal.slots:
                    if slot not in deal.opened and slot in deal.seeds:  # a cup's: by its round secret (poker/cuplink.py)
                        deal.opened.add(slot)
                        self.table.journal.fact("die-seed", deal.id, slot, deal.seeds[slot].hex())
        self.round_events, self.known, self.rolled_in, self.round_deals = [], {}, {}, []

    def shake(self, name):
        state = self.state
        apply(state, Shake(name))  # refused before any die is rolled
        slots = range(1, 6) if state.phase == OPENING else state.under_cup
        self.roll(slots, name)
        for seat, known in self.known.items():
            for slot in slots:
                known[slot - 1] = self.face(slot) if seat == name else None
        self.known.setdefault(name, [None] * 5)
        for slot in slots:
            self.known[name][slot - 1] = self.face(slot)
        self.record_move(Shake(name))

    def show(self, name, slots):
        event = Show(name, tuple((s, self.face(s)) for s in slots))
        apply(self.state, event)
        with self.table.journal.batch():
            self.open_dice(slots)
            self.record_move(event)
        self.everyone_sees(slots)

    def roll_open(self, name, slots, kind):
        apply(self.state, kind(name, tuple((s, 1) for s in slots)))  # refused before any die is rolled
        self.roll(slots, name)
        event = kind(name, tuple((s, self.face(s)) for s in slots))
        with self.table.journal.batch():
            self.open_dice(slots)
            recorded = self.record_move(event)
        self.everyone_sees(slots)
        return recorded

    def everyone_sees(self, slots):
        for seat in self.seats:
            known = self.known.setdefault(seat.name, [None] * 5)
            for slot in slots:
                known[slot - 1] = self.face(slot)

    def forget(self, slots):
        """These dice were shaken under the cup: no seat knows them any more."""
        for known in self.known.values():
            for slot in slots:
                known[slot - 1] = None

    def look(self, name):
        self.known[name] = [self.face(s) for s in range(1, 6)]

    def lift(self):
        """The cup is lifted: every die not yet opened is, and the reveal line says all five."""
        with self.table.journal.batch():
            self.open_dice(range(1, 6))
            recorded = self.record_move(Reveal(tuple(self.face(s) for s in range(1, 6))))
        self.everyone_sees(range(1, 6))
        return recorded

    # -- recording and announcing ---------------------------------------------------------------------------------
    def record_move(self, event):
        """Record a seat's move (or the reveal), keep it for the bots' view, say it; what the record answered."""
        recorded = self.record(event)
        self.round_events.append(event)
        self._announce(event)
        return recorded

    def _announce(self, event):
        if isinstance(event, PokerBid):
            receiver = self.state.seats[self.state.holder] if self.state.holder is not None else "?"
            way = f" {event.direction}" if event.direction else ""
            self.table.say(f"{event.seat} bids {event.hand} ({event.hand.words()}) and passes the cup{way} to {receiver}")
        elif isinstance(event, CallLiar):
            self.table.say(f"{event.seat} calls liar: the cup is lifted")
        elif isinstance(event, Accept):
            self.table.say(f"{event.seat} accepts and looks under the cup", quiet=True)
        elif event is not None and not isinstance(event, Reveal):
            self.table.say(str(event), quiet=True)

    def after(self, recorded):
        """After a seat's move, as its record answered: the reveal at a call, the round's end, or the next
        holder's turn."""
        if recorded.called:
            if self.cup is not None:
                return self.cup.lift()  # the cup opens each hidden die; the reveal follows (poker/cuplink.py)
            recorded = self.lift()
        if recorded.outcome is not None:  # the engine ended the round: its outcome is told
            return self.round_over()
        self.next_turn()

    def round_over(self):
        """The round's outcome to everyone, once its dice are settled; the table then goes on or ends the game."""
        if self.cup is not None and self.cup.close_round():
            return  # held until the cup's round secret is in and checked (cuplink.py)
        outcome = self.state.history[-1]
        self.open_the_rest()
        self.table.publish(PokerRevealed(outcome))
        self.table.say(f"round {outcome.n}: {outcome.words()} ({' '.join(map(rank_char, outcome.dice))})")
        self.table.round_over(self.state.phase == P_OVER)

    def stop_cheating(self, what):
        """The table's one cup lied about a die: every player's dice are that cup's, so the game can't go on."""
        self.table.say(f"CHEATING: {what}; the table's cup can't be trusted, so the game stops here (the journal "
                       "keeps every line before)")
        self.table.stop(f"{what}: cheating")
