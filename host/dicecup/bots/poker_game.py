"""Poker bots playing a whole game through the engine alone (no cups, no hub): the arena's poker game loop.

The dice are rolled here from the `random.Random` passed in; each bot sees only its view (poker_view.py): the
faces it saw under the cup until someone shakes them, and the open table. A bot that raises or answers with
anything but one of `view.legal` plays the safest action instead (call liar; the lowest bid; no handling), and
the problem is appended to `problems` when given.
"""
import random

from dicecup.rules import Record
from dicecup.rules.poker import OPENING, OVER, REVEAL, OpenRoll, Reveal, Shake, Show, Try, apply, new_poker_game

from .poker_turn import LOOK, PokerTurn


class _Table:
    """One game: the state, the real dice, what each seat knows of them, and the round's record lines."""

    def __init__(self, rules, bots, rng, problems):
        self.rng = rng
        self.state = new_poker_game(rules, list(bots))
        self.events, self.round_events = [], []
        self.dice = [rng.randint(1, 6) for _ in range(5)]
        self.known = {seat: [None] * 5 for seat in bots}
        said = problems.append if problems is not None else None
        self.turns = {seat: PokerTurn(bot, seat, lambda text, seat=seat: said and said((seat, text)))
                      for seat, bot in bots.items()}

    def push(self, event):
        self.state = apply(self.state, event)
        self.events.append(event)
        self.round_events.append(event)

    def roll(self, slots, seen_by=None):
        for slot in slots:
            self.dice[slot - 1] = self.rng.randint(1, 6)
            for seat, known in self.known.items():
                known[slot - 1] = self.dice[slot - 1] if seen_by in (None, seat) else None
        return tuple((slot, self.dice[slot - 1]) for slot in slots)

    def step(self):
        """One step of the game: the lift at a call, else the holder's next step (poker_turn.py)."""
        state = self.state
        if state.phase == REVEAL:
            self.push(Reveal(tuple(self.dice)))
            for known in self.known.values():
                known[:] = self.dice
            return
        if state.phase == OPENING and state.holder is None:  # the first opener is drawn
            seat = self.rng.choice([s for s, n in zip(state.seats, state.lives) if n])
            self.state = state._replace(opener=state.seats.index(seat), holder=state.seats.index(seat))
        seat = self.state.seats[self.state.holder]
        step = self.turns[seat].next_step(self.state, self.known[seat], self.round_events)
        if step == LOOK:
            self.known[seat] = list(self.dice)
        elif isinstance(step, Shake):
            self.roll(range(1, 6) if self.state.phase == OPENING else self.state.under_cup, seen_by=seat)
            self.push(step)
        elif isinstance(step, Show):
            shown = tuple((s, self.dice[s - 1]) for s, _ in step.dice)
            self.push(Show(seat, shown))
            for known in self.known.values():  # a die on the table is open to everyone
                for s, face in shown:
                    known[s - 1] = face
        elif isinstance(step, (OpenRoll, Try)):  # rolled in the open: everyone sees them land
            self.push(type(step)(seat, self.roll([s for s, _ in step.dice])))
        else:
            self.push(step)


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
