"""Bots playing a whole game through the engine alone (no cups, no hub): for tests and the arena.

Dice, roll-offs and trigger pulls come from the `random.Random` passed in; each bot sees only its own view.
Every move goes through the guard (guard.decide_inline, no time budget): a bot that raises or answers with an
illegal action plays the safest action instead, and the problem is appended to `problems` when given.
"""
import random

from dicecup.rules import (BIDDING, OVER, REVEAL, ROLLOFF, SHOOTING, Move, Record, Roll, Rolloff, Shot, apply,
                           new_game)

from .guard import decide_inline
from .view import make_view


def run_game(rules, bots: dict, rng: random.Random, problems: list = None):
    """bots: seat name -> bot. Returns (final state, events)."""
    seats = list(bots)
    state = new_game(rules, seats)
    events = []
    dice = {}

    def push(event):
        nonlocal state
        state = apply(state, event)
        events.append(event)

    while state.phase != OVER:
        if state.phase == ROLLOFF:
            seat = next(i for i in state.contenders if state.rolloff[i] is None)
            push(Rolloff(seats[seat], (rng.randint(1, 6), rng.randint(1, 6))))
        elif state.phase == SHOOTING:
            seat = state.shooters[0]
            push(Shot(seats[seat], rng.randrange(6) < state.bullets[seat]))
        elif state.phase == REVEAL:
            for i, name in enumerate(seats):
                if state.alive[i] and state.rolls[i] is None:
                    push(Roll(name, dice[name]))
        elif state.phase == BIDDING:
            if not state.bids:  # a new round: every living seat rolls
                dice = {name: tuple(rng.randint(1, 6) for _ in range(state.dice[i]))
                        for i, name in enumerate(seats) if state.alive[i]}
            # dudo's first opener is the hub's random draw
            turn = state.turn if state.turn is not None else rng.choice([i for i, a in enumerate(state.alive) if a])
            name = seats[turn]
            action, problem = decide_inline(bots[name], make_view(state, name, dice[name]))
            if problem is not None and problems is not None:
                problems.append((name, problem))
            push(Move(name, action))
    return state, events


def play_game(rules, bots: dict, rng: random.Random, problems: list = None) -> Record:
    """bots: seat name -> bot (object with act(view), or a function). Returns the game's record."""
    _, events = run_game(rules, bots, rng, problems)
    return Record(rules, tuple(bots), tuple(events))
