"""The table: rounds, the clock, reveals, the revolver, results, and the journal.

Everything here runs on one thread, driven by `handle(item)` for what arrives (bytes from a cup, a dropped
link, a line typed at the hub) and `tick()` for what time does (the turn clock, bots, retransmits). The
engine decides every question of the rules; this module only asks it, in order, and tells everyone.
"""
import time

from cupcore import commit, wire, wirenames

from dicecup.bots.view import make_view
from dicecup.rules import (OVER as ENGINE_OVER, REVEAL as ENGINE_REVEAL,
                           ROLLOFF as ENGINE_ROLLOFF, SHOOTING as ENGINE_SHOOTING, DicecupError, IllegalAction,
                           Move, Retire, Roll, Rolloff, Shot, Timeout, apply, parse_event)

from .journal import Journal, secrets_path
from .phases import BETWEEN, BIDDING, DEALING, OVER, REVEALING, SEATING
from .recovery import Recovery
from .seating import Seating
from .seats import intent_action, reason_code



class Hub(Seating, Recovery):
    result_pause = 1.0   # seconds between a round's result and the next deal, to read the reveal
    bot_delay = 0.2      # a hub-seated bot's thinking time, so people can follow
    answer_timeout = 15  # seconds a connected cup may take to commit or reveal before it counts as dropped

    def __init__(self, rules, *, data, chance, screen, expect_cups=0, bots=(), bot_kinds=None,
                 clock=time.monotonic):
        self.rules, self.data, self.chance, self.screen = rules, data, chance, screen
        self.expect_cups = expect_cups
        self.bot_factories = list(bots)   # (name, bot) pairs, seated after the cups
        self.bot_kinds = dict(bot_kinds or {})  # name -> the bot's name (`hard`, `module:Name`), for the journal
        self.clock = clock
        self.conns = []
        self.seats = []
        self.state = None
        self.phase = SEATING
        self.journal = None
        self.deal = 0
        self.nonce = b""
        self.waiting = set()     # seat indices whose commit or reveal is awaited
        self.reveals = {}        # seat index -> dice, buffered so the journal writes them in seat order
        self.turn_started = None
        self.paused_since = None
        self.next_at = None
        self.bot_due = None
        self.deadline = None
        self.opener_drawn = None  # dudo's first opener, drawn by the hub
        self.rounds_done = 0      # rounds whose results the cups have had
        self.internal_errors = 0  # inputs the hub failed on (logged; see run._guarded): always 0, we hope

    # -- inputs ---------------------------------------------------------------------------------------------
    def handle(self, item):
        kind = item[0]
        if kind == "bytes":
            conn = item[1]
            for mtype, values in conn.feed(item[2]):
                self._on_message(conn, mtype, values)
        elif kind == "down":
            self._on_down(item[1], item[2])
        elif kind == "command":
            self.command(item[1])

    def tick(self):
        now = self.clock()
        for conn in self.conns:
            conn.tick()
            if conn.hello is None and not conn.down and now - conn.asked_who >= self.who_every:
                self._ask_who(conn)
        if self.phase == SEATING:
            self._maybe_start()
        elif self.paused_since is not None:
            return
        elif self.phase == BETWEEN and now >= self.next_at:
            self._deal_round()
        elif self.phase == BIDDING:
            self._bidding_tick(now)
        elif self.phase in (DEALING, REVEALING) and self.deadline and now > self.deadline:
            for index in list(self.waiting):
                seat = self.seats[index]
                if seat.connected:
                    # Treated as a dropped cable: through the inbox, so the port is also watched for its return.
                    seat.conn.close()
                    seat.conn.inbox.put(("down", seat.conn, f"no answer in {self.answer_timeout} s"))

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def _on_message(self, conn, mtype, values):
        if mtype == wire.HELLO:
            return self._on_hello(conn, values)
        seat = self._seat_of(conn)
        if mtype == wire.INTENT:
            if seat is None:
                return self._on_sit(conn, values)
            return self._on_intent(seat, values)
        if seat is None:
            return
        if mtype == wire.COMMIT:
            self._on_commit(seat, values)
        elif mtype == wire.REVEAL:
            self._on_reveal(seat, values)
        elif mtype == wire.ERROR:
            self.screen.say(f"{seat.name}'s cup reports: {wirenames.ERRORS.get(values[0], values[0])} "
                            f"({wirenames.name_of(values[1])})", quiet=True)

    # -- the game begins -----------------------------------------------------------------------------------------
    def start(self, state, journal=None):
        self.state = state
        self.journal = journal or Journal.create(self.data, self.rules, [s.name for s in self.seats])
        if journal is None:
            for seat in self.seats:
                if seat.is_cup:
                    self.journal.fact("cup", seat.name, f"id={seat.cup_id}", f"board={seat.board}",
                                      f"fw={seat.fw}", f"port={seat.conn.name}")
                else:
                    self.journal.fact("bot", seat.name, f"kind={self.bot_kinds.get(seat.name, 'normal')}")
        self.screen.say(f"the game begins: {self.rules}; journal {self.journal.path}")
        self._deal_round()

    # -- dealing: a fresh nonce, every cup commits --------------------------------------------------------------
    def _deal_round(self):
        state = self.state
        self.deal += 1
        self.nonce = self.chance.bytes(8)
        rolloff = state.phase == ENGINE_ROLLOFF
        dealt = state.contenders if rolloff else [i for i, a in enumerate(state.alive) if a]
        self.reveals = {}
        self.waiting = set()
        self.journal.fact("round", state.round, f"deal={self.deal}", f"nonce={self.nonce.hex()}")
        for index in dealt:
            seat = self.seats[index]
            seat.commit, seat.revealed = None, None
            count = 2 if rolloff else state.dice[index]
            if seat.is_cup:
                self.waiting.add(index)
                seat.send(wire.DEAL, (self.deal, count, self.nonce))
            else:
                seat.bot_dice = self.chance.dice(count)
        self._keep_bot_dice()
        self.phase = DEALING
        self.deadline = self.clock() + self.answer_timeout
        self._after_commits()

    def _on_commit(self, seat, values):
        deal, digest = values
        if deal != self.deal:
            return
        if seat.commit is not None and seat.commit != digest:
            return self._lost_dice(seat)
        if seat.commit is None:
            seat.commit = digest
            self.journal.fact("commit", seat.name, digest.hex())
        if self.phase == DEALING:
            self.waiting.discard(seat.index)
            self._after_commits()
        elif self.phase == BIDDING:
            self._send_table(seat)     # a cup back from a drop, dice intact: show it the table again
        elif self.phase == REVEALING and seat.index in self.waiting:
            seat.send(wire.REVEAL_REQ, (self.deal,))

    def _after_commits(self):
        if self.waiting or self.paused_since is not None:
            return
        if self.state.phase == ENGINE_ROLLOFF:
            return self._ask_reveals()
        self.phase = BIDDING
        self._start_turn()

    # -- bidding ----------------------------------------------------------------------------------------------------
    def to_act(self):
        """The seat to act; for dudo's first round, the opener the hub drew."""
        state = self.state
        if state.turn is not None:
            return state.turn
        if self.opener_drawn is None or not state.alive[self.opener_drawn]:
            self.opener_drawn = self.chance.choice([i for i, a in enumerate(state.alive) if a])
        return self.opener_drawn

    def _start_turn(self):
        self.turn_started = self.clock()
        seat = self.seats[self.to_act()]
        self.bot_due = self.turn_started + self.bot_delay if not seat.is_cup else None
        self._broadcast_table()
        self.screen.table(self)

    def _bidding_tick(self, now):
        seat = self.seats[self.to_act()]
        if self.rules.clock and now - self.turn_started >= self.rules.clock:
            return self._apply_and_continue(Timeout(seat.name), f"{seat.name} ran out of time")
        if self.bot_due is not None and now >= self.bot_due:
            self.bot_due = None
            self._bot_move(seat)

    def _bot_move(self, seat):
        from dicecup.bots.guard import budget_for, decide  # raising, illegal or overrunning bots: safest action
        view = make_view(self.state, seat.name, seat.bot_dice, self.clock_left())
        action, problem = decide(seat.bot, view, budget_for(view.clock))
        if problem is not None:  # a bot must never stall or crash the table
            self.screen.say(f"{seat.name}'s bot {problem}; it plays {action} instead")
        self._apply_and_continue(Move(seat.name, action))

    def _on_intent(self, seat, values):
        deal, kind = values[0], values[1]
        if kind == wire.READY:
            return seat.send(wire.ACCEPT, (deal, wire.READY))
        if self.phase != BIDDING or deal != self.deal or self.paused_since is not None:
            return seat.send(wire.REFUSE, (deal, kind, wirenames.ROUND_OVER))
        if seat.index != self.to_act():
            return seat.send(wire.REFUSE, (deal, kind, wirenames.NOT_YOUR_TURN))
        try:
            action = intent_action(kind, values[2], values[3])
            if action is None:
                raise IllegalAction("that is not an action at the table")
            self.state = self._checked(Move(seat.name, action))
        except DicecupError as error:
            seat.send(wire.REFUSE, (deal, kind, reason_code(error)))
            self.screen.say(f"{seat.name}: {error}")
            return
        seat.send(wire.ACCEPT, (deal, kind))
        self._after_move(Move(seat.name, action))

    def command(self, text: str):
        """A line typed at the hub: an action for the seat whose turn it is (`ana bids 4x5`), or `retire NAME`."""
        try:
            event = parse_event(text.strip())
        except DicecupError as error:
            return self.screen.say(f"can't do that: {error}")
        if self.state is None:
            return self.screen.say("the game has not started")
        if isinstance(event, Retire):
            return self._retire(event.seat, "retired by the host")
        if self.paused_since is not None:
            return self.screen.say("the game is paused until every cup is back (or `retire NAME`)")
        if not isinstance(event, Move) or self.phase != BIDDING:
            return self.screen.say("type an action for the seat whose turn it is, like `ana bids 4x5`")
        if event.seat != self.seats[self.to_act()].name:
            return self.screen.say(f"it is {self.seats[self.to_act()].name}'s turn")
        try:
            self.state = self._checked(event)
        except DicecupError as error:
            return self.screen.say(f"{event.seat}: {error}")
        self._after_move(event)

    def _checked(self, event):
        """Apply an engine event; the journal gets it only if the engine accepts it."""
        state = apply(self.state, event)
        self.journal.event(event)
        return state

    def _apply_and_continue(self, event, announce=None):
        self.state = self._checked(event)
        if announce:
            self.screen.say(announce)
        self._after_move(event)

    def _after_move(self, event):
        if isinstance(event, Move):
            self.screen.say(f"{event.seat} {'bids' if hasattr(event.action, 'quantity') else 'calls'} "
                            f"{event.action}" + (f" ({event.action.words()})" if hasattr(event.action, "words")
                                                 else ""), quiet=True)
        if self.state.phase == ENGINE_REVEAL:
            return self._ask_reveals()
        if len(self.state.history) > self.rounds_done:  # a timeout ends the round without a reveal
            return self._round_over()
        self._start_turn()

    # -- the reveal ----------------------------------------------------------------------------------------------------
    def _ask_reveals(self):
        self.phase = REVEALING
        self.deadline = self.clock() + self.answer_timeout
        state = self.state
        rolloff = state.phase == ENGINE_ROLLOFF
        dealt = state.contenders if rolloff else [i for i, a in enumerate(state.alive) if a]
        self.waiting = set()
        for index in dealt:
            seat = self.seats[index]
            if seat.is_cup:
                self.waiting.add(index)
                seat.send(wire.REVEAL_REQ, (self.deal,))
            else:
                self.reveals[index] = seat.bot_dice
        self._after_reveals()

    def _on_reveal(self, seat, values):
        deal, dice, salt = values
        if deal != self.deal or self.phase != REVEALING or seat.index not in self.waiting:
            return
        dice = tuple(dice)
        if not commit.verify(seat.commit or b"", self.nonce, seat.index, dice, salt):
            seat.send(wire.REFUSE, (deal, wire.REVEAL, wirenames.BAD_REVEAL))
            self.screen.say(f"CHEATING: {seat.name}'s cup revealed {' '.join(map(str, dice))}, which does not "
                            "match the commitment it sent at the roll; those dice are not counted")
            self.journal.comment(f"{seat.name}'s reveal did not match its commitment: cheating")
            return self._retire(seat.name, "a reveal that does not match its commitment")
        self.waiting.discard(seat.index)
        self.reveals[seat.index] = dice
        self.journal.fact("salt", seat.name, bytes(salt).hex())
        self._after_reveals()

    def _after_reveals(self):
        if self.waiting:
            return
        rolloff = self.state.phase == ENGINE_ROLLOFF
        kind = Rolloff if rolloff else Roll
        for index in sorted(self.reveals):  # seat order, so the same game writes the same journal
            self.state = self._checked(kind(self.seats[index].name, self.reveals[index]))
        self.reveals = {}
        if rolloff:
            return self._after_rolloff()
        self._round_over()

    def _after_rolloff(self):
        state = self.state
        if state.phase == ENGINE_ROLLOFF:
            self.screen.say("a tie at the top of the roll-off: " +
                            ", ".join(self.seats[i].name for i in state.contenders) + " roll again")
        else:
            self.screen.say(f"{state.seats[state.opener]} wins the roll-off and opens")
        self._deal_round()

    # -- results ----------------------------------------------------------------------------------------------------------
    def _round_over(self):
        outcome = self.state.history[-1]
        self.screen.reveal(outcome)
        while self.state.phase == ENGINE_SHOOTING:
            seat = self.seats[self.state.shooters[0]]
            bullets = self.state.bullets[seat.index]
            dead = self.chance.trigger(bullets)
            self.screen.shot(seat.name, bullets, dead)
            seat.send(wire.CUE, (wire.CUE_BANG if dead else wire.CUE_CLICK, bullets))
            self.state = self._checked(Shot(seat.name, dead))
        outcome = self.state.history[-1]
        self.rounds_done = len(self.state.history)
        for seat in self.seats:
            if seat.is_cup and outcome.dice_before[seat.name]:  # every cup that played this round
                seat.send(wire.RESULT, self._result_values(seat, outcome))
        if self.state.phase == ENGINE_OVER:
            return self._game_over()
        self.phase = BETWEEN
        self.next_at = self.clock() + self.result_pause

    def _result_values(self, seat, outcome):
        state = self.state
        status = wire.WON if state.winner == seat.index else (wire.PLAYING if state.alive[seat.index] else wire.OUT)
        change = max(-128, min(127, outcome.dice_change.get(seat.name, 0)))
        dice = state.dice[seat.index] if state.alive[seat.index] else 0
        return (self.deal, change, dice, state.bullets[seat.index], status)

    def _game_over(self):
        self.phase = OVER
        winner = self.state.seats[self.state.winner]
        self.journal.comment(f"{winner} wins")
        self.journal.close()
        secrets_path(self.journal.path).unlink(missing_ok=True)
        self.screen.winner(winner, self.journal.path)

    # -- what the cups and the screen see ----------------------------------------------------------------------------
    def clock_left(self):
        if not self.rules.clock or self.turn_started is None:
            return None
        return max(0.0, self.rules.clock - (self.clock() - self.turn_started))

    def _table_values(self):
        state = self.state
        standing = state.bids[-1] if state.bids else None
        flags = (wire.FLAG_WILD if state.wild else 0) | (wire.FLAG_PALIFICO if state.palifico is not None else 0)
        left = self.clock_left()
        return (self.deal, self.to_act(), standing[0] if standing else wire.NOBODY,
                standing[1].quantity if standing else 0, standing[1].face if standing else 0,
                int(left) if left is not None else 0, min(255, state.dice_in_play), flags)

    def _broadcast_table(self):
        values = self._table_values()
        for seat in self.seats:
            if seat.is_cup and self.state.alive[seat.index]:
                seat.send(wire.TABLE, values)

    def _send_table(self, seat):
        seat.send(wire.TABLE, self._table_values())

    def seat_notes(self) -> dict:
        return {seat.name: seat.note() for seat in self.seats}
