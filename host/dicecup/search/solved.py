"""The solved heads-up games the expert plays from: CFR+ strategies shipped as package data (data/solved.json.gz).

    python -m dicecup.search.solved          solve every game in GAMES again and rewrite data/solved.json.gz

Each game is a table's rules with one die each, solved by cfr.solve with the memory (how many of the last bids
the strategy remembers) that brings its exploitability down; a strategy is stored per node as
"bids/wild" -> per hand (the die, 1..6) a list of [action id, probability] to three decimals, those under
0.001 left out (the bot renormalises).
"""
import gzip
import json
import sys
from functools import lru_cache
from importlib import resources

from dicecup.rules import Rules

from . import cfr, fast

DATA = "data/solved.json.gz"  # gzip: the whole one-die dudo tree is 6,173 bid histories

# name -> (rules, dice each, memory (64: every bid, the whole tree), iterations a pass)
GAMES = {
    "dudo-1": ("dudo dice=1", 1, 64, 300),
    "classic-1": ("classic dice=1", 1, 1, 1000),
}


def node_key(bids, wild) -> str:
    return ",".join(map(str, bids)) + ("/w" if wild else "/-")


def solve_game(name: str) -> dict:
    text, dice, memory, iterations = GAMES[name]
    from .npcfr import NumpySolver  # numpy: only here, offline (not a run-time dependency)
    solver = cfr.solve(fast.FastRules.of(Rules.parse(text)), dice, iterations=iterations, memory=memory,
                       passes=3, solver_class=NumpySolver)
    g = solver.game
    strategy = {}
    for node in g.order:
        rows = []
        for row in solver.average(node):
            kept = [[a, round(p, 3)] for a, p in zip(g.actions[node], row) if p >= 1e-3]
            rows.append(kept)
        strategy[node_key(*node)] = rows
    return {"rules": text, "dice": dice, "memory": memory, "iterations": iterations,
            "opener_value": round(solver.opener_value(), 5), "strategy": strategy}


@lru_cache(maxsize=1)
def tables() -> dict:
    packed = resources.files("dicecup.search").joinpath(DATA).read_bytes()
    return json.loads(gzip.decompress(packed).decode("utf-8"))


class Solved:
    """One solved game: the strategy's distribution for a hand after a bid history (action ids)."""

    def __init__(self, name: str):
        data = tables()[name]
        self.name, self.rules, self.memory = name, Rules.parse(data["rules"]), data["memory"]
        self.fr = fast.FastRules.of(self.rules)
        self.strategy = data["strategy"]

    def node(self, history) -> tuple:
        wild = self.fr.wild and not (history and fast.opens_unwild(self.fr, self.fr.wild, history[0]))
        return tuple(history[-self.memory:]) if history else (), wild

    def dist(self, hand, history) -> dict:
        """{action id: probability} for a one-die hand (a tuple of one die) after `history`."""
        bids, wild = self.node(history)
        row = self.strategy[node_key(bids, wild)][hand[0] - 1]
        total = sum(p for _, p in row)
        return {a: p / total for a, p in row}


def find(rules: Rules, dice_counts) -> str:
    """The solved game that is this table's round, or None: heads-up, one die each, the same bidding."""
    if len(dice_counts) != 2 or any(n != 1 for n in dice_counts):
        return None
    for name, (text, _, _, _) in GAMES.items():
        solved = Rules.parse(text)
        if fast.FastRules.of(solved)[:3] == fast.FastRules.of(rules)[:3] and \
                solved.preset is rules.preset:  # presets are the ones in presets.ALL_PRESETS
            return name
    return None


def write(out: dict) -> str:
    path = str(resources.files("dicecup.search").joinpath(DATA))
    text = json.dumps(out, separators=(",", ":"), sort_keys=True).encode("utf-8")
    with open(path, "wb") as handle:
        handle.write(gzip.compress(text, compresslevel=9, mtime=0))
    return path


def main() -> int:
    print(f"wrote {write({name: solve_game(name) for name in GAMES})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
