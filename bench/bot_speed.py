#!/usr/bin/env python3
"""How long `hard` thinks at a full 30-dice table (six seats of five dice, dudo): every decision of the first
round of many six-`hard` games, each timed from making its view (the legal
actions included) to its answer.

    python bench/bot_speed.py [games, default 300]

Prints the median, p99 and worst decision and the bids the table had made; the last line is
`hard_decision_p99: N ms` (target: 50 ms or less).
"""
import random
import statistics
import sys
import time

from dicecup.bots.hard import Hard
from dicecup.bots.view import make_view
from dicecup.rules import Move, Roll, Rules, apply, new_game

from quickform import sized

SEATS = ("ana", "ben", "cy", "dee", "eve", "fay")


def first_round(rules, rng, times, depth):
    """Play round 1 of a six-hard game, appending the time of each decision (all made with 30 dice in play)."""
    bots = {seat: Hard(seed=rng.random()) for seat in SEATS}
    dice = {seat: tuple(rng.randint(1, 6) for _ in range(5)) for seat in SEATS}
    state = new_game(rules, SEATS)
    seat = rng.choice(SEATS)
    while state.round == 1 and state.phase == "bidding":
        start = time.perf_counter()
        view = make_view(state, seat, dice[seat])
        action = bots[seat].act(view)
        times.append(time.perf_counter() - start)
        depth.append(len(view.bids))
        state = apply(state, Move(seat, action))
        seat = state.to_act or seat
    for name in SEATS:
        if state.phase != "reveal":
            break
        state = apply(state, Roll(name, dice[name]))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else sized(300, 3)
    rng = random.Random(30)
    rules = Rules.parse("dudo")
    times, depth = [], []
    for _ in range(games):
        first_round(rules, rng, times, depth)
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"{len(ms)} decisions at 30 dice, up to {max(depth)} bids standing (mean {statistics.mean(depth):.1f})")
    print(f"median {statistics.median(ms):.2f} ms, worst {ms[-1]:.2f} ms")
    print(f"hard_decision_p99: {p99:.1f} ms")


if __name__ == "__main__":
    main()
