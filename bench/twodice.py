#!/usr/bin/env python3
"""The expert's heads-up two-dice games, exactly: how much a best response that remembers the whole bid history
wins against the shipped tables (data/twodice-NAME.json.gz, played by both seats; and the endgames of one die
against two, data/endgame-NAME.json.gz, each seat with its own dice), in stakes a round (the round's loser loses
the stake; a landed spot that gives nobody a die replays the round), by search/npexploit.py; and,
with `solve`, the abstractions tried: each game solved again remembering the last k bids, k in MEMORIES.

    python bench/twodice.py                        the shipped tables (seconds)
    python bench/twodice.py solve [k ...] [-i N]   solve at memory k (default 1 2 3), N iterations a pass

Last line: `expert_twodice_exploitability: E stakes`, the worse of the games measured (target <= 0.10).
"""
import sys
import time

from dicecup.rules import Rules
from dicecup.search import cfr, fast, npexploit
from dicecup.search.npcfr import NumpySolver
from dicecup.search.solved import GAMES, Solved

from quickform import sized

TWO_DICE = [name for name, (_, dice, _, _) in GAMES.items() if dice == 2]
ENDGAMES = [name for name, (_, dice, _, _) in GAMES.items() if isinstance(dice, tuple)]
MEASURED = sized(TWO_DICE + ENDGAMES, TWO_DICE[:1])  # the quick form: the first game alone (the smallest, seconds)
MEMORIES = (1, 2, 3)


def shipped() -> float:
    worst = 0.0
    for name in MEASURED:
        solved = Solved(name)
        start = time.perf_counter()
        e = npexploit.solved_exploitability(solved)
        print(f"{name:18} {str(solved.rules):16} shipped, memory {solved.memory}: exploitability {e:.4f} "
              f"(best response {time.perf_counter() - start:.1f} s)", flush=True)
        worst = max(worst, e)
    return worst


def solved_again(memories, iterations) -> float:
    worst = 0.0
    for name in MEASURED:
        text = GAMES[name][0]
        for memory in memories:
            start = time.perf_counter()
            solver = cfr.solve(fast.FastRules.of(Rules.parse(text)), 2, iterations=iterations, memory=memory,
                               passes=3, solver_class=NumpySolver)
            solving = time.perf_counter() - start
            averages = solver.averages()
            start = time.perf_counter()
            e = npexploit.exploitability(solver.game, node_dist=averages.__getitem__)
            print(f"{text:16} memory {memory} ({len(solver.game.order)} nodes, {iterations} iterations a pass): "
                  f"exploitability {e:.4f} (solve {solving:.0f} s, best response "
                  f"{time.perf_counter() - start:.1f} s)", flush=True)
            worst = max(worst, e)
    return worst


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["solve"]:
        iterations = int(args[args.index("-i") + 1]) if "-i" in args else 1000
        memories = [int(a) for a in args[1:args.index("-i") if "-i" in args else None]] or MEMORIES
        worst = solved_again(memories, iterations)
    else:
        worst = shipped()
    print(f"expert_twodice_exploitability: {worst:.4f} stakes")


if __name__ == "__main__":
    main()
