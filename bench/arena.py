#!/usr/bin/env python3
"""`hard` against the baseline (the highest bid it believes at >= 1/2, else liar), at dudo, on every
CPU core: first a six-seat table of one hard and five baselines (fair share 16.7 %), then 5,000 games heads-up.

    python bench/arena.py [heads-up games, default 5000] [six-seat games, default 1980] [seed, default 7]

The last line is `hard_vs_baseline: P %`, hard's heads-up win rate (target: 65 % or more). The expert's figures
against `hard` (`expert_vs_hard: P %` at two, four and six seats) are bench/expert_arena.py's, so this line stays
what it was.
"""
import sys
import time

from dicecup.bots.arena import run_arena
from dicecup.rules import Rules

from quickform import sized


def show(title, result, seconds):
    print(f"{title}: {result.games} games of {result.rules}, average {result.mean_rounds:.1f} rounds, "
          f"{seconds:.1f} s")
    for s in result.scores:
        lo, hi = s.ci95
        print(f"  {s.bot:<9} {s.seats} seat{'s' if s.seats > 1 else ' '}  win rate {s.win_rate * 100:5.1f} %  "
              f"(95 % CI {lo * 100:.1f} – {hi * 100:.1f} %)")


def main() -> None:
    heads_up = int(sys.argv[1]) if len(sys.argv) > 1 else sized(5000, 10)
    # 66 whole blocks of the six-seat balanced seating (30 games); one block in the quick form
    six = int(sys.argv[2]) if len(sys.argv) > 2 else sized(1980, 30)
    seed = sys.argv[3] if len(sys.argv) > 3 else "7"
    rules = Rules.parse("dudo")
    start = time.perf_counter()
    table = run_arena(["hard"] + ["baseline"] * 5, rules, six, seed)
    show("six seats, one hard and five baseline (fair share 16.7 % a seat)", table, time.perf_counter() - start)
    start = time.perf_counter()
    duel = run_arena(["hard", "baseline"], rules, heads_up, seed)
    show("heads-up", duel, time.perf_counter() - start)
    print(f"hard_vs_baseline: {duel.scores[0].win_rate * 100:.1f} %")


if __name__ == "__main__":
    main()
