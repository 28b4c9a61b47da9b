"""One virtual cup (the real firmware on the MicroPython unix port, behind a pty) passed round four seats of
poker-hard bots pressing its buttons, lives=1: a whole poker-dice game, timed. Checks on the way that the
journal referees with the hub's own result and that `dicecup verify` rechecks every die the cup opened.
Last line: `poker_cup_game: SECONDS s` (the buttons' own timing dominates: a press, a long press, a double).

    .venv/bin/python bench/poker_cup.py [--seed S] [--seats N]
"""
import argparse
import io
import sys
import tempfile
import time

from rich.console import Console

from dicecup.hub.fairness import check_journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay
from dicecup.sim.pokerdemo import play_poker_demo
from dicecup.sim.virtualcup import VirtualCups, find_micropython

from quickform import sized


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--seats", type=int, default=sized(4, 2))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, \
            VirtualCups(1, runtime=find_micropython(), fast=True, seed=args.seed, keyed=True) as cups:
        table = TableSetup(Rules.parse("poker lives=1"), data=data, seed=args.seed, result_pause=0.0, keys=cups.keys,
                           screen=Screen(console=Console(file=io.StringIO()), live=False))
        started = time.monotonic()
        try:
            hub, errors = play_poker_demo(table, cups[0], args.seats, args.seed, timeout=900)
        finally:
            table.close()
        took = time.monotonic() - started
        if errors or not hub.finished:
            print(f"the game did not finish: {errors}", file=sys.stderr)
            return 1
        text = hub.journal.path.read_text()
        same = replay(text).state.winner == hub.state.winner
        checked = check_journal(text)
        print(f"rounds: {len(hub.state.history)}, referee agrees: {same}, dice rechecked: {checked.rolls}")
    print(f"poker_cup_game: {took:.1f} s")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
