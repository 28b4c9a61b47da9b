#!/usr/bin/env python3
"""How fast the exact odds are at a full table: 30 dice, 5 of them yours, caches warm (as a bot sees them).

    python bench/odds.py [seconds per figure, default 1]

Prints the time of one exact query (`odds`, Fractions), one float look-up (`at_least_float`, the bots' path)
and one full ladder; the last line is `odds_query: N us`.
"""
import random
import sys
import time

from dicecup.odds import at_least_float, ladder, odds
from dicecup.rules import bid

from quickform import sized

DICE, MINE = 30, 5


def per_call(work, budget: float) -> float:
    """Microseconds per call of work(i), running for about `budget` seconds."""
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        for i in range(1000):
            work(i)
        calls += 1000
    return (time.perf_counter() - start) / calls * 1e6


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else sized(1.0, 0.02)
    rng = random.Random(7)
    hands = [tuple(rng.randint(1, 6) for _ in range(MINE)) for _ in range(64)]
    bids = [bid(rng.randint(1, DICE), rng.randint(1, 6)) for _ in range(64)]
    hidden = DICE - MINE
    start = time.perf_counter()
    odds(bids[0], hands[0], hidden, True)  # builds the binomial tables once
    odds(bids[0], hands[0], hidden, False)
    print(f"cold tables (both worlds, {hidden} hidden): {(time.perf_counter() - start) * 1e6:.0f} us")
    floats = per_call(lambda i: at_least_float(i % 12, hidden, i % 2 == 0, 1 + i % 6), budget)
    print(f"at_least_float: {floats:.2f} us")
    lad = per_call(lambda i: ladder(hands[i % 64], hidden, i % 2 == 0), budget)
    print(f"odds_ladder: {lad:.1f} us")
    query = per_call(lambda i: odds(bids[i % 64], hands[i % 64], hidden, i % 2 == 0), budget)
    print(f"odds_query: {query:.1f} us")


if __name__ == "__main__":
    main()
