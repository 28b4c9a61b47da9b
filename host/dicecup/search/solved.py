"""The solved heads-up games the expert plays from: CFR+ strategies shipped as package data (data/solved.json.gz).

    python -m dicecup.search.solved [names]  solve the games in GAMES (default: all) again and rewrite their files

Each game is a table's rules with one or two dice each, solved by cfr.solve with the memory (how many of the
last bids the strategy remembers) that brings its exploitability down; a strategy is stored per node as
"bids/wild" -> per hand (in cfr.hands order: the die 1..6 with one die each) a list of [action id, probability]
to three decimals, those under 0.001 left out (the bot renormalises). The one-die games are in
data/solved.json.gz, the two-dice ones in data/twodice.json.gz (their exploitability: bench/exploitability.py,
by search/npexploit.py).
"""
import gzip
import json
import sys
from functools import lru_cache
from importlib import resources

from dicecup.rules import Rules

from . import cfr, fast

DATA = "data/solved.json.gz"  # gzip: the whole one-die dudo tree is 6,173 bid histories
DATA_BY_DICE = {1: DATA, 2: "data/twodice.json.gz"}

# name -> (rules, dice each, memory (64: every bid, the whole tree), iterations a pass)
GAMES = {
    "dudo-1": ("dudo dice=1", 1, 64, 300),
    "classic-1": ("classic dice=1", 1, 1, 1000),
    "classic-2": ("classic dice=2", 2, 3, 1000),
    "dudo-2": ("dudo dice=2", 2, 4, 300),
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
    for node, rows in solver.averages().items():
        strategy[node_key(*node)] = [[[a, round(p, 3)] for a, p in zip(g.actions[node], row) if p >= 1e-3]
                                     for row in rows]
    return {"rules": text, "dice": dice, "memory": memory, "iterations": iterations,
            "opener_value": round(solver.opener_value(), 5), "strategy": strategy}


@lru_cache(maxsize=None)
def tables(path: str = DATA) -> dict:
    packed = resources.files("dicecup.search").joinpath(path).read_bytes()
    return json.loads(gzip.decompress(packed).decode("utf-8"))


def data_of(name: str) -> str:
    return DATA_BY_DICE[GAMES[name][1]]


class Solved:
    """One solved game: the strategy's distribution for a hand after a bid history (action ids)."""

    def __init__(self, name: str):
        data = tables(data_of(name))[name]
        self.name, self.rules, self.memory = name, Rules.parse(data["rules"]), data["memory"]
        self.fr = fast.FastRules.of(self.rules)
        self.strategy = data["strategy"]
        self.dice = data["dice"]
        self.row = {dice: i for i, (dice, _, _) in enumerate(cfr.hands(self.dice))}

    def node(self, history) -> tuple:
        wild = self.fr.wild and not (history and fast.opens_unwild(self.fr, self.fr.wild, history[0]))
        return tuple(history[-self.memory:]) if history else (), wild

    def dist(self, hand, history) -> dict:
        """{action id: probability} for a hand (its dice, in any order) after `history`."""
        return self.at(hand, self.node(history))

    def at(self, hand, node) -> dict:
        """{action id: probability} for a hand at a node of round_game()."""
        row = self.strategy[node_key(*node)][self.row[tuple(sorted(hand))]]
        total = sum(p for _, p in row)
        return {a: p / total for a, p in row}

    def round_game(self) -> cfr.RoundGame:
        """The round as it was solved: the graph of this strategy's nodes (what npexploit measures it on)."""
        return cfr.RoundGame(self.fr, self.dice, self.fr.start <= self.dice and not self.fr.exact_table,
                             self.memory)


def find(rules: Rules, dice_counts) -> str:
    """The solved game that is this table's round, or None: heads-up, as many dice each, the same bidding."""
    if len(dice_counts) != 2 or dice_counts[0] != dice_counts[1]:
        return None
    for name, (text, dice, _, _) in GAMES.items():
        solved = Rules.parse(text)
        if dice != dice_counts[0]:
            continue
        if fast.FastRules.of(solved)[:3] == fast.FastRules.of(rules)[:3] and \
                solved.preset is rules.preset:  # presets are the ones in presets.ALL_PRESETS
            return name
    return None


def write(out: dict, data: str = DATA) -> str:
    path = str(resources.files("dicecup.search").joinpath(data))
    text = json.dumps(out, separators=(",", ":"), sort_keys=True).encode("utf-8")
    with open(path, "wb") as handle:
        handle.write(gzip.compress(text, compresslevel=9, mtime=0))
    return path


def main(names=None) -> int:
    """Solve `names` (default: every game) and rewrite their data files, keeping the games not solved again."""
    names = names or list(GAMES)
    for data in sorted({data_of(name) for name in names}):
        try:
            out = dict(tables(data))
        except FileNotFoundError:
            out = {}
        out.update({name: solve_game(name) for name in names if data_of(name) == data})
        print(f"wrote {write(out, data)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
