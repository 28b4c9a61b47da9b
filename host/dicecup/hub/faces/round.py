"""The face-bid game's Round (dudo, classic, revolver, ...): every cup holds its own dice. For every round a deal
(every cup commits, then gets the hub's entropy), the bidding (turns, the clock, bots), the reveal at a call
(checked against the commitments), the results to every cup. The engine decides every question of the rules; this
module only asks it, in order, and tells everyone. The round's phases are its own (dealing, bidding, revealing), and
so is its recovery (recovery.py: a cup that drops and comes back, a seat retired, a game resumed). The table
(table.py) does the rest.
"""
import time

from cupcore import wire, wirenames

from dicecup.bots.view import make_view
from dicecup.rules import (BIDDING as ENGINE_BIDDING, OVER as ENGINE_OVER, ROLLOFF as ENGINE_ROLLOFF,
                           SHOOTING as ENGINE_SHOOTING, Bid, DicecupError, IllegalAction, Move, NotationError, Reroll,
                           Retire, Roll, Rolloff, Shot, Timeout, apply, new_game, parse_event)

from .. import cuptags
from ..phases import RoundPhase, TablePhase
from ..round import Round
from ..seating import Seating
from ..seats import intent_action, reason_code
from ..snapshot import CallAccepted, ResultsDelivered, RoundRevealed, TriggerPulled, TurnStarted
from ..typedmoves import record_words, refusal
from .deal import Deal
from .recovery import FaceRecovery
from .turnclock import Hurry

DEALING, BIDDING, REVEALING = RoundPhase.DEALING, RoundPhase.BIDDING, RoundPhase.REVEALING
PLAYING, BETWEEN, OVER = TablePhase.PLAYING, TablePhase.BETWEEN, TablePhase.OVER

# What `help` says at the hub; docs/playing.md shows the same commands.
TYPED_COMMANDS = ("type at the hub: `NAME bids 4x5` (a bid for the seat whose turn it is), `NAME calls liar` "
                  "(also `NAME liar` or `NAME dudo`; or `calls spot`, also typed `exact` or `calza`, where the rules have it), `retire NAME` (take out "
                  "a seat whose cup is not coming back; a seat still playing is asked about first: `yes` or the "
                  "same line again confirms, `no` keeps it), `reroll NAME` (only when NAME's cup came back without "
                  "the dice it was shown: the round is rolled again for everyone, every bid in it void), `help` "
                  "(this list)")


class FaceRound(FaceRecovery, Round):
    new_game, apply = staticmethod(new_game), staticmethod(apply)

    def __init__(self, table):
        super().__init__(table)
        self.phase = None           # DEALING, BIDDING or REVEALING while a round is under way; None between rounds
        self.deal = None            # the Deal in progress (deal.py)
        self.opener = None          # dudo's first opener, drawn when the deal that needs it starts
        self.turn_started = None
        self.bot_due = None
        self.hurry = Hurry(self)    # warns the seat to act in its turn clock's last seconds
        self._results_for = None    # the deal whose RESULTs are not all acknowledged yet (the stopwatch's end)

    # -- what the table asks of every Round --------------------------------------------------------------------
    def seating(self, **options):
        return Seating(self.table, **options)

    def snapshot_fields(self) -> dict:
        left = self.clock_left()
        return dict(state=self.state, deal=self.deal.id if self.deal else 0,
                    to_act=self.to_act() if self.phase == BIDDING else None,
                    clock_left=None if left is None else int(left + 0.999), held=self._held_words())

    def _held_words(self) -> str:
        """What the table waits for, though every cup is there: the host's word on a cup back without its dice, or
        a cup back from a drop showing it kept them (recovery.py)."""
        deal = self.deal
        if deal is None:
            return ""
        lost = [self.seats[i].name for i in sorted(deal.without_dice) if self.state.alive[i]]
        if lost and self.phase == REVEALING and not deal.rolloff:
            return (f"{' and '.join(lost)}'s cup came back without its dice after the call: the host types "
                    f"`retire {lost[0]}` to go on without the seat")
        if lost:
            return (f"{' and '.join(lost)}'s cup came back without the dice it was shown: the host types "
                    f"`reroll {lost[0]}` to roll this round again, or `retire {lost[0]}`")
        back = [self.seats[i].name for i in sorted(deal.rechecking)]
        return f"{' and '.join(back)}'s cup is back: checking it still holds its dice" if back else ""

    def typed_help(self) -> str:
        return TYPED_COMMANDS

    def published(self):
        self._check_results_delivered()  # after every input: the last ACK of the results may have come in

    def tick(self, now):
        """What the clock asks of a game under way: a turn's time, cups slow to answer."""
        if self.table.paused:
            return self._paused_tick(now)
        if self.phase == BIDDING:
            self._bidding_tick(now)
        elif self.phase in (DEALING, REVEALING) and self.deal.deadline and now > self.deal.deadline:
            why = (f"no reveal {self.table.late_reveal_wait:g} s after every other seat's" if self.deal.hurried
                   else f"no answer in {self.table.answer_timeout} s")
            for index in self._awaited():
                seat = self.seats[index]
                if seat.connected:  # treated as a dropped cable, so the port is also watched for its return
                    seat.conn.drop(why)

    def _paused_tick(self, now):
        """While the table is paused nothing is asked of anyone, but a cup back from a drop that never answers the
        deal sent again is dropped again, so the table says so and watches its port, rather than staying paused on
        "is back" for good."""
        deal = self.deal
        for index, deadline in list(deal.rechecking.items() if deal is not None else ()):
            seat = self.seats[index]
            if now > deadline:
                del deal.rechecking[index]
                if seat.connected:
                    seat.conn.drop(f"no answer in {self.table.answer_timeout} s")

    def on_frame(self, seat, mtype, values) -> bool:
        if mtype == wire.INTENT:
            self._on_intent(seat, values)
        elif mtype == wire.COMMIT:
            self._on_commit(seat, values)
        elif mtype == wire.REVEAL:
            self._on_reveal(seat, values)
        else:
            return False
        return True

    # -- dealing: a fresh nonce, every cup commits --------------------------------------------------------------
    def next_round(self):
        """A fresh deal: the next round, a roll-off's, or the same round rolled again (a cup lost its dice)."""
        table, state = self.table, self.state
        rolloff = state.phase == ENGINE_ROLLOFF
        dealt = state.contenders if rolloff else [i for i, a in enumerate(state.alive) if a]
        deal = Deal((self.deal.id if self.deal else 0) + 1, table.chance.bytes(8),
                    {i: 2 if rolloff else state.dice[i] for i in dealt}, rolloff=rolloff,
                    deadline=table.clock() + table.answer_timeout)
        self.deal = deal
        table.journal.fact("round", state.round, f"deal={deal.id}", f"nonce={deal.nonce.hex()}")
        for index in dealt:
            seat = self.seats[index]
            if seat.is_cup:
                deal.cups.add(index)
                seat.send(wire.DEAL, (deal.id, deal.counts[index], deal.nonce))
            else:  # the hub plays the bot's cup: its seed, its entropy, the same dice function
                deal.deal_bot(index, table.chance.bytes(16), self._fresh_entropy(deal, index))
                self._journal_entropy(seat)
        self.keep_bot_dice(deal)
        self._draw_opener()
        self.phase = DEALING
        table.round_begins()
        self._after_commits()

    deal_again = next_round

    def _draw_opener(self):
        """Dudo's first round leaves the opener to the hub: drawn once, when the deal starts, and journaled so a
        resumed hub keeps it. Drawn again only if the one drawn has left the game."""
        state = self.state
        if state.phase != ENGINE_BIDDING or state.turn is not None:
            return
        if self.opener is not None and state.alive[self.opener]:
            return
        self.opener = self.table.chance.choice([i for i, a in enumerate(state.alive) if a])
        self.table.journal.fact("opener", state.seats[self.opener], f"deal={self.deal.id}")

    def _on_commit(self, seat, values):
        table = self.table
        deal_id, digest = values
        if self.deal is None or deal_id != self.deal.id:
            return
        verdict = self.deal.commit(seat.index, digest)
        if verdict == "different":  # its dice were shown: never rolled again on its word (recovery.py)
            return self.lost_dice(seat)
        if verdict in ("unasked", "ignored"):  # its first commitment stands (deal.py says why)
            seat.send(wire.ERROR, (wire.ERR_STATE, wire.COMMIT))
            if verdict == "unasked":
                table.say(f"refused: {seat.name}'s cup sent a second, different commitment for this deal after its "
                          "dice were dealt, without being dealt again; its first one stands")
                table.journal.comment(f"{seat.name} sent a second commitment for deal {deal_id}: refused")
            return
        if verdict == "not dealt":
            return
        if verdict in ("new", "replaced"):  # replaced: before its entropy, so no dice existed to lose
            table.journal.fact("commit", seat.name, bytes(digest).hex())
        if verdict in ("same", "replaced"):
            table.go_on()  # a cup back from a drop answered: the table waited for this (recovery.py: back)
        self._send_entropy(seat)  # only now: the cup is bound to its seed before the entropy exists
        if self.phase == DEALING:
            self._after_commits()
        elif self.phase == BIDDING:
            self._send_table(seat)     # a cup back from a drop, dice intact: show it the table again
        elif self.phase == REVEALING and seat.index in self.deal.missing_reveals():
            seat.send(wire.REVEAL_REQ, (self.deal.id,))

    def _awaited(self) -> list:
        """The cups the deal in progress still waits on: their commitments (dealing) or reveals (revealing)."""
        deal = self.deal
        missing = deal.missing_commits() if self.phase == DEALING else deal.missing_reveals()
        return sorted(missing & deal.cups)

    def _fresh_entropy(self, deal, index) -> bytes:
        # From `secrets` at this moment (a seeded hub, for tests and demos: its own stream per deal and seat, so
        # the order commitments arrive in changes nothing).
        return self.table.chance.fork(f"entropy {deal.id} {index}").bytes(16)

    def _send_entropy(self, seat):
        """The hub's entropy for a cup it holds the commitment of: drawn once per deal and seat, journaled
        before it is sent (a resumed hub sends the same bytes again, which the cup accepts)."""
        deal = self.deal
        if seat.index not in deal.entropy:
            deal.give_entropy(seat.index, self._fresh_entropy(deal, seat.index))
            self._journal_entropy(seat)
        seat.send(wire.ENTROPY, (deal.id, deal.entropy[seat.index]))

    def _journal_entropy(self, seat):
        deal, journal = self.deal, self.table.journal
        if seat.index not in deal.cups:  # a bot's commitment is the hub's own (a cup's is journaled on arrival)
            journal.fact("commit", seat.name, deal.commits[seat.index].hex())
        journal.fact("entropy", seat.name, deal.entropy[seat.index].hex(), f"check={deal.receipt(seat.index)}")

    def _after_commits(self):
        if self.deal.missing_commits() or self.table.paused:
            return
        if self.deal.rolloff:
            return self._ask_reveals()
        self.phase = BIDDING
        self._start_turn()

    # -- bidding ----------------------------------------------------------------------------------------------------
    def to_act(self):
        """The seat to act: the engine's, or in dudo's first round the opener the hub drew."""
        return self.state.turn if self.state.turn is not None else self.opener

    def _start_turn(self):
        table = self.table
        self.turn_started = table.clock()
        seat = self.seats[self.to_act()]
        self.bot_due = self.turn_started + table.bot_delay if not seat.is_cup else None
        self._broadcast_table()
        seat.send(wire.CUE, (wire.CUE_TURN, 0))  # the player's cup tells them (tone, blink) it is their turn
        table.publish(TurnStarted(table.snapshot()))

    def _bidding_tick(self, now):
        seat = self.seats[self.to_act()]
        clock = self.table.rules.clock
        if clock and now - self.turn_started >= clock:
            return self._record_and_go_on(Timeout(seat.name), f"{seat.name} ran out of time")
        self.hurry.tick(seat)  # the clock's last seconds: the screen and the player's cup say so
        if self.bot_due is not None and now >= self.bot_due:
            self.bot_due = None
            self._bot_move(seat)

    def _bot_move(self, seat):
        from dicecup.bots.guard import budget_for, decide  # raising, illegal or overrunning bots: safest action
        view = make_view(self.state, seat.name, self.deal.bot_dice[seat.index], self.clock_left())
        action, problem = decide(seat.bot, view, budget_for(view.clock))
        if problem is not None:  # a bot must never stall or crash the table
            self.table.say(f"{seat.name}'s bot {problem}; it plays {action} instead")
        self._record_and_go_on(Move(seat.name, action))

    def _on_intent(self, seat, values):
        arrived = time.perf_counter()
        deal, kind = values[0], values[1]
        if kind == wire.READY:
            return seat.send(wire.ACCEPT, (deal, wire.READY))
        if self.phase != BIDDING or deal != self.deal.id or self.table.paused:
            return seat.send(wire.REFUSE, (deal, kind, wirenames.ROUND_OVER))
        if seat.index != self.to_act():
            return seat.send(wire.REFUSE, (deal, kind, wirenames.NOT_YOUR_TURN))
        try:
            action = intent_action(kind, values[2], values[3])
            if action is None:
                raise IllegalAction("that is not an action at the table")
            recorded = self.record(Move(seat.name, action))
        except DicecupError as error:
            seat.send(wire.REFUSE, (deal, kind, reason_code(error)))
            self.table.say(refusal(error, seat.name), refused=seat.name)
            return
        if recorded.called:
            # A call: the reveal request goes out ahead of the accept, so the caller's cup (whose link sends one
            # reliable frame at a time) is not a round trip behind the others. It reveals from its turn as from
            # any other state, and the accept that follows only clears what it was waiting for.
            self._after_move(Move(seat.name, action), recorded, arrived)
            return seat.send(wire.ACCEPT, (deal, kind))
        seat.send(wire.ACCEPT, (deal, kind))
        self._after_move(Move(seat.name, action), recorded, arrived)

    def on_typed(self, line: str):
        """A move typed at the hub for the seat whose turn it is (`ana bids 4x5`, `ana liar`), `retire NAME` or
        `reroll NAME`; a refusal is one line."""
        table = self.table
        try:
            event = self._typed_event(line.split())
        except DicecupError as error:
            return table.say(refusal(error))
        if isinstance(event, Retire):
            return table.retiring.retire(event.seat)
        if isinstance(event, Reroll):  # the table's consent, typed by the host
            return self.reroll(event.seat)
        if table.paused:
            return table.say(refusal("the game is paused until every cup is back (or `retire NAME`)"))
        if self.phase != BIDDING:
            return table.say(refusal("wait for the bidding: nobody's turn just now"))
        if event.seat != self.seats[self.to_act()].name:
            return table.say(refusal(f"it is {self.seats[self.to_act()].name}'s turn"))
        try:
            recorded = self.record(event)
        except DicecupError as error:
            return table.say(refusal(error, event.seat))
        self._after_move(event, recorded)

    def _typed_event(self, words):
        """Move, Retire or Reroll for a typed line, the seat's name as the game has it; NotationError else."""
        one_seat = len(words) == 2 and words[0].lower() in ("retire", "reroll")
        typed = words[1] if one_seat else words[0]
        seat = self.table.seat_named(typed)
        if seat is None:
            raise NotationError(f"no seat called {typed} (the seats: {', '.join(self.state.seats)})")
        if one_seat:
            return (Retire if words[0].lower() == "retire" else Reroll)(seat)
        words = record_words([seat, *words[1:]])
        try:
            return parse_event(" ".join(words))
        except NotationError:
            spot = f", `{seat} calls spot`" if self.state.rules.exact_call else ""
            raise NotationError(f"can't read {' '.join(words)!r}: type `{seat} bids 4x5`, `{seat} calls liar` (or "
                                f"`{seat} liar`){spot}, `retire NAME`, `reroll NAME`, or `help`") from None

    def _record_and_go_on(self, event, announce=None):
        recorded = self.record(event)
        if announce:
            self.table.say(announce)
        self._after_move(event, recorded)

    def _after_move(self, event, recorded, arrived=None):
        """After a seat's move, as its record says: a call, the round's end (a timeout ends it without a
        reveal), or the next turn."""
        if recorded.called:  # the cups are asked first, the screen is told after
            self._call_made(event.seat, arrived)
            self._request_reveals()
            self._announce(event)
            return self._after_reveals()
        self._announce(event)
        if recorded.outcome is not None:
            return self._round_over()
        self._start_turn()

    def _announce(self, event):
        if isinstance(event, Move):
            action = event.action
            said = f"{event.seat} {'bids' if isinstance(action, Bid) else 'calls'} {action}"
            self.table.say(said + (f" ({action.words()})" if isinstance(action, Bid) else ""), quiet=True)

    def _call_made(self, caller, arrived):
        for seat in self.seats:
            seat.send(wire.CUE, (wire.CUE_CALL, 0))  # every cup: someone called, lift your cup
        self.table.publish(CallAccepted(self.deal.id, caller, arrived or time.perf_counter()))

    # -- the reveal ----------------------------------------------------------------------------------------------------
    def _ask_reveals(self):
        self._request_reveals()
        self._after_reveals()

    def _request_reveals(self):
        self.phase = REVEALING
        deal = self.deal
        deal.deadline, deal.hurried = self.table.clock() + self.table.answer_timeout, False
        for index in sorted(deal.cups):
            self.seats[index].send(wire.REVEAL_REQ, (deal.id,))
        deal.reveal_bots()

    def _on_reveal(self, seat, values):
        table = self.table
        deal_id, dice, seed, tag = values
        deal = self.deal
        if self.phase != REVEALING or deal_id != deal.id or seat.index not in deal.cups or \
                seat.index not in deal.missing_reveals():
            return
        if not deal.check_reveal(seat.index, tuple(dice), seed):  # the seed committed to, and its dice exactly
            seat.send(wire.REFUSE, (deal_id, wire.REVEAL, wirenames.BAD_REVEAL))
            table.say(f"CHEATING: {seat.name}'s cup revealed {' '.join(map(str, dice))}, which is not what the "
                      "seed it committed to at the deal gives; those dice are not counted")
            table.journal.comment(f"{seat.name}'s reveal did not match its commitment: cheating")
            return self.retire(seat.name, "a reveal that does not match its commitment")
        if deal.take_tag(seat.index, tag, seat.conn.proved_key) == cuptags.BAD:  # its dice check all the same
            table.journal.comment(f"{seat.name}'s cup's tag over its deal did not check with its key: not journaled")
        self._after_reveals()

    def _after_reveals(self):
        deal, journal = self.deal, self.table.journal
        if self.phase != REVEALING:
            return
        if deal.missing_reveals():
            return self._hurry_the_last(deal)
        kind = Rolloff if deal.rolloff else Roll
        with journal.batch():  # on disk before anyone hears the result
            for index in sorted(deal.seeds):  # seat order, so the same game writes the same journal
                journal.fact("seed", self.seats[index].name, deal.seeds[index].hex())
                if index in deal.tags:  # the cup vouches for its dice (cuptags.py)
                    journal.fact("vouch", self.seats[index].name, deal.tags[index].hex())
            for index in sorted(deal.reveals):
                self.record(kind(self.seats[index].name, deal.reveals[index]))
        if deal.rolloff:
            return self._after_rolloff()
        self._round_over()

    def _hurry_the_last(self, deal):
        """Every seat but one has revealed: the last one has late_reveal_wait, not the whole answer_timeout (a cup
        revealing just inside it at every call held the table that long each time)."""
        if len(deal.missing_reveals()) != 1 or deal.deadline is None:
            return
        soon = self.table.clock() + self.table.late_reveal_wait
        if soon < deal.deadline:
            deal.deadline, deal.hurried = soon, True

    def _after_rolloff(self):
        state = self.state
        if state.phase == ENGINE_ROLLOFF:
            self.table.say("a tie at the top of the roll-off: " +
                           ", ".join(self.seats[i].name for i in state.contenders) + " roll again")
        else:
            self.table.say(f"{state.seats[state.opener]} wins the roll-off and opens")
        self.next_round()

    # -- results ---------------------------------------------------------------------------------------------------
    def _round_over(self):
        table = self.table
        revealed = self.state.history[-1]
        shooting = self.state.phase == ENGINE_SHOOTING
        if shooting:  # the reveal on the screen, then each trigger pull's suspense, then the results
            table.publish(RoundRevealed(revealed))
        while self.state.phase == ENGINE_SHOOTING:
            seat = self.seats[self.state.shooters[0]]
            bullets = self.state.bullets[seat.index]
            dead = table.chance.trigger(bullets)
            table.publish(TriggerPulled(seat.name, bullets, dead))
            if table.suspense:  # the screen spins the cylinder meanwhile (play, resume; never tests or benches)
                time.sleep(table.suspense)
            seat.send(wire.CUE, (wire.CUE_BANG if dead else wire.CUE_CLICK, bullets))
            self.record(Shot(seat.name, dead))
        outcome = self.state.history[-1]
        for seat in self.seats:
            if seat.is_cup and outcome.dice_before[seat.name]:  # every cup that played this round
                seat.send(wire.RESULT, self._result_values(seat, outcome))
        self._results_for = self.deal.id if self.deal else None
        self._check_results_delivered()
        if not shooting:  # the cups first: drawing the reveal on a screen takes milliseconds
            table.publish(RoundRevealed(revealed))
        self.phase = None
        table.round_over(self.state.phase == ENGINE_OVER)

    def _result_values(self, seat, outcome):
        state = self.state
        status = wire.WON if state.winner == seat.index else (wire.PLAYING if state.alive[seat.index] else wire.OUT)
        change = max(-128, min(127, outcome.dice_change.get(seat.name, 0)))
        dice = state.dice[seat.index] if state.alive[seat.index] else 0
        return (self.deal.id if self.deal else 0, change, dice, state.bullets[seat.index], status)

    def _check_results_delivered(self):
        if self._results_for is None:
            return
        if all(seat.conn.settled for seat in self.seats if seat.is_cup and seat.connected):
            self.table.publish(ResultsDelivered(self._results_for, time.perf_counter()))
            self._results_for = None

    # -- what recovery (recovery.py) and the table ask of the round --------------------------------------------------
    def holding(self) -> bool:
        deal = self.deal
        if super().holding():
            return True
        if deal is not None and any(self.state.alive[i] for i in deal.without_dice):
            return True  # a cup back without the dice it was shown: only the host goes on (recovery.py)
        return deal is not None and bool(deal.rechecking)  # a cup back from a drop has yet to say if it kept them

    def carry_on(self, paused):
        if self.turn_started is not None:
            self.turn_started += paused
        if self.deal is not None and self.deal.deadline is not None:
            self.deal.deadline += paused
        if self.phase == DEALING:
            self._after_commits()
        elif self.phase == REVEALING:
            self._after_reveals()

    def redeal_to(self, seat):
        """Send the deal in progress again to a cup that came back: one that kept its dice answers with the same
        commitment (the deal goes on), one that lost them with another (the host decides: lost_dice)."""
        deal, table = self.deal, self.table
        if deal is None or seat.index not in deal.cups:
            return
        if self.phase == DEALING and seat.index in deal.commits:
            deal.ask_again(seat.index)
        deal.dealt_again.add(seat.index)
        if seat.index in deal.commits:
            deal.rechecking[seat.index] = table.clock() + table.answer_timeout
        if deal.deadline is not None:  # a cup dropped for silence came back at its deadline: time to answer
            deal.deadline, deal.hurried = max(deal.deadline, table.clock() + table.answer_timeout), False
        seat.send(wire.DEAL, (deal.id, deal.counts[seat.index], deal.nonce))

    def take_over(self, state, journal, seats, deal, opener, phase=None):
        """A game resumed from its journal (recovery.py: resume): paused until every cup is back. phase: the round's,
        cut off mid-deal (DEALING, REVEALING); None: between rounds, or the game was over."""
        table = self.table
        self.state, self.deal, self.opener, self.phase = state, deal, opener, phase
        over = state.phase == ENGINE_OVER
        table.take_over(journal, seats, OVER if over else PLAYING if phase else BETWEEN)
        if over:
            return
        if deal is not None:
            deal.deadline = table.clock() + table.answer_timeout
            self._draw_opener()  # a journal from before openers were journaled: draw it now
        if phase is None and state.phase == ENGINE_SHOOTING:
            self._round_over()
        table.go_on()  # a table with no cup to wait for (bots only) goes on at once

    # -- what the cups see -----------------------------------------------------------------------------------------
    def clock_left(self):
        clock = self.table.rules.clock
        if not clock or self.turn_started is None or self.phase != BIDDING:
            return None
        return max(0.0, clock - (self.table.clock() - self.turn_started))

    def _table_values(self):
        state = self.state
        standing = state.bids[-1] if state.bids else None
        flags = (wire.FLAG_WILD if state.wild else 0) | (wire.FLAG_PALIFICO if state.palifico is not None else 0)
        left = self.clock_left()
        return (self.deal.id, self.to_act(), standing[0] if standing else wire.NOBODY,
                standing[1].quantity if standing else 0, standing[1].face if standing else 0,
                int(left) if left is not None else 0, min(255, state.dice_in_play), flags)

    def _broadcast_table(self):
        values = self._table_values()
        for seat in self.seats:
            if seat.is_cup and self.state.alive[seat.index]:
                seat.send(wire.TABLE, values)

    def _send_table(self, seat):
        seat.send(wire.TABLE, self._table_values())
