#!/usr/bin/env python3
"""`expert` against `hard` at dudo, on every CPU core: one expert and hard bots in every other seat, at two,
four and six seats, balanced seating (fair share 50 %, 25 %, 16.7 % a seat). bench/arena.py keeps its own last
line (`hard_vs_baseline`); this is the expert's.

    python bench/expert_arena.py [heads-up games, default 600] [four-seat games, 312] [six-seat games, 300] [seed, 7]

Prints `expert_vs_hard_4: P %` and `expert_vs_hard_6: P %` with their intervals, and last
`expert_vs_hard: P %`, the heads-up win rate (targets: at least 70 % heads-up, 40 % at four seats, 28 % at six).
"""
import sys
import time

from dicecup.bots.arena import run_arena
from dicecup.rules import Rules

from arena import show
from quickform import sized


def main() -> None:
    heads_up = int(sys.argv[1]) if len(sys.argv) > 1 else sized(600, 1)
    # 13 and 10 whole blocks of the four- and six-seat seatings (24 and 30 games); one game each in the quick form
    four = int(sys.argv[2]) if len(sys.argv) > 2 else sized(312, 1)
    six = int(sys.argv[3]) if len(sys.argv) > 3 else sized(300, 1)
    seed = sys.argv[4] if len(sys.argv) > 4 else "7"
    rules, rates = Rules.parse("dudo"), {}
    for seats, games in ((4, four), (6, six), (2, heads_up)):
        start = time.perf_counter()
        result = run_arena(["expert"] + ["hard"] * (seats - 1), rules, games, seed)
        show(f"{seats} seats, one expert and {seats - 1} hard (fair share {100 / seats:.1f} % a seat)", result,
             time.perf_counter() - start)
        rates[seats] = result.scores[0]
        if seats != 2:
            lo, hi = result.scores[0].ci95
            print(f"expert_vs_hard_{seats}: {result.scores[0].win_rate * 100:.1f} % "
                  f"(95 % CI {lo * 100:.1f} - {hi * 100:.1f} %)")
    print(f"expert_vs_hard: {rates[2].win_rate * 100:.1f} %")


if __name__ == "__main__":
    main()
