"""Random legal poker-dice games, for property tests, benchmarks and example records.

Random numbers come from the `random.Random` the caller passes in; the engine only ever sees events. The dice
are rolled here for real (`dice`), so a shake hides faces this module knows and the reveal tells them.
"""
import random

from ..events import Reroll
from ..record import Record
from .events import Accept, CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try
from .hands import FIVE, bids_above, made
from .play import apply
from .state import BIDDING, OPENING, OVER, RECEIVING, REVEAL, TRIES, new_poker_game


def random_events(rules, seats, rng: random.Random, call_bias: float = 0.35, reroll_rate: float = 0.01):
    """Yield (event, state after it) through one whole random legal game."""
    state = new_poker_game(rules, seats)
    dice = [rng.randint(1, 6) for _ in range(5)]
    while state.phase != OVER:
        if state.bids and rng.random() < reroll_rate:  # the cup lost its dice: the round starts again
            events = [Reroll(rng.choice([s for s, n in zip(state.seats, state.lives) if n]))]
        else:
            events = _next_events(state, dice, rng, call_bias)
        for event in events:
            state = apply(state, event)
            yield event, state


def _roll(dice, slots, rng):
    for slot in slots:
        dice[slot - 1] = rng.randint(1, 6)
    return tuple((slot, dice[slot - 1]) for slot in slots)


def _next_events(state, dice, rng, call_bias):
    who = state.seats[state.holder] if state.holder is not None else None
    if state.phase == OPENING:
        who = who or rng.choice([s for s, n in zip(state.seats, state.lives) if n])
        _roll(dice, range(1, 6), rng)
        return [Shake(who)]
    if state.phase == REVEAL:
        return [Reveal(tuple(dice))]
    if state.phase == TRIES:
        keep = max(set(dice), key=dice.count)
        slots = [s for s in range(1, 6) if dice[s - 1] != keep] or [rng.randint(1, 5)]
        return [Try(who, _roll(dice, slots, rng))]
    if state.phase == RECEIVING:
        standing = state.standing
        if rng.random() < (call_bias if standing.kind != FIVE else 0.7):
            return [CallLiar(who)]
        return [Accept(who)]
    events = []
    if state.phase == BIDDING and state.accepted:
        events += _handle_dice(state, dice, who, rng)
    choices = bids_above(state.standing)[:25] or bids_above(None)[-1:]
    if state.standing is not None and not bids_above(state.standing):
        raise AssertionError("five aces stand: it can only be called or accepted")
    if rng.random() < 0.3:  # a bid near what the dice make, as players do
        near = [b for b in bids_above(state.standing) if b <= made(dice)]
        choices = near[-5:] or choices
    direction = rng.choice(("left", "right")) if state.standing is None else None
    events.append(PokerBid(who, rng.choice(choices), direction))
    return events


def _handle_dice(state, dice, who, rng):
    events = []
    table = [s for s in range(1, 6) if state.on_table[s - 1]]
    under = [s for s in range(1, 6) if not state.on_table[s - 1]]
    hide = [s for s in table if rng.random() < 0.2]
    if hide:
        events.append(Hide(who, tuple(hide)))
        under += hide
        table = [s for s in table if s not in hide]
    show = [s for s in under if rng.random() < 0.3]
    if show:
        events.append(Show(who, tuple((s, dice[s - 1]) for s in show)))
        table += show
        under = [s for s in under if s not in show]
    if under and rng.random() < 0.6:
        _roll(dice, under, rng)
        events.append(Shake(who))
    if under and table and rng.random() < 0.3:
        rolled = [s for s in table if rng.random() < 0.5] or table[:1]
        events.append(OpenRoll(who, _roll(dice, rolled, rng)))
    return events


def random_record(rules, seats, seed) -> Record:
    rng = random.Random(seed)
    events = tuple(event for event, _ in random_events(rules, seats, rng))
    return Record(rules, tuple(seats), events)
