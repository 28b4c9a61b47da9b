"""Random legal games, for property tests, benchmarks and example records.

This is the one place in `rules/` that draws random numbers, from a `random.Random` the caller passes in (so
a seed replays the same game). The engine itself stays pure: everything drawn here reaches it as an event.
"""
import random

from .events import Move, Reroll, Roll, Rolloff, Shot, Timeout
from .notation import Bid, Call
from .play import apply, legal_actions
from .record import Record
from .state import OVER, REVEAL, ROLLOFF, SHOOTING, new_game


def random_events(rules, seats, rng: random.Random, call_bias: float = 0.3, timeout_rate: float = 0.02,
                  reroll_rate: float = 0.01):
    """Yield (event, state after it) through one whole random legal game.

    Each round's dice come either before its bids or right after its call (as a journal writes them), at
    random, so both orders are exercised.
    """
    state = new_game(rules, seats)
    round_no, dice_first = 0, False
    while state.phase != OVER:
        if state.round != round_no:
            round_no, dice_first = state.round, rng.random() < 0.5
        event = _next_event(state, rng, call_bias, timeout_rate, dice_first, reroll_rate)
        state = apply(state, event)
        yield event, state


def _next_event(state, rng, call_bias, timeout_rate, dice_first, reroll_rate):
    if state.phase == ROLLOFF:
        seat = next(i for i in state.contenders if state.rolloff[i] is None)
        return Rolloff(state.seats[seat], (rng.randint(1, 6), rng.randint(1, 6)))
    if state.phase == SHOOTING:
        seat = state.shooters[0]
        return Shot(state.seats[seat], rng.randrange(6) < state.bullets[seat])
    if state.phase == REVEAL or (dice_first and _unrolled(state)):
        return _roll_missing(state, rng)
    seat = state.turn if state.turn is not None else rng.choice([i for i, a in enumerate(state.alive) if a])
    if state.bids and rng.random() < reroll_rate:
        return Reroll(state.seats[rng.choice([i for i, a in enumerate(state.alive) if a])])
    if state.rules.clock and rng.random() < timeout_rate:
        return Timeout(state.seats[seat])
    actions = legal_actions(state)
    calls = [a for a in actions if isinstance(a, Call)]
    if calls and rng.random() < call_bias:
        return Move(state.seats[seat], rng.choice(calls))
    bids = [a for a in actions if isinstance(a, Bid)][:12] or calls  # stay near the floor, as players do
    return Move(state.seats[seat], rng.choice(bids))


def _unrolled(state) -> bool:
    return any(living and r is None for living, r in zip(state.alive, state.rolls))


def _roll_missing(state, rng):
    seat = next(i for i, (a, r) in enumerate(zip(state.alive, state.rolls)) if a and r is None)
    return Roll(state.seats[seat], tuple(rng.randint(1, 6) for _ in range(state.dice[seat])))


def random_record(rules, seats, seed) -> Record:
    rng = random.Random(seed)
    events = tuple(event for event, _ in random_events(rules, seats, rng))
    return Record(rules, tuple(seats), events)
