"""Round: what a game kind supplies to the table (table.py), as a python-chess variant supplies its board's few
hooks. The table seats, journals, pauses and publishes for every game; a Round deals, takes turns, tells the cups,
reveals, keeps its round's own phase (phases.py) and its own recovery (a cup that drops and comes back, a seat
retired, a game resumed from its journal).

The table asks its Round:

    begin()                      a round begins: the first (the game's state made from the seats) and each next
    on_frame(seat, mtype, values) -> bool   a seated cup's frame (False: not one this kind takes)
    on_typed(line)               a line typed at the hub that the table did not take (a move, `retire NAME`)
    tick(now)                    what time asks while the game goes on (paused or not: the Round looks)
    dropped(seat, reason)        a seated cup's link went down
    back(seat, conn)             a seated cup said hello again
    retire(name, why)            the host takes a seat out (the table asked first, retiring.py)
    resume(resumed, state, bots) take a game up again from its journal: the one call
and, to show and to go on:
    seating(**options)           the Seating for this kind (who sits where)
    typed_help()                 what `help` says about typing moves
    snapshot_fields()            this kind's part of the TableSnapshot (state, deal, to_act, clock_left, held)
    published()                  after each snapshot the table published (after every input and tick)
    holding()                    whether a pause must go on (a living cup missing, or the host asked)
    carry_on(paused)             the table goes on after a pause of `paused` seconds

The Round tells the table (besides say, publish, pause, go_on and the journal): `round_begins()` as it deals or
hands the cup round, `round_over(game_over)` once a round's outcome is out, `take_over(...)` as it resumes, and
`end_game()` / `stop(why)` when the game ends without a round's result. Every engine event goes through
`record(event)` (here, once for every kind), which answers what happened: a move, a call, a round over.
"""
import json
from typing import NamedTuple

from dicecup.rules import REVEAL  # poker's engine names its reveal the same (rules/poker/state.py)

from .journal import keep_private, secrets_path


class Recorded(NamedTuple):
    """What an engine event recorded did: `called`, a call was made (the cups are lifted next); `outcome`, the round
    it ended (the engine's outcome of it), else None; neither: a move, and the game goes on."""
    called: bool = False
    outcome: object = None


class Round:
    new_game = apply = None  # the kind's engine: new_game(rules, seats) and apply(state, event) -> state
    phase = None             # the round's phase while the table is playing (RoundPhase)

    def __init__(self, table):
        self.table = table
        self.state = None  # the engine's state; made at the first begin(), or taken from a journal (resume)

    @property
    def seats(self):
        return self.table.seats

    def begin(self):
        """The game's first round (its state made from the seats), or the next one."""
        if self.state is None:
            self.state = self.new_game(self.table.rules, [seat.name for seat in self.seats])
        self.next_round()

    def next_round(self):
        raise NotImplementedError

    def record(self, event) -> Recorded:
        """Apply an engine event; the journal gets it only if the engine accepts it (DicecupError else)."""
        before = self.state
        state = self.apply(before, event)
        self.table.journal.event(event)
        self.state = state
        ended = len(state.history) > len(before.history)
        called = not ended and state.phase == REVEAL and before.phase != REVEAL
        return Recorded(called=called, outcome=state.history[-1] if ended else None)

    def published(self):
        """Nothing more to do after a snapshot, unless the kind says so."""

    def in_game(self, index) -> bool:
        return self.state is not None and self.state.alive[index]

    def holding(self) -> bool:
        """A living seat's cup is missing: the pause goes on (a kind adds what else it waits for)."""
        return any(seat.is_cup and not seat.connected and self.in_game(seat.index) for seat in self.seats)

    def keep_secrets(self, kept: dict):
        """The hub's own secrets (its bots' dice) as JSON in a private file beside the journal (secrets_path), so a
        resumed hub can go on with the round: the journal itself never holds a hidden die."""
        table = self.table
        path = secrets_path(table.journal.path)
        try:
            keep_private(path, json.dumps(kept).encode())
        except OSError as error:  # a full disk: say so; the game goes on, the journal is untouched
            table.say(f"can't keep the bots' dice beside the journal ({error.strerror or error}): the game goes "
                      f"on, but if this hub stops this round can't be resumed; free space in {path.parent}")
