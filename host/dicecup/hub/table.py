"""The table: what every game shares, whatever its kind. It seats the players, keeps the links, the journal, the
clock and pauses, and tells its observers; the game kind's Round (round.py, found by the rules' game kind in
games.py) plays the rounds, recovers its own (a cup that drops, a resumed game), and reports how each one ended.

Everything here runs on one thread, driven by `handle(item)` for what arrives (bytes from a cup, a dropped link,
a line typed at the hub) and `tick()` for what time does. Observers never read these fields: after every change
the table publishes an immutable TableSnapshot, and an event for each thing that happens (snapshot.py).
"""
import time
from typing import Callable, NamedTuple

from cupcore import wire
from dicecup.rules.names import name_key, normal

from .chance import SEEDED_FACT
from .cupwords import cup_error_words
from .games import round_for
from .hubkey import HubKey
from .journal import Journal, kept_beside
from .phases import TablePhase
from .retiring import RetireQuestion
from .snapshot import GameWon, Latest, Publisher, Said, TableSnapshot
from .typedmoves import refusal

ONE_SEAT_COMMANDS = ("retire", "reroll")  # typed with one seat's name: `retire ana`

SEATING, PLAYING, BETWEEN, OVER = TablePhase.SEATING, TablePhase.PLAYING, TablePhase.BETWEEN, TablePhase.OVER


class TypedCommand(NamedTuple):
    """More to type at the hub, like `phone zoe` while seats are taken or `release ana` at any time (web/launch.py)."""
    usage: str           # for `help`: "phone NAME (adds a phone seat)"
    run: Callable        # run(the words typed after the command's word)
    late: str = None     # said when it is typed once the game has begun; None: it is taken at any time


class Table:
    result_pause = 1.0   # seconds between a round's result and the next one, to read the reveal
    bot_delay = 0.2      # a hub-seated bot's thinking time, so people can follow
    answer_timeout = 15  # seconds a connected cup may take to answer before it counts as dropped
    # seconds the last cup to reveal has once every other seat has: a reveal is automatic (no button), and the
    # link's retransmits (250 ms, 8 tries) deliver it within 2 s or give up, so 3 s is enough for an honest cup;
    # a cup that reveals late on purpose holds the table 3 s, not the 15 s of answer_timeout, then drops
    late_reveal_wait = 3.0
    suspense = 0.0       # seconds between a trigger pull shown on the screen and its result on the cup
    stall = 5.0          # seconds between two ticks that only a stopped hub takes (its loop ticks every 10 ms; a bot
                         # blocks it 2 s at most, bots/guard.py)

    def __init__(self, rules, *, data, chance, expect_cups=0, bots=(), bot_kinds=None, players=(),
                 clock=time.monotonic):
        """players: at a table of one cup passed round (poker dice), the people who share it."""
        self.rules, self.data, self.chance, self.clock = rules, data, chance, clock
        self.bot_kinds = dict(bot_kinds or {})  # name -> the bot's name (`hard`, `module:Name`), for the journal
        self.players = tuple(players)
        self.opening_facts = []  # more `#@` facts for the journal's opening, e.g. a rated table's (history/rated.py)
        self.closing_facts = []  # and for its end, before the hub signs it: a rated table's `#@ rated`
        self.typed_commands = {}  # first word -> TypedCommand
        self.publisher = Publisher()
        self.phase = SEATING
        self.journal = None
        self.next_at = None         # when the next round begins (BETWEEN)
        self.paused_since = None    # a living cup is missing
        self.internal_errors = 0    # inputs the hub failed on (logged; see run._guarded): always 0, we hope
        self.stopped = None         # why the game stopped with nobody winning (a cup caught cheating), if it did
        self.last_tick = None       # when tick() last ran, to see the time the hub itself was stopped
        self.round = round_for(rules)(self)
        self.seating = self.round.seating(expect_cups=expect_cups, bots=bots)
        self.retiring = RetireQuestion(self)  # `retire NAME` typed for a seat still playing is asked first

    @property
    def game(self) -> str:
        return self.rules.game

    @property
    def state(self):
        """The engine's state of the game (the Round's), None before it begins."""
        return self.round.state

    @property
    def seats(self) -> list:
        return self.seating.seats

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def phase_shown(self):
        """What observers see: the table's phase, or while a round is under way, the Round's (phases.py)."""
        return self.round.phase if self.phase == PLAYING else self.phase

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

    def publish(self, event):
        self.publisher.publish(event)

    def say(self, text, quiet=False, private=False, refused=None):
        """refused: the seat whose move `text` refuses (Said.refused)."""
        self.publish(Said(text, quiet, private, refused))

    def snapshot(self) -> TableSnapshot:
        return TableSnapshot(
            phase=self.phase_shown, game=self.game, seats=tuple(seat.view() for seat in self.seats),
            paused=self.paused, waiting_cups=self.seating.waiting_cups(),
            journal=self.journal.path if self.journal else None,
            internal_errors=self.internal_errors, **self.round.snapshot_fields())

    def publish_snapshot(self):
        self.publish(self.snapshot())
        self.round.published()

    # -- inputs -------------------------------------------------------------------------------------------------
    def add_connection(self, conn):
        self.seating.add_connection(conn)
        self.publish_snapshot()

    def handle(self, item):
        kind = item[0]
        if kind == "bytes":
            conn = item[1]
            for mtype, values in conn.feed(item[2]):
                self._on_message(conn, mtype, values)
        elif kind == "down":
            item[1].down = True
            seat = self.seating.seat_of(item[1])
            if seat is not None:
                self.round.dropped(seat, item[2])
        elif kind == "command":
            self.command(item[1])
        elif kind == "say":  # a line from another of the hub's threads (the web server: web/launch.py)
            self.say(item[1], private=item[2:] == (True,))  # private: the hub's terminal only (sim/peeking.py)
        self.publish_snapshot()

    def failed(self, origin, log):
        """An input the hub could not handle (run._guarded logged it): count it and say so; the game goes on."""
        self.internal_errors += 1
        self.say(f"the hub could not handle something from {origin}; it carries on (details in {log})")
        self.publish_snapshot()

    def tick(self):
        now = self.clock()
        self._credit_stall(now)
        self.seating.tick(now)
        if self.phase == SEATING:
            if self.seating.everyone_seated(self.rules):
                self.seating.seat_bots()
                self.start()
        elif self.paused:  # while a cup is away nothing is asked of anyone (the Round looks at what it waits on)
            self.round.tick(now)
        elif self.phase == BETWEEN and now >= self.next_at:
            self.round.begin()
        elif self.phase == PLAYING:
            self.round.tick(now)
        self.publish_snapshot()

    def _on_message(self, conn, mtype, values):
        if mtype == wire.HELLO:
            return self.seating.on_hello(conn, values)
        seat = self.seating.seat_of(conn)
        if seat is None:
            if mtype == wire.INTENT:
                self.seating.on_sit(conn, values)
            return
        if not self.round.on_frame(seat, mtype, values) and mtype == wire.ERROR:
            self.say(cup_error_words(seat.name, values[0], values[1]), quiet=True)  # in a player's words

    def command(self, text: str):
        """A line typed at the hub: `help`, `yes`/`no` to a question asked, a command added by its owner (`phone
        NAME`), or else the Round's (a move, `retire NAME`). Seat names are read in any case, as people type them."""
        line = normal(text.strip())  # a name's accent typed as a letter plus a combining mark, as some keyboards send it
        if line.casefold() == "help":
            return self.say(self.round.typed_help() + "".join(f"; {c.usage}" for c in self.typed_commands.values()))
        if line.casefold() in ("yes", "no"):
            return self.retiring.answer(line.casefold())
        words = line.split()
        typed = self.typed_commands.get(words[0].casefold()) if words else None
        if typed is not None:  # e.g. `phone zoe`: taken only while seats are taken (it has words for too late)
            if self.phase != SEATING and typed.late is not None:
                return self.say(f"the game has begun: {typed.late}")
            return typed.run(words[1:])
        if self.state is None:
            return self.say("the game has not started")
        if words[0].casefold() in ONE_SEAT_COMMANDS and len(words) != 2:  # `retire` alone was "no seat called retire"
            return self.say(refusal(f"type `{words[0].casefold()} NAME`, one seat's name (the seats: "
                                    f"{', '.join(self.state.seats)})"))
        self.round.on_typed(line)

    def seat_named(self, typed: str):
        """The seat's name as the game has it, for a name typed in any case; None if no seat has it."""
        return next((name for name in self.state.seats if name_key(name) == name_key(typed)), None)

    # -- the game begins and ends ---------------------------------------------------------------------------------
    def start(self):
        """Every seat is taken: the journal opens and the Round begins the first round."""
        opened = Journal.create(self.data, self.rules, [s.name for s in self.seats])
        for seat in self.seats:
            if seat.is_cup:
                opened.fact("cup", seat.name, f"id={seat.cup_id}", f"board={seat.board}",
                            f"fw={seat.fw}", f"port={seat.conn.name}")
            else:
                opened.fact("bot", seat.name, f"kind={self.bot_kinds.get(seat.name, 'normal')}")
        for fact in self.opening_facts:
            opened.fact(*fact)
        self._say_if_seeded(opened)
        self.journal = opened  # only now can a resume go on with it (a Ctrl-C before says nothing was kept)
        self.say(f"the game begins: {self.rules}; journal {self.journal.path}")
        self.round.begin()

    def _say_if_seeded(self, journal):
        """`#@ seeded` whenever this hub's draws come from a seed: written by the hub, never left to a caller."""
        if self.chance.seeded:
            journal.fact(SEEDED_FACT)

    def round_begins(self):
        """The Round deals or hands the cup round: a round is under way (the next, or one begun again at once, as
        when a seat retired between rounds)."""
        self.phase = PLAYING

    def round_over(self, game_over: bool):
        """The Round reports a round ended (its outcome published): the game is won, or the next round comes once
        the result has been read."""
        if game_over:
            return self.end_game()
        self.phase = BETWEEN
        self.next_at = self.clock() + self.result_pause

    def end_game(self):
        self.phase = OVER
        winner = self.state.seats[self.state.winner]
        for fact in self.closing_facts:
            self.journal.fact(*fact)
        self.journal.comment(f"{winner} wins")
        self._sign_and_close()
        for kept in kept_beside(self.journal.path):  # secrets for a resumed hub: none is needed now
            kept.unlink(missing_ok=True)
        self.publish_snapshot()
        self.publish(GameWon(winner, self.journal.path))

    def stop(self, why: str):
        """The game can't go on (the table's one cup lied about a die): it stops here, the journal keeps every line
        before, and nobody wins."""
        self.stopped = why
        self.journal.comment(f"{why}; the game stopped")
        self._sign_and_close()
        self.phase = OVER
        self.publish_snapshot()

    def _sign_and_close(self):
        """The game is over: the hub signs its journal (hubkey.py), so a league can trust where it came from."""
        if self.data is not None:
            self.journal.sign(HubKey.in_folder(self.data))
        self.journal.close()

    # -- pauses: a living cup is missing ----------------------------------------------------------------------------
    def pause(self):
        """A living cup is missing: the clock stops, nothing new is asked of anyone."""
        if self.paused_since is None:
            self.paused_since = self.clock()

    def go_on(self):
        """If no living cup is missing any more and the Round waits for nothing else, start the clock again and
        carry on with what was waited for."""
        if self.paused_since is None or self.round.holding():
            return
        paused = self.clock() - self.paused_since
        self.paused_since = None
        if self.next_at is not None:
            self.next_at += paused
        self.round.carry_on(paused)

    def _credit_stall(self, now):
        """Time the hub did not run (Ctrl-Z until `fg`, kill -STOP, a debugger) is on nobody's turn clock: nobody
        was refereeing, so the table goes on as after a pause. Only on the real clock: a test's clock jumps."""
        last, self.last_tick = self.last_tick, now
        if last is None or self.clock is not time.monotonic or now - last < self.stall:
            return
        if self.paused_since is None and self.phase == PLAYING:
            self.round.carry_on(now - last)

    # -- a game taken up again --------------------------------------------------------------------------------------
    def resume(self, resumed, state, bots):
        """Go on with a game from its journal; bots(name) makes the bot for a bot's seat. The Round takes it up
        (faces/recovery.py, poker/resume.py) and hands the table its part through take_over."""
        self.round.resume(resumed, state, bots)
        self.publish_snapshot()

    def take_over(self, journal, seats, phase, seating=None):
        """A game resumed from its journal: its journal, its seats (in `seating` when the Round seats a resumed game
        its own way), and the table paused until every cup is back. phase: PLAYING (a round cut off mid-way goes
        on), BETWEEN or OVER."""
        self.journal, self.phase = journal, phase
        self._say_if_seeded(journal)  # from here on, if this hub's draws come from a seed
        if seating is not None:
            seating.allow_unpaired = self.seating.allow_unpaired
            seating.unpaired_advice = self.seating.unpaired_advice
            self.seating = seating
        self.seating.place(seats)
        if phase == OVER:
            return
        self.paused_since = self.clock()
        if phase == BETWEEN:
            self.next_at = self.clock()
