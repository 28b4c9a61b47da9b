"""The table, top to bottom: seating, then for every round a deal (commit), the bidding (turns, the clock,
bots), the reveal (checked against the commitments), the results; the journal throughout.

Everything here runs on one thread, driven by `handle(item)` for what arrives (bytes from a cup, a dropped
link, a line typed at the hub) and `tick()` for what time does (the turn clock, bots, retransmits). The engine
decides every question of the rules; this module only asks it, in order, and tells everyone. Observers never
read these fields: after every change the hub publishes an immutable TableSnapshot, and an event for each
thing that happens (snapshot.py).
"""
import time
from typing import Callable, NamedTuple

from cupcore import wire, wirenames

from dicecup.bots.view import make_view
from dicecup.rules import (BIDDING as ENGINE_BIDDING, OVER as ENGINE_OVER, REVEAL as ENGINE_REVEAL,
                           ROLLOFF as ENGINE_ROLLOFF, SHOOTING as ENGINE_SHOOTING, Bid, DicecupError,
                           IllegalAction, Move, Retire, Roll, Rolloff, Shot, Timeout, apply, new_game, parse_event)

from .cupwords import cup_error_words
from .deal import Deal
from .journal import Journal, secrets_path
from .phases import TablePhase
from .recovery import Recovery
from .retiring import RetireQuestion
from .turnclock import Hurry
from .seating import Seating
from .seats import intent_action, reason_code
from .snapshot import (CallAccepted, GameWon, Latest, Publisher, ResultsDelivered, RoundRevealed, Said,
                       TableSnapshot, TriggerPulled, TurnStarted)

SEATING, DEALING, BIDDING, REVEALING, BETWEEN, OVER = (
    TablePhase.SEATING, TablePhase.DEALING, TablePhase.BIDDING, TablePhase.REVEALING, TablePhase.BETWEEN,
    TablePhase.OVER)


# What `help` says at the hub; docs/playing.md shows the same commands.
TYPED_COMMANDS = ("type at the hub: `NAME bids 4x5` (a bid for the seat whose turn it is), `NAME calls liar` "
                  "(or `calls spot`, also typed `exact` or `calza`, where the rules have it), `retire NAME` (take out "
                  "a seat whose cup is not coming back; a seat still playing is asked about first: `yes` or the "
                  "same line again confirms, `no` keeps it), `help` (this list)")


class TypedCommand(NamedTuple):
    """More to type at the hub, like `phone zoe` while seats are taken or `release ana` at any time (web/launch.py)."""
    usage: str           # for `help`: "phone NAME (adds a phone seat)"
    run: Callable        # run(the words typed after the command's word)
    late: str = None     # said when it is typed once the game has begun; None: it is taken at any time


class Hub:
    result_pause = 1.0   # seconds between a round's result and the next deal, to read the reveal
    bot_delay = 0.2      # a hub-seated bot's thinking time, so people can follow
    answer_timeout = 15  # seconds a connected cup may take to commit or reveal before it counts as dropped
    suspense = 0.0       # seconds between a trigger pull shown on the screen and its result on the cup

    def __init__(self, rules, *, data, chance, expect_cups=0, bots=(), bot_kinds=None, clock=time.monotonic):
        self.rules, self.data, self.chance, self.clock = rules, data, chance, clock
        self.bot_kinds = dict(bot_kinds or {})  # name -> the bot's name (`hard`, `module:Name`), for the journal
        self.opening_facts = []  # more `#@` facts for the journal's opening, e.g. a rated table's (history/rated.py)
        self.typed_commands = {}  # first word -> TypedCommand
        self.publisher = Publisher()
        self.seating = Seating(self, expect_cups=expect_cups, bots=bots)
        self.recovery = Recovery(self)
        self.retiring = RetireQuestion(self)  # `retire NAME` typed for a seat still playing is asked first
        self.hurry = Hurry(self)              # warns the seat to act in its turn clock's last seconds
        self.state = None           # the engine's state
        self.phase = SEATING
        self.journal = None
        self.deal = None            # the Deal in progress (deal.py)
        self.opener = None          # dudo's first opener, drawn when the deal that needs it starts
        self.turn_started = None
        self.bot_due = None
        self.next_at = None         # when the next deal goes out (BETWEEN)
        self.paused_since = None    # a living cup is missing
        self.rounds_done = 0        # rounds whose results the cups have had
        self.internal_errors = 0    # inputs the hub failed on (logged; see run._guarded): always 0, we hope
        self._results_for = None    # the deal whose RESULTs are not all acknowledged yet (the stopwatch's end)

    @property
    def seats(self) -> list:
        return self.seating.seats

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def paused(self) -> bool:
        return self.paused_since is not None

    # -- observers ---------------------------------------------------------------------------------------------
    def subscribe(self, callback):
        """callback(item) gets every event and TableSnapshot, on the hub's thread."""
        return self.publisher.subscribe(callback)

    def watch(self) -> Latest:
        """The latest snapshot, for a reader on another thread."""
        return self.subscribe(Latest())

    def say(self, text, quiet=False, private=False):
        self.publisher.publish(Said(text, quiet, private))

    def snapshot(self) -> TableSnapshot:
        left = self.clock_left()
        return TableSnapshot(
            phase=self.phase, seats=tuple(seat.view() for seat in self.seats), state=self.state,
            deal=self.deal.id if self.deal else 0, to_act=self.to_act() if self.phase == BIDDING else None,
            clock_left=None if left is None else int(left + 0.999), paused=self.paused,
            waiting_cups=self.seating.waiting_cups(), journal=self.journal.path if self.journal else None,
            internal_errors=self.internal_errors)

    def _publish_snapshot(self):
        self.publisher.publish(self.snapshot())

    # -- inputs -------------------------------------------------------------------------------------------------
    def add_connection(self, conn):
        self.seating.add_connection(conn)
        self._publish_snapshot()

    def handle(self, item):
        kind = item[0]
        if kind == "bytes":
            conn = item[1]
            for mtype, values in conn.feed(item[2]):
                self._on_message(conn, mtype, values)
            self._check_results_delivered()
        elif kind == "down":
            item[1].down = True
            seat = self.seating.seat_of(item[1])
            if seat is not None:
                self.recovery.dropped(seat, item[2])
        elif kind == "command":
            self.command(item[1])
        elif kind == "say":  # a line from another of the hub's threads (the web server: web/launch.py)
            self.say(item[1])
        self._publish_snapshot()

    def failed(self, origin, log):
        """An input the hub could not handle (run._guarded logged it): count it and say so; the game goes on."""
        self.internal_errors += 1
        self.say(f"the hub could not handle something from {origin}; it carries on (details in {log})")
        self._publish_snapshot()

    def tick(self):
        now = self.clock()
        self.seating.tick(now)
        if self.phase == SEATING:
            if self.seating.everyone_seated(self.rules):
                self.seating.seat_bots()
                self.start(self._first_state([s.name for s in self.seats]))
        elif not self.paused:  # while a cup is away nothing is asked of anyone
            self._game_tick(now)
        else:
            self._recheck_tick(now)
        self._publish_snapshot()

    def _recheck_tick(self, now):
        """A cup back from a drop that never answers the deal sent again is dropped again, so the table says so
        and watches its port, rather than staying paused on "is back" for good."""
        deal = self.deal
        for index, deadline in list(deal.rechecking.items() if deal is not None else ()):
            seat = self.seats[index]
            if now > deadline:
                del deal.rechecking[index]
                if seat.connected:
                    seat.conn.drop(f"no answer in {self.answer_timeout} s")

    def _first_state(self, names):
        """The engine's state as the game begins (the poker table's is a poker game)."""
        return new_game(self.rules, names)

    def _game_tick(self, now):
        """What the clock asks of a game under way: the next deal, a turn's time, cups slow to answer."""
        if self.phase == BETWEEN and now >= self.next_at:
            self._deal()
        elif self.phase == BIDDING:
            self._bidding_tick(now)
        elif self.phase in (DEALING, REVEALING) and self.deal.deadline and now > self.deal.deadline:
            for index in self._awaited():
                seat = self.seats[index]
                if seat.connected:  # treated as a dropped cable, so the port is also watched for its return
                    seat.conn.drop(f"no answer in {self.answer_timeout} s")

    def _on_message(self, conn, mtype, values):
        if mtype == wire.HELLO:
            return self.seating.on_hello(conn, values)
        seat = self.seating.seat_of(conn)
        if mtype == wire.INTENT:
            if seat is None:
                return self.seating.on_sit(conn, values)
            return self._on_intent(seat, values)
        if seat is None:
            return
        if mtype == wire.COMMIT:
            self._on_commit(seat, values)
        elif mtype == wire.REVEAL:
            self._on_reveal(seat, values)
        elif mtype == wire.ERROR:
            self.say(cup_error_words(seat.name, values[0], values[1]), quiet=True)  # in a player's words

    # -- the game begins -----------------------------------------------------------------------------------------
    def start(self, state, journal=None):
        self.state = state
        opened = journal or Journal.create(self.data, self.rules, [s.name for s in self.seats])
        for seat in self.seats:
            if seat.is_cup:
                opened.fact("cup", seat.name, f"id={seat.cup_id}", f"board={seat.board}",
                            f"fw={seat.fw}", f"port={seat.conn.name}")
            else:
                opened.fact("bot", seat.name, f"kind={self.bot_kinds.get(seat.name, 'normal')}")
        for fact in self.opening_facts:
            opened.fact(*fact)
        self.journal = opened  # only now can a resume go on with it (a Ctrl-C before says nothing was kept)
        self.say(f"the game begins: {self.rules}; journal {self.journal.path}")
        self._deal()

    # -- dealing: a fresh nonce, every cup commits --------------------------------------------------------------
    def _deal(self):
        state = self.state
        rolloff = state.phase == ENGINE_ROLLOFF
        dealt = state.contenders if rolloff else [i for i, a in enumerate(state.alive) if a]
        deal = Deal((self.deal.id if self.deal else 0) + 1, self.chance.bytes(8),
                    {i: 2 if rolloff else state.dice[i] for i in dealt}, rolloff=rolloff,
                    deadline=self.clock() + self.answer_timeout)
        self.deal = deal
        self.journal.fact("round", state.round, f"deal={deal.id}", f"nonce={deal.nonce.hex()}")
        for index in dealt:
            seat = self.seats[index]
            if seat.is_cup:
                deal.cups.add(index)
                seat.send(wire.DEAL, (deal.id, deal.counts[index], deal.nonce))
            else:  # the hub plays the bot's cup: its seed, its entropy, the same dice function
                deal.deal_bot(index, self.chance.bytes(16), self._fresh_entropy(deal, index))
                self._journal_entropy(seat)
        self.recovery.keep_bot_dice(deal)
        self._draw_opener()
        self.phase = DEALING
        self._after_commits()

    def _draw_opener(self):
        """Dudo's first round leaves the opener to the hub: drawn once, when the deal starts, and journaled so a
        resumed hub keeps it. Drawn again only if the one drawn has left the game."""
        state = self.state
        if state.phase != ENGINE_BIDDING or state.turn is not None:
            return
        if self.opener is not None and state.alive[self.opener]:
            return
        self.opener = self.chance.choice([i for i, a in enumerate(state.alive) if a])
        self.journal.fact("opener", state.seats[self.opener], f"deal={self.deal.id}")

    def _on_commit(self, seat, values):
        deal_id, digest = values
        if self.deal is None or deal_id != self.deal.id:
            return
        verdict = self.deal.commit(seat.index, digest)
        if verdict == "different":
            return self.recovery.lost_dice(seat)
        if verdict == "unasked":  # its first commitment stands (deal.py says why)
            self.say(f"refused: {seat.name}'s cup sent a second, different commitment for this deal without being "
                     "dealt again; its first one stands")
            return self.journal.comment(f"{seat.name} sent a second commitment for deal {deal_id}: refused")
        if verdict in ("not dealt", "ignored"):
            return
        if verdict == "new":
            self.journal.fact("commit", seat.name, bytes(digest).hex())
        if verdict == "same":
            self.go_on()  # a cup back from a drop kept its dice: the table waited for this (recovery.cup_back)
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
        return self.chance.fork(f"entropy {deal.id} {index}").bytes(16)

    def _send_entropy(self, seat):
        """The hub's entropy for a cup it holds the commitment of: drawn once per deal and seat, journaled
        before it is sent (a resumed hub sends the same bytes again, which the cup accepts)."""
        deal = self.deal
        if seat.index not in deal.entropy:
            deal.give_entropy(seat.index, self._fresh_entropy(deal, seat.index))
            self._journal_entropy(seat)
        seat.send(wire.ENTROPY, (deal.id, deal.entropy[seat.index]))

    def _journal_entropy(self, seat):
        deal = self.deal
        if seat.index not in deal.cups:  # a bot's commitment is the hub's own (a cup's is journaled on arrival)
            self.journal.fact("commit", seat.name, deal.commits[seat.index].hex())
        self.journal.fact("entropy", seat.name, deal.entropy[seat.index].hex(), f"check={deal.receipt(seat.index)}")

    def _after_commits(self):
        if self.deal.missing_commits() or self.paused:
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
        self.turn_started = self.clock()
        seat = self.seats[self.to_act()]
        self.bot_due = self.turn_started + self.bot_delay if not seat.is_cup else None
        self._broadcast_table()
        seat.send(wire.CUE, (wire.CUE_TURN, 0))  # the player's cup tells them (tone, blink) it is their turn
        self.publisher.publish(TurnStarted(self.snapshot()))

    def _bidding_tick(self, now):
        seat = self.seats[self.to_act()]
        if self.rules.clock and now - self.turn_started >= self.rules.clock:
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
            self.say(f"{seat.name}'s bot {problem}; it plays {action} instead")
        self._record_and_go_on(Move(seat.name, action))

    def _on_intent(self, seat, values):
        arrived = time.perf_counter()
        deal, kind = values[0], values[1]
        if kind == wire.READY:
            return seat.send(wire.ACCEPT, (deal, wire.READY))
        if self.phase != BIDDING or deal != self.deal.id or self.paused:
            return seat.send(wire.REFUSE, (deal, kind, wirenames.ROUND_OVER))
        if seat.index != self.to_act():
            return seat.send(wire.REFUSE, (deal, kind, wirenames.NOT_YOUR_TURN))
        try:
            action = intent_action(kind, values[2], values[3])
            if action is None:
                raise IllegalAction("that is not an action at the table")
            self.record(Move(seat.name, action))
        except DicecupError as error:
            seat.send(wire.REFUSE, (deal, kind, reason_code(error)))
            self.say(f"{seat.name}: {error}")
            return
        if self.state.phase == ENGINE_REVEAL:
            # A call: the reveal request goes out ahead of the accept, so the caller's cup (whose link sends one
            # reliable frame at a time) is not a round trip behind the others. It reveals from its turn as from
            # any other state, and the accept that follows only clears what it was waiting for.
            self._after_move(Move(seat.name, action), arrived)
            return seat.send(wire.ACCEPT, (deal, kind))
        seat.send(wire.ACCEPT, (deal, kind))
        self._after_move(Move(seat.name, action), arrived)

    def command(self, text: str):
        """A line typed at the hub: an action for the seat whose turn it is (`ana bids 4x5`), `retire NAME`, or
        `help`. Seat names are read in any case, as people type them."""
        if text.strip().casefold() == "help":
            return self.say(TYPED_COMMANDS + "".join(f"; {c.usage}" for c in self.typed_commands.values()))
        if text.strip().casefold() in ("yes", "no"):
            return self.retiring.answer(text.strip().casefold())
        words = text.split()
        typed = self.typed_commands.get(words[0].casefold()) if words else None
        if typed is not None:  # e.g. `phone zoe`: taken only while seats are taken (it has words for too late)
            if self.phase != SEATING and typed.late is not None:
                return self.say(f"the game has begun: {typed.late}")
            return typed.run(words[1:])
        try:
            event = parse_event(text.strip())
        except DicecupError as error:
            return self.say(f"can't do that: {error}")
        if self.state is None:
            return self.say("the game has not started")
        if isinstance(event, (Move, Retire)):
            seat = next((name for name in self.state.seats if name.casefold() == event.seat.casefold()), None)
            if seat is None:
                return self.say(f"no seat called {event.seat} (the seats: {', '.join(self.state.seats)})")
            event = event._replace(seat=seat)
        if isinstance(event, Retire):
            return self.retiring.retire(event.seat)
        if self.paused:
            return self.say("the game is paused until every cup is back (or `retire NAME`)")
        if not isinstance(event, Move) or self.phase != BIDDING:
            return self.say("type an action for the seat whose turn it is, like `ana bids 4x5`")
        if event.seat != self.seats[self.to_act()].name:
            return self.say(f"it is {self.seats[self.to_act()].name}'s turn")
        try:
            self.record(event)
        except DicecupError as error:
            return self.say(f"{event.seat}: {error}")
        self._after_move(event)

    def _record_and_go_on(self, event, announce=None):
        self.record(event)
        if announce:
            self.say(announce)
        self._after_move(event)

    def _after_move(self, event, arrived=None):
        if self.state.phase == ENGINE_REVEAL:  # a call: the cups are asked first, the screen is told after
            self._call_made(event.seat, arrived)
            self._request_reveals()
            self._announce(event)
            return self._after_reveals()
        self._announce(event)
        if len(self.state.history) > self.rounds_done:  # a timeout ends the round without a reveal
            return self._round_over()
        self._start_turn()

    def _announce(self, event):
        if isinstance(event, Move):
            action = event.action
            said = f"{event.seat} {'bids' if isinstance(action, Bid) else 'calls'} {action}"
            self.say(said + (f" ({action.words()})" if isinstance(action, Bid) else ""), quiet=True)

    def _call_made(self, caller, arrived):
        for seat in self.seats:
            seat.send(wire.CUE, (wire.CUE_CALL, 0))  # every cup: someone called, lift your cup
        self.publisher.publish(CallAccepted(self.deal.id, caller, arrived or time.perf_counter()))

    # -- the reveal ----------------------------------------------------------------------------------------------------
    def _ask_reveals(self):
        self._request_reveals()
        self._after_reveals()

    def _request_reveals(self):
        self.phase = REVEALING
        deal = self.deal
        deal.deadline = self.clock() + self.answer_timeout
        for index in sorted(deal.cups):
            self.seats[index].send(wire.REVEAL_REQ, (deal.id,))
        deal.reveal_bots()

    def _on_reveal(self, seat, values):
        deal_id, dice, seed = values
        deal = self.deal
        if self.phase != REVEALING or deal_id != deal.id or seat.index not in deal.cups or \
                seat.index not in deal.missing_reveals():
            return
        if not deal.check_reveal(seat.index, tuple(dice), seed):  # the seed committed to, and its dice exactly
            seat.send(wire.REFUSE, (deal_id, wire.REVEAL, wirenames.BAD_REVEAL))
            self.say(f"CHEATING: {seat.name}'s cup revealed {' '.join(map(str, dice))}, which is not what the "
                     "seed it committed to at the deal gives; those dice are not counted")
            self.journal.comment(f"{seat.name}'s reveal did not match its commitment: cheating")
            return self.recovery.retire(seat.name, "a reveal that does not match its commitment")
        self._after_reveals()

    def _after_reveals(self):
        deal = self.deal
        if self.phase != REVEALING or deal.missing_reveals():
            return
        kind = Rolloff if deal.rolloff else Roll
        with self.journal.batch():  # on disk before anyone hears the result
            for index in sorted(deal.seeds):  # seat order, so the same game writes the same journal
                self.journal.fact("seed", self.seats[index].name, deal.seeds[index].hex())
            for index in sorted(deal.reveals):
                self.record(kind(self.seats[index].name, deal.reveals[index]))
        if deal.rolloff:
            return self._after_rolloff()
        self._round_over()

    def _after_rolloff(self):
        state = self.state
        if state.phase == ENGINE_ROLLOFF:
            self.say("a tie at the top of the roll-off: " +
                     ", ".join(self.seats[i].name for i in state.contenders) + " roll again")
        else:
            self.say(f"{state.seats[state.opener]} wins the roll-off and opens")
        self._deal()

    # -- results ---------------------------------------------------------------------------------------------------
    def _round_over(self):
        revealed = self.state.history[-1]
        shooting = self.state.phase == ENGINE_SHOOTING
        if shooting:  # the reveal on the screen, then each trigger pull's suspense, then the results
            self.publisher.publish(RoundRevealed(revealed))
        while self.state.phase == ENGINE_SHOOTING:
            seat = self.seats[self.state.shooters[0]]
            bullets = self.state.bullets[seat.index]
            dead = self.chance.trigger(bullets)
            self.publisher.publish(TriggerPulled(seat.name, bullets, dead))
            if self.suspense:  # the screen spins the cylinder meanwhile (play, resume; never tests or benches)
                time.sleep(self.suspense)
            seat.send(wire.CUE, (wire.CUE_BANG if dead else wire.CUE_CLICK, bullets))
            self.record(Shot(seat.name, dead))
        outcome = self.state.history[-1]
        self.rounds_done = len(self.state.history)
        for seat in self.seats:
            if seat.is_cup and outcome.dice_before[seat.name]:  # every cup that played this round
                seat.send(wire.RESULT, self._result_values(seat, outcome))
        self._results_for = self.deal.id if self.deal else None
        self._check_results_delivered()
        if not shooting:  # the cups first: drawing the reveal on a screen takes milliseconds
            self.publisher.publish(RoundRevealed(revealed))
        if self.state.phase == ENGINE_OVER:
            return self.end_game()
        self.phase = BETWEEN
        self.next_at = self.clock() + self.result_pause

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
            self.publisher.publish(ResultsDelivered(self._results_for, time.perf_counter()))
            self._results_for = None

    def end_game(self):
        self.phase = OVER
        winner = self.state.seats[self.state.winner]
        self.journal.comment(f"{winner} wins")
        self.journal.close()
        secrets_path(self.journal.path).unlink(missing_ok=True)
        self._publish_snapshot()
        self.publisher.publish(GameWon(winner, self.journal.path))

    # -- what recovery (recovery.py) asks of the table -------------------------------------------------------------
    def record(self, event):
        """Apply an engine event; the journal gets it only if the engine accepts it."""
        state = apply(self.state, event)
        self.journal.event(event)
        self.state = state

    def pause(self):
        """A living cup is missing: the clock stops, nothing new is asked of anyone."""
        if self.paused_since is None:
            self.paused_since = self.clock()

    def go_on(self):
        """If no living cup is missing any more, start the clock again and carry on with what was waited for."""
        if self.paused_since is None or any(s.is_cup and not s.connected and self.state.alive[s.index]
                                            for s in self.seats):
            return
        if self.deal is not None and any(self.state.alive[i] for i in self.deal.lost_after_call):
            return  # a called cup that lost its dice: only the host's `retire` goes on (recovery.py)
        if self.deal is not None and self.deal.rechecking:
            return  # a cup back from a drop has yet to say whether it kept its dice (recovery.cup_back)
        paused = self.clock() - self.paused_since
        self.paused_since = None
        if self.turn_started is not None:
            self.turn_started += paused
        if self.deal is not None and self.deal.deadline is not None:
            self.deal.deadline += paused
        if self.next_at is not None:
            self.next_at += paused
        if self.phase == DEALING:
            self._after_commits()
        elif self.phase == REVEALING:
            self._after_reveals()

    def deal_again(self):
        """A fresh deal for the round (a cup lost its dice, a seat left)."""
        self._deal()

    def redeal_to(self, seat):
        """Send the deal in progress again to a cup that came back: one that kept its dice answers with the same
        commitment (the deal goes on), one that lost them with another (the round is rolled again)."""
        deal = self.deal
        if deal is None or seat.index not in deal.cups:
            return
        if self.phase == DEALING and seat.index in deal.commits:
            deal.ask_again(seat.index)
        deal.dealt_again.add(seat.index)
        if seat.index in deal.commits:
            deal.rechecking[seat.index] = self.clock() + self.answer_timeout
        if deal.deadline is not None:  # a cup dropped for silence came back at its deadline: time to answer
            deal.deadline = max(deal.deadline, self.clock() + self.answer_timeout)
        seat.send(wire.DEAL, (deal.id, deal.counts[seat.index], deal.nonce))

    def resume(self, resumed, state, bots):
        """Go on with a game from its journal (recovery.py); bots(name) makes the bot for a bot's seat."""
        self.recovery.resume(resumed, state, bots)
        self._publish_snapshot()

    def take_over(self, state, journal, seats, deal, phase, opener):
        """A game resumed from its journal (recovery.resume): paused until every cup is back."""
        self.state, self.journal, self.deal, self.phase, self.opener = state, journal, deal, phase, opener
        self.seating.place(seats)
        self.rounds_done = len(state.history)
        if phase == OVER:
            return
        self.paused_since = self.clock()
        if deal is not None:
            deal.deadline = self.clock() + self.answer_timeout
            self._draw_opener()  # a journal from before openers were journaled: draw it now
        if phase == BETWEEN:
            self.next_at = self.clock()
            if state.phase == ENGINE_SHOOTING:
                self._round_over()
        self.go_on()  # a table with no cup to wait for (bots only) goes on at once

    # -- what the cups see -----------------------------------------------------------------------------------------
    def clock_left(self):
        if not self.rules.clock or self.turn_started is None or self.phase != BIDDING:
            return None
        return max(0.0, self.rules.clock - (self.clock() - self.turn_started))

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
