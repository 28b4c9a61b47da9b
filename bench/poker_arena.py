#!/usr/bin/env python3
"""`poker-hard` against `poker-baseline` at poker dice, on every CPU core: first a four-seat table of one
poker-hard and three baselines (fair share 25 %), then heads-up.

    python bench/poker_arena.py [heads-up games, default 4000] [four-seat games, default 960] [seed, default 7]

The last line is `poker_hard_vs_baseline: P %`, poker-hard's heads-up win rate.
"""
import sys
import time

from arena import show  # bench/arena.py, beside this script
from quickform import sized

from dicecup.bots.arena import run_arena
from dicecup.rules import Rules


def main() -> None:
    heads_up = int(sys.argv[1]) if len(sys.argv) > 1 else sized(4000, 10)
    four = int(sys.argv[2]) if len(sys.argv) > 2 else sized(960, 24)
    seed = sys.argv[3] if len(sys.argv) > 3 else "7"
    rules = Rules.parse("poker")
    start = time.perf_counter()
    table = run_arena(["poker-hard"] + ["poker-baseline"] * 3, rules, four, seed)
    show("four seats, one poker-hard and three poker-baseline (fair share 25 % a seat)", table,
         time.perf_counter() - start)
    start = time.perf_counter()
    duel = run_arena(["poker-hard", "poker-baseline"], rules, heads_up, seed)
    show("heads-up", duel, time.perf_counter() - start)
    print(f"poker_hard_vs_baseline: {duel.scores[0].win_rate * 100:.1f} %")


if __name__ == "__main__":
    main()
