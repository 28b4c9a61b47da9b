#!/usr/bin/env python3
"""The fast engine path (dicecup.search.fast) against OpenSpiel's C++ `liars_dice`, the same work in one process:
two players, N dice each, one round, the wild face on (OpenSpiel: sixes wild; ours: `classic wild=on`, ones
wild, the same shape of bidding), dice dealt at random and every action drawn uniformly from the legal ones, the
round ruled at the end. Each side is timed for the same number of seconds, alternating in slices so a busy
machine weighs on both alike.

    python bench/engine_vs_openspiel.py [seconds per engine and dice count, default 4]

Needs the bench extra (pip install -e .[bench]: open-spiel). Prints rounds per second for 1 and 5 dice, then
`engine_vs_openspiel: R x` last: ours over OpenSpiel's rate, the worse of the two dice counts (target >= 0.5).
Without OpenSpiel it times ours alone, then stops with status 1 saying what it needs (`python3 dev.py test`
installs no extra: the suite runs this so, in its quick form).
"""
import random
import sys
import time

from dicecup.rules import Rules
from dicecup.search.fast import FastRules, random_round

from quickform import sized

try:
    import pyspiel
except ImportError:  # the bench extra is not installed: ours is timed alone, and no ratio is printed
    pyspiel = None

NEEDS = "engine_vs_openspiel: needs open-spiel (the bench extra): pip install -e '.[bench]'"


def ours(dice: int, seconds: float, rng: random.Random) -> int:
    fr, rnd = FastRules.of(Rules.parse(f"classic wild=on dice={dice}")), rng.random
    rounds, stop = 0, time.perf_counter() + seconds
    while time.perf_counter() < stop:
        for _ in range(200):
            hands = ([int(rnd() * 6) + 1 for _ in range(dice)], [int(rnd() * 6) + 1 for _ in range(dice)])
            random_round(fr, hands, rnd)
        rounds += 200
    return rounds


def openspiel(dice: int, seconds: float, rng: random.Random) -> int:
    game, rnd = pyspiel.load_game("liars_dice", {"players": 2, "numdice": dice}), rng.random
    rounds, stop = 0, time.perf_counter() + seconds
    while time.perf_counter() < stop:
        for _ in range(200):
            state = game.new_initial_state()
            while state.is_chance_node():
                state.apply_action(int(rnd() * 6))
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[int(rnd() * len(legal))])
            state.returns()
        rounds += 200
    return rounds


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else sized(4.0, 0.2)
    rng, ratios = random.Random(5), []
    if pyspiel is None:
        for dice in (1, 5):
            print(f"{dice} dice each: ours {ours(dice, seconds, rng) / seconds:,.0f} rounds/s, OpenSpiel not installed")
        raise SystemExit(NEEDS)
    for dice in (1, 5):
        counted = {"ours": 0, "openspiel": 0}
        for _ in range(8):  # alternate in slices
            counted["ours"] += ours(dice, seconds / 8, rng)
            counted["openspiel"] += openspiel(dice, seconds / 8, rng)
        a, b = counted["ours"] / seconds, counted["openspiel"] / seconds
        ratios.append(a / b)
        print(f"{dice} dice each: ours {a:,.0f} rounds/s, OpenSpiel {b:,.0f} rounds/s, ratio {a / b:.2f}")
    print(f"engine_vs_openspiel: {min(ratios):.2f} x")


if __name__ == "__main__":
    main()
