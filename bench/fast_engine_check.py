#!/usr/bin/env python3
"""The fast path against the reference engine at full size: N random games of every face-bid preset at its own
table (2-6 seats, default dice and switches), every bidding turn's legal actions and every call's ruling equal
(tests/rules/test_fast_engine.py does 10,000 a preset on small tables, which fit the test's time).

    python bench/fast_engine_check.py [games per preset, default 10000]

Last line: `fast_engine_mismatches: 0 games` (it stops at the first mismatch with the assertion's message).
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rules"))
from fastcheck import check_many  # noqa: E402

from dicecup.rules import PRESETS  # noqa: E402
from quickform import sized  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else sized(10_000, 5)
    for preset in PRESETS:
        start = time.perf_counter()
        checks = check_many(preset, games, seed=1, small=False)
        print(f"{preset:9} {games} games, {checks} checks, {time.perf_counter() - start:.0f} s")
    print("fast_engine_mismatches: 0 games")


if __name__ == "__main__":
    main()
