"""The solved heads-up games the expert plays from: CFR+ strategies shipped as package data (data/solved.json.gz
for one die each, data/twodice-NAME.json.gz for two).

    python -m dicecup.search.solved [names]  solve the games in GAMES (default: all) again and rewrite their files

A game is a round's graph and payoffs, and many rules sets share one: `round_key` names it from the FastRules
fields that make it (how ones bid while wild, and what a spot call is there and what a landed one does), so
`find` matches a table to its game by that key, never by preset name. At one die each: ones not wild bid alike
in every preset; lose=, palifico (its round stays with the search), clock, load and limit change what follows
the round, not its bidding; exact=on's two-dice miss is out either way. Each game is solved by cfr.solve (numpy,
offline) with the memory (how many of the last bids the strategy remembers; 64: every bid, the whole tree) that
brings its exploitability down; a strategy is stored per node as "bids/wild" -> per hand (cfr.hands order: at
one die the die, 1..6) its actions with their probabilities to three decimals (pack_rows), those under 0.001 left
out (the bot renormalises), and only at the nodes its own play reaches (`reached`). With two dice each the whole tree is
too big: the strategy remembers the last 3 (classic) or 4 (dudo) bids, an imperfect-recall abstraction solved by
the same CFR+ (as Neller and Hnath solved two-player Dudo), measured against a best response that remembers
every bid (search/npexploit.py).
"""
import gzip
import json
import sys
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

from dicecup.rules import RulesError, Rules
from dicecup.rules.presets import PRESETS

from . import cfr, fast

DATA = "data/solved.json.gz"  # gzip: the whole one-die dudo tree is 6,173 bid histories
# A two-dice table is thousands of nodes of 21 hands: a file each, so a game reads only its own; so is an endgame of
# uneven dice (one die against two), whose nodes also name the seat to act.
TWO_DICE = "data/twodice-{name}.json.gz"
ENDGAME = "data/endgame-{name}.json.gz"


class Game(NamedTuple):
    rules: str        # a rules set that plays this game (any other with the same round_key shares the table)
    dice: object      # dice each, or (the opener's, the responder's) in an endgame of uneven dice
    memory: int       # bids remembered (64: every bid)
    iterations: int   # CFR+ iterations a pass


GAMES = {
    "classic-1": Game("classic dice=1", 1, 1, 1000),
    "classic-spot-1": Game("classic spot=on dice=1", 1, 64, 2000),
    "classic-exact-1": Game("classic exact=on dice=1", 1, 64, 2000),
    "dudo-nospot-1": Game("dudo spot=off dice=1", 1, 64, 2000),
    "dudo-1": Game("dudo dice=1", 1, 64, 2000),
    "dudo-regain-1": Game("dudo", 1, 64, 2000),  # five dice down to one each: a landed spot wins a die back
    "revolver-nospot-1": Game("revolver spot=off dice=1", 1, 64, 2000),
    "revolver-1": Game("revolver dice=1", 1, 64, 2000),
    "wild-1": Game("classic wild=on dice=1", 1, 64, 2000),
    "wild-spot-1": Game("classic wild=on spot=on dice=1", 1, 64, 2000),
    "wild-exact-1": Game("classic wild=on exact=on dice=1", 1, 64, 2000),
    "classic-2": Game("classic dice=2", 2, 3, 1000),
    "dudo-2": Game("dudo dice=2", 2, 4, 300),
    "revolver-2": Game("revolver dice=2", 2, 4, 1000),
    "classic-spot-2": Game("classic spot=on dice=2", 2, 3, 1000),
    "classic-spot-win-2": Game("classic spot=on", 2, 3, 1000),  # five dice down to two each: a landed spot wins
    "revolver-nospot-2": Game("revolver spot=off dice=2", 2, 4, 1000),
    "wild-2": Game("classic wild=on dice=2", 2, 3, 1000),
    "wild-spot-2": Game("classic wild=on spot=on dice=2", 2, 3, 1000),
    "wild-spot-win-2": Game("classic wild=on spot=on", 2, 3, 1000),
    "dudo-nospot-2": Game("dudo spot=off dice=2", 2, 4, 300),
    "dudo-win-2": Game("dudo", 2, 4, 300),  # the preset's own game at two dice each: a landed spot wins a die back
    # Endgames of uneven dice, the opener's first: one die against two either way round. Only where no landed spot
    # replays the round (a replay would swap who opens: a game of its own).
    "classic-1v2": Game("classic", (1, 2), 4, 400),
    "classic-2v1": Game("classic", (2, 1), 4, 400),
    "wild-1v2": Game("classic wild=on", (1, 2), 4, 400),
    "wild-2v1": Game("classic wild=on", (2, 1), 4, 400),
    "dudo-win-1v2": Game("dudo", (1, 2), 4, 400),
    "dudo-win-2v1": Game("dudo", (2, 1), 4, 400),
}


def round_key(fr: fast.FastRules, dice: int) -> str:
    """The heads-up round with `dice` each (or (the opener's, the responder's)), as the fields that make it: equal
    keys, the same game."""
    bidding = fast.ones_name(fr.ones) if fr.wild else "unwild"
    if fast.SPOT not in fr.calls:
        spot = "none"
    else:  # a miss loses the round either way; a hit replays it, or wins it (the table, or a die back)
        spot = "replay" if cfr.replays_spot(fr, dice) else "win"
    dice = "v".join(map(str, dice)) if isinstance(dice, (tuple, list)) else dice
    return f"dice={dice} ones={bidding} spot={spot}"


def game_key(name: str) -> str:
    game = GAMES[name]
    return round_key(fast.FastRules.of(Rules.parse(game.rules)), game.dice)


@lru_cache(maxsize=1)
def _by_key() -> dict:
    return {game_key(name): name for name in GAMES}


def node_key(bids, wild, role=None) -> str:
    """`3,9/w`; in an endgame of uneven dice the seat to act too (0: the opener): `3,9/w/1`."""
    return ",".join(map(str, bids)) + ("/w" if wild else "/-") + ("" if role is None else f"/{role}")


def solve_game(name: str) -> dict:
    return solve_table(*GAMES[name])


def solve_table(text: str, dice: int, memory: int, iterations: int) -> dict:
    """A table as shipped (Solved reads it): the heads-up round of rules `text` with `dice` each, solved by CFR+
    remembering the last `memory` bids."""
    from .npcfr import NumpySolver  # numpy: only here, offline (not a run-time dependency)
    fr = fast.FastRules.of(Rules.parse(text))
    solver = cfr.solve(fr, dice, iterations=iterations, memory=memory, passes=3, solver_class=NumpySolver)
    g = solver.game
    rows = {node: [[[a, round(p, 3)] for a, p in zip(g.actions[node], row) if p >= 1e-3] for row in averages]
            for node, averages in solver.averages().items()}
    strategy = {node_key(*node): pack_rows(rows[node]) for node in reached(g, rows)}
    return {"rules": text, "key": round_key(fr, dice), "dice": dice, "memory": memory, "iterations": iterations,
            "opener_value": round(solver.opener_value(), 5), "strategy": strategy}


def reached(game: cfr.RoundGame, rows) -> list:
    """The nodes where the seat to act can stand when it has played `rows` (node -> per hand [[action, p]]) to
    get there, whatever the other seat bids: the only ones the bot asks while it plays from the table (the expert
    searches any other), so the only ones shipped."""
    def hands(node, seat):  # the hands of the seat to act at node (seat 0), or of the other (1)
        return len(game.hands_of(game.role(node) ^ seat))
    own = {node: [0.0] * hands(node, 0) for node in game.order}    # the actor's reach, per hand
    other = {node: [0.0] * hands(node, 1) for node in game.order}  # the other seat's
    own[game.root], other[game.root] = [1.0] * hands(game.root, 0), [1.0] * hands(game.root, 1)
    for node in reversed(game.order):  # parents before children
        probability = [dict(map(tuple, row)) for row in rows[node]]
        for action, child in zip(game.actions[node], game.children[node]):
            if child is not None:
                for x in range(hands(node, 1)):
                    own[child][x] += other[node][x]
                for x in range(hands(node, 0)):
                    other[child][x] += own[node][x] * probability[x].get(action, 0.0)
    return [node for node in game.order if any(own[node])]


@lru_cache(maxsize=None)
def tables(path: str = DATA) -> dict:
    packed = resources.files("dicecup.search").joinpath(path).read_bytes()
    return json.loads(gzip.decompress(packed).decode("utf-8"))


def data_of(name: str) -> str:
    dice = GAMES[name].dice
    if isinstance(dice, tuple):
        return ENDGAME.format(name=name)
    return DATA if dice == 1 else TWO_DICE.format(name=name)


def pack_rows(rows) -> str:
    """A node's rows (per hand [[action, p], ...]) as one short string, `a:p,a:p;a:p...` with p in thousandths:
    a table of thousands of nodes then loads as that many strings, in a tenth of the time nested lists take (the
    two-dice tables took 1.5 s, over a bot's first turn), each node's rows read when first asked."""
    return ";".join(",".join(f"{a}:{round(p * 1000)}" for a, p in row) for row in rows)


def unpack_rows(text: str) -> list:
    return [[[int(a), int(q) / 1000] for a, q in (entry.split(":") for entry in part.split(","))]
            for part in text.split(";")]


class Strategy(dict):
    """node key -> its rows, as stored (pack_rows), unpacked when first read."""

    def __getitem__(self, key):
        value = super().__getitem__(key)
        if isinstance(value, str):
            value = unpack_rows(value)
            super().__setitem__(key, value)
        return value

    def get(self, key, default=None):
        return self[key] if key in self else default


class Solved:
    """One solved game: the strategy's distribution for a hand after a bid history (action ids)."""

    def __init__(self, name: str, data: dict = None):
        """The shipped table `name`, or a table solve_table made (`data`)."""
        data = data or tables(data_of(name))[name]
        self.name, self.rules, self.memory = name, Rules.parse(data["rules"]), data["memory"]
        self.fr = fast.FastRules.of(self.rules)
        self.strategy = Strategy(data["strategy"])
        self.dice = tuple(data["dice"]) if isinstance(data["dice"], list) else data["dice"]
        self.uneven = isinstance(self.dice, tuple)
        self._graph = None

    def node(self, history) -> tuple:
        wild = self.fr.wild and not (history and fast.opens_unwild(self.fr, self.fr.wild, history[0]))
        node = tuple(history[-self.memory:]) if history else (), wild
        return node + (len(history) % 2,) if self.uneven else node  # uneven: whose turn it is, too

    def holds(self, history) -> bool:
        """The table has this bid history (it ships only those its own play can reach)."""
        return node_key(*self.node(history)) in self.strategy

    def dist(self, hand, history) -> dict:
        """{action id: probability} for a hand (its dice, in any order) after `history`."""
        return self.at(hand, self.node(history))

    def at(self, hand, node) -> dict:
        """{action id: probability} for a hand at a node of round_game(); a node its own play never reaches
        (not shipped) is played evenly, which weighs nothing in what the table's play earns."""
        stored = self.strategy.get(node_key(*node))
        if stored is None:
            actions = self.round_game().actions[node]
            return {a: 1.0 / len(actions) for a in actions}
        row = stored[_hand_index(len(hand))[tuple(sorted(hand))]]
        total = sum(p for _, p in row)
        return {a: p / total for a, p in row}

    def round_game(self) -> cfr.RoundGame:
        """The round as it was solved: the graph of this strategy's nodes (what npexploit measures it on)."""
        if self._graph is None:
            self._graph = cfr.RoundGame(self.fr, self.dice, cfr.replays_spot(self.fr, self.dice), self.memory)
        return self._graph


@lru_cache(maxsize=None)
def _hand_index(dice: int) -> dict:
    """sorted hand -> its row in a stored node (cfr.hands order: at one die, the die minus one)."""
    return {combo: i for i, (combo, _, _) in enumerate(cfr.hands(dice))}


def find(rules: Rules, dice_counts) -> str:
    """The solved game that is this table's round, or None: heads-up, `dice_counts` the opener's dice and the
    responder's (the same each, or an endgame of uneven dice), a key in GAMES."""
    if len(dice_counts) != 2:
        return None
    dice = dice_counts[0] if dice_counts[0] == dice_counts[1] else tuple(dice_counts)
    return _by_key().get(round_key(fast.FastRules.of(rules), dice))


ROUND_SWITCHES = {"wild": (True, False), "spot": (True, False), "exact": (True, False),
                  "lose": ("die", "difference", "none")}  # the switches a heads-up one-die round could depend on


def one_die_rules() -> list:
    """Every face-bid preset with every valid set of ROUND_SWITCHES and a starting dice that reaches one die
    each: one, and the preset's own (build-up, which starts at one: two, whose players can put a die away)."""
    out = []
    for preset in PRESETS.values():
        offered = [name for name in ROUND_SWITCHES if preset.offers(name)]
        default = preset.defaults["dice"]
        for start in sorted({1, default if default > 1 else 2}):
            for values in _product([ROUND_SWITCHES[name] for name in offered]):
                chosen = {**dict(zip(offered, values)), "dice": start}
                try:
                    out.append(Rules(preset, {k: v for k, v in chosen.items() if preset.defaults[k] != v}))
                except RulesError:
                    continue  # spot and exact together, lose=none without the revolver
    return out


def _product(pools) -> list:
    combos = [()]
    for pool in pools:
        combos = [c + (v,) for c in combos for v in pool]
    return combos


def exploitability(name: str) -> float:
    """What a best response wins a game (stakes) against the shipped table `name` in its game, exactly
    (search/exploit.py at one die; with two, npexploit's numpy walk, offline only)."""
    game, solved = GAMES[name], Solved(name)
    if game.dice != 1:
        from . import npexploit
        return npexploit.solved_exploitability(solved)
    from . import exploit
    graph = heads_up_round(Rules.parse(game.rules), game.dice)
    return exploit.exploitability(graph, lambda hand, history, node: [solved.dist(hand, history).get(a, 0.0)
                                                                      for a in graph.actions[node]])


def heads_up_round(rules: Rules, dice: int) -> cfr.RoundGame:
    """The heads-up round with `dice` each as the best response plays it (the rules need only the standing
    bid: memory 1)."""
    fr = fast.FastRules.of(rules)
    return cfr.RoundGame(fr, dice, cfr.replays_spot(fr, dice))


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
