"""Every bench's quick form: with DICECUP_BENCH_QUICK=1 in its environment a bench takes its smallest sizes (a few
games, rounds, seconds) and finishes in seconds, still printing its figure line last. The figure is then no
measurement, only the proof that the bench still runs; tests/test_benches.py runs every bench so.

    DICECUP_BENCH_QUICK=1 .venv/bin/python bench/engine.py

Only the defaults shrink: a size given on the command line is taken as given. Portable (os.getenv), so
bench/fuzzcore.py imports it on the MicroPython unix port too.
"""
import os

QUICK = os.getenv("DICECUP_BENCH_QUICK", "") not in ("", "0")


def sized(full, quick):
    """A bench's default: `quick` in the quick form, `full` otherwise."""
    return quick if QUICK else full
