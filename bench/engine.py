"""Engine speed: random legal games for each preset; every event is a legal-move generation plus an apply.

Prints actions per second per preset, then the overall figure as the last line: `engine: N actions/s`.
Run: .venv/bin/python bench/engine.py [seconds per preset]
"""
import random
import sys
import time

from dicecup.rules import PRESETS, Rules
from dicecup.rules.randomplay import random_events

from quickform import sized

SEATS = ["ana", "ben", "cy", "dee", "eve", "fay"]


def measure(preset: str, budget: float, seed: int = 1) -> tuple:
    rules, rng = Rules.parse(preset), random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        for _ in random_events(rules, SEATS, rng):
            actions += 1
        games += 1
    return actions, games, time.perf_counter() - start


def check_rate(budget: float) -> float:
    """Bid legality checks per second at a 30-dice table: what a bot's search leans on."""
    from dicecup.rules import Bid, IllegalBid
    from dicecup.rules.bidding import check_bid
    standing, bids = Bid(9, 4), [Bid(q, f) for q in range(1, 31) for f in range(1, 7)]
    checks, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        for candidate in bids:
            try:
                check_bid(candidate, standing, True, "transition", None, None, 30)
            except IllegalBid:
                pass
        checks += len(bids)
    return checks / (time.perf_counter() - start)


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else sized(2.0, 0.05)
    total_actions = total_time = 0.0
    for preset in PRESETS:
        actions, games, elapsed = measure(preset, budget)
        total_actions += actions
        total_time += elapsed
        print(f"{preset:9} {games:6} games {actions / elapsed:10.0f} actions/s")
    print(f"bid legality checks: {check_rate(budget):.0f} /s")
    print(f"engine: {total_actions / total_time:.0f} actions/s")


if __name__ == "__main__":
    main()
