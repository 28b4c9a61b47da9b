"""Poker bots playing a whole game through the engine alone (no cups, no hub): the arena's poker game loop.

The dice are rolled here from the `random.Random` passed in; each bot sees only its view (poker_view.py): the
faces it saw under the cup until someone shakes them, and the open table. A bot that raises or answers with
anything but one of `view.legal` plays the safest action instead (call liar; the lowest bid; no handling), and
the problem is appended to `problems` when given.
"""
import random

from dicecup.rules import Record
from dicecup.rules.poker import (BIDDING, OPENING, OVER, RECEIVING, REVEAL, TRIES, Accept, Hide, OpenRoll,
                                 Reveal, Shake, Show, Try, apply, new_poker_game)

from .guard import ask
from .poker_view import BID, HANDLE, OPEN, RECEIVE, Plan, make_view


def safest(view):
    return view.legal[-1] if view.stage == RECEIVE else view.legal[0]


def decide(bot, view):
    """(action, None), or (the safest action, what was wrong)."""
    try:
        action = ask(bot, view)
    except SystemExit as error:
        return safest(view), f"raised SystemExit: it called sys.exit({error.code!r})"
    except Exception as error:  # noqa: BLE001 - a bot must never crash the table
        return safest(view), f"raised {type(error).__name__}: {error}"
    if type(action) not in {type(a) for a in view.legal[:1] + view.legal[-1:]} or action not in view.legal:
        return safest(view), f"returned {action!r}, which is not a legal action"
    return action, None


class _Table:
    """One game: the state, the real dice, what each seat knows of them, and the round's record lines."""

    def __init__(self, rules, bots, rng, problems):
        self.bots, self.rng, self.problems = bots, rng, problems
        self.state = new_poker_game(rules, list(bots))
        self.events, self.round_events = [], []
        self.dice = [rng.randint(1, 6) for _ in range(5)]
        self.known = {seat: [None] * 5 for seat in bots}

    def push(self, event):
        self.state = apply(self.state, event)
        self.events.append(event)
        self.round_events.append(event)

    def look(self, seat):
        self.known[seat] = list(self.dice)

    def roll(self, slots, seen_by=None):
        for slot in slots:
            self.dice[slot - 1] = self.rng.randint(1, 6)
            for seat, known in self.known.items():
                known[slot - 1] = self.dice[slot - 1] if seen_by in (None, seat) else None
        return tuple((slot, self.dice[slot - 1]) for slot in slots)

    def ask(self, seat, stage):
        view = make_view(self.state, seat, stage, self.known[seat], self.round_events)
        action, problem = decide(self.bots[seat], view)
        if problem is not None and self.problems is not None:
            self.problems.append((seat, problem))
        return action

    def handle(self, seat, plan: Plan):
        hide, show = plan.moves(self.state.on_table)
        if hide:
            self.push(Hide(seat, hide))
        if show:
            self.push(Show(seat, tuple((s, self.dice[s - 1]) for s in show)))
            for known in self.known.values():  # a die on the table is open to everyone
                for s in show:
                    known[s - 1] = self.dice[s - 1]
        if plan.shake:
            self.roll(self.state.under_cup, seen_by=seat)
            self.push(Shake(seat))
        if plan.roll:
            self.push(OpenRoll(seat, self.roll(sorted(plan.roll))))

    def step(self):
        state = self.state
        if state.phase == OPENING:
            seat = state.seats[state.holder] if state.holder is not None else \
                self.rng.choice([s for s, n in zip(state.seats, state.lives) if n])
            self.roll(range(1, 6), seen_by=seat)
            self.push(Shake(seat))
            self.push(self.ask(seat, OPEN))
        elif state.phase == RECEIVING:
            seat = state.seats[state.holder]
            action = self.ask(seat, RECEIVE)
            self.push(action)
            if isinstance(action, Accept) and self.state.phase == BIDDING:
                self.look(seat)
                self.handle(seat, self.ask(seat, HANDLE))
                self.push(self.ask(seat, BID))
        elif state.phase == REVEAL:
            self.push(Reveal(tuple(self.dice)))
            for known in self.known.values():
                known[:] = self.dice
        elif state.phase == TRIES:
            keep = max(set(self.dice), key=lambda f: (self.dice.count(f), f))
            self.push(Try(state.seats[state.holder], self.roll([s for s in range(1, 6) if self.dice[s - 1] != keep])))
        else:
            raise AssertionError(f"no step for phase {state.phase}")


def run_poker_game(rules, bots: dict, rng: random.Random, problems: list = None):
    """bots: seat name -> poker bot. Returns (final state, events)."""
    table = _Table(rules, bots, rng, problems)
    while table.state.phase != OVER:
        rounds = len(table.state.history)
        table.step()
        if len(table.state.history) > rounds:
            table.round_events = []
    return table.state, table.events


def play_poker_game(rules, bots: dict, rng: random.Random, problems: list = None) -> Record:
    _, events = run_poker_game(rules, bots, rng, problems)
    return Record(rules, tuple(bots), tuple(events))
