#!/usr/bin/env python3
"""How long `expert` thinks at a full 30-dice table (six seats of five dice, dudo, three experts and three `hard`
bots in turn): every expert decision of the first round of many games, each timed from making its view (the
legal actions included) to its answer.

    python bench/expert_speed.py [games, default 200]

Prints the median and the worst decision; the last line is `expert_decision_p99: N ms` (target: 200 ms or less).
"""
import random
import statistics
import sys
import time

from dicecup.bots.expert import Expert
from dicecup.bots.hard import Hard
from dicecup.bots.view import make_view
from dicecup.rules import Move, Rules, apply, new_game

from quickform import sized

SEATS = ("ana", "ben", "cy", "dee", "eve", "fay")


def first_round(rules, rng, game, times):
    bots = {seat: (Expert if i % 2 == 0 else Hard)(seed=f"{game}:{seat}") for i, seat in enumerate(SEATS)}
    dice = {seat: tuple(rng.randint(1, 6) for _ in range(5)) for seat in SEATS}
    state = new_game(rules, SEATS)
    seat = rng.choice(SEATS)
    while state.round == 1 and state.phase == "bidding":
        start = time.perf_counter()
        action = bots[seat].act(make_view(state, seat, dice[seat]))
        if isinstance(bots[seat], Expert):
            times.append(time.perf_counter() - start)
        state = apply(state, Move(seat, action))
        seat = state.to_act or seat


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else sized(200, 2)
    rng, rules, times = random.Random(30), Rules.parse("dudo"), []
    for game in range(games):
        first_round(rules, rng, game, times)
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"{len(ms)} expert decisions at 30 dice: median {statistics.median(ms):.1f} ms, worst {ms[-1]:.1f} ms")
    print(f"expert_decision_p99: {p99:.1f} ms")


if __name__ == "__main__":
    main()
