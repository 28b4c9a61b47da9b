"""The game state: an immutable value, its phases, and the first state of a game.

`new_game(rules, seats)` makes the first state; the events that move it are applied in `play.py`, and a round is
ruled in `resolve.py`. This module imports neither: they both read the state.
"""
from typing import NamedTuple, Optional

from .errors import IllegalAction, RulesError, short
from .notation import Bid
from .presets import FACES, FIRST_ANY, FIRST_ROLLOFF, Rules

ROLLOFF, BIDDING, REVEAL, SHOOTING, OVER = "rolloff", "bidding", "reveal", "shooting", "over"


class State(NamedTuple):
    rules: Rules
    seats: tuple            # names, clockwise
    dice: tuple             # dice each seat holds; 0 once out
    alive: tuple            # still in the game
    bullets: tuple          # revolver: bullets each seat carries
    palifico_used: tuple    # each seat's palifico round spent
    round: int              # 1-based
    phase: str
    opener: Optional[int]   # seat index that opens this round; None while not yet known
    turn: Optional[int]     # seat index to act; None when any living seat may open (dudo's first round)
    bids: tuple             # this round's bids: ((seat index, Bid), ...)
    wild: bool              # ones are wild this round (so far: opening on ones in dudo switches it off)
    palifico: Optional[int]  # the palifico player of this round, or None
    rolls: tuple            # this round's revealed dice per seat, None where not yet known
    call: Optional[tuple]   # (Call, caller index) once the standing bid is called
    contenders: tuple       # roll-off: seats rolling in this pass
    rolloff: tuple          # roll-off: this pass's totals per seat (None where not rolled)
    shooters: tuple         # revolver: seat indices still to pull the trigger, in order
    history: tuple          # Outcome of every resolved round, oldest first
    winner: Optional[int]

    # -- reading the state ---------------------------------------------------------------------------------
    @property
    def standing(self) -> Optional[Bid]:
        return self.bids[-1][1] if self.bids else None

    @property
    def dice_in_play(self) -> int:
        return sum(n for n, living in zip(self.dice, self.alive) if living)

    def seat_index(self, name: str) -> int:
        try:
            return self.seats.index(name)
        except ValueError:
            raise IllegalAction(f"{short(name)} has no seat at this table (seats: {short(' '.join(self.seats), 80)})"
                                ) from None

    def next_living(self, index: int, alive=None) -> int:
        """The next living seat clockwise after `index`."""
        alive = self.alive if alive is None else alive
        n = len(self.seats)
        for step in range(1, n + 1):
            candidate = (index + step) % n
            if alive[candidate]:
                return candidate
        raise AssertionError("no living seat")

    def living_from(self, index: int, alive=None) -> int:
        """`index` if that seat is alive, else the next living seat clockwise."""
        alive = self.alive if alive is None else alive
        return index if alive[index] else self.next_living(index, alive)

    @property
    def to_act(self) -> Optional[str]:
        """The name of the seat to act, or None (nobody yet: any living seat may open)."""
        if self.phase == SHOOTING:
            return self.seats[self.shooters[0]]
        return self.seats[self.turn] if self.turn is not None and self.phase == BIDDING else None


def new_game(rules: Rules, seats) -> State:
    if rules.game != FACES:  # poker dice is another game, with its own engine: rules/poker/ (new_poker_game)
        raise RulesError("poker dice passes one cup round the table: this table deals face bids (dudo, revolver, "
                         "classic, buildup, fourdice)")
    seats = tuple(seats)
    low, high = rules.players
    if not low <= len(seats) <= high:
        raise RulesError(f"{rules.preset.name} seats {low} to {high} players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise RulesError("two seats have the same name")
    n = len(seats)
    first = rules.preset.first_opener
    opener = None if first in (FIRST_ANY, FIRST_ROLLOFF) else 0
    state = State(
        rules=rules, seats=seats, dice=(rules.dice,) * n, alive=(True,) * n, bullets=(0,) * n,
        palifico_used=(False,) * n, round=1, phase=ROLLOFF if first == FIRST_ROLLOFF else BIDDING,
        opener=opener, turn=opener, bids=(), wild=rules.wild, palifico=None, rolls=(None,) * n, call=None,
        contenders=tuple(range(n)) if first == FIRST_ROLLOFF else (), rolloff=(None,) * n, shooters=(),
        history=(), winner=None)
    return state
