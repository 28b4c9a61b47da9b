"""Solving a heads-up round by CFR+ over the fast path's bid tables.

The game: two players with `dice` dice each, one round, the opener bids first; a wrong liar or spot call, or a
called bid that was false, loses the stake (+-1). A landed spot call that gives nobody a die (the caller already
holds the starting dice: dudo's one-die game) starts the round again with the caller opening, worth `replay` to
the caller (the opener's value of the game, found by iterating the solve).

The strategy remembers the hand and the last `memory` bids (with whether ones are still wild): with memory 1 the
game is a small graph instead of a tree (about 2 x 6 x dice-in-play nodes), so an iteration is a few thousand
multiplications; a memory longer than any bid sequence is the whole tree (full recall, what the wild one-die
games need: memory 1 leaves them 0.16-0.20 exploitable, the whole tree 0.01). The graph is the same for either
player to act (the one who did not make the standing bid), so one strategy serves both seats. How far a
strategy is from the equilibrium is measured exactly, against a best response that remembers everything, by
search/exploit.py (bench/exploitability.py).
"""
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from . import fast


@lru_cache(maxsize=None)
def hands(n: int) -> tuple:
    """Every hand of n dice as (sorted dice, probability, per-face counts)."""
    out = []
    for combo in combinations_with_replacement(range(1, 7), n):
        counts = [0] * 7
        for die in combo:
            counts[die] += 1
        out.append((combo, factorial(n) / prod(factorial(c) for c in counts) / 6 ** n, tuple(counts)))
    return tuple(out)


class RoundGame:
    """The graph of a heads-up round: nodes (the last `memory` bids, wild), each node's actions and call payoffs.

    `dice` is the dice each seat holds, or (the opener's, the responder's) for an endgame of uneven dice. Uneven,
    the seats' hands differ, so a node also names the seat to act (0: the opener, 1: the responder), which the last
    few bids alone no longer tell: (bids, wild, role); `hands_of(role)` is that seat's hands."""

    def __init__(self, fr: fast.FastRules, dice, replay_spot: bool, memory: int = 1):
        self.seat_dice = tuple(dice) if isinstance(dice, (tuple, list)) else (dice, dice)
        self.uneven = self.seat_dice[0] != self.seat_dice[1]
        self.fr, self.replay_spot, self.memory = fr, replay_spot, memory
        self.dice = self.seat_dice if self.uneven else self.seat_dice[0]
        if self.uneven and replay_spot:  # a replayed round would swap who opens: a game of its own, not priced here
            raise ValueError("an uneven endgame is solved only where a landed spot call never replays the round")
        self.hands = hands(self.seat_dice[0])  # the opener's (every seat's, when even)
        self.cap = sum(self.seat_dice)
        self.root = ((), fr.wild, 0) if self.uneven else ((), fr.wild)
        self.actions, self.children = {}, {}
        self.order = []  # nodes, children before parents
        self._visit(self.root)

    def role(self, node) -> int:
        """The seat to act at `node`: 0 the opener, 1 the responder (always 0 when the dice are even: one
        strategy serves both seats)."""
        return node[2] if self.uneven else 0

    def hands_of(self, role: int) -> tuple:
        return hands(self.seat_dice[role])

    def legal(self, node) -> tuple:
        bids, wild = node[:2]
        return fast.legal(fast.tables(self.cap, wild, self.fr.ones, self.fr.calls), bids[-1] if bids else -1,
                          False)

    def _visit(self, node):
        if node in self.actions:
            return
        acts = self.legal(node)
        self.actions[node] = acts
        kids = []
        for action in acts:
            if action < 0:
                kids.append(None)
                continue
            wild = False if not node[0] and fast.opens_unwild(self.fr, node[1], action) else node[1]
            child = ((node[0] + (action,))[-self.memory:], wild) + ((1 - node[2],) if self.uneven else ())
            kids.append(child)
            self._visit(child)
        self.children[node] = kids
        self.order.append(node)

    def call_payoff(self, node, call: int, replay: float):
        """payoff[x][y] to the caller holding hand x against hand y (uneven: the caller's hands, the bidder's)."""
        bids, wild = node[:2]
        quantity, face = bids[-1] // 6 + 1, bids[-1] % 6 + 1
        role = self.role(node)
        rows = []
        for _, _, cx in self.hands_of(role):
            row = []
            for _, _, cy in self.hands_of(1 - role):
                n = cx[face] + cy[face] + (cx[1] + cy[1] if wild and face != 1 else 0)
                if call == fast.LIAR:
                    row.append(1.0 if n < quantity else -1.0)
                elif n == quantity:
                    row.append(replay if self.replay_spot else 1.0)
                else:
                    row.append(-1.0)
            rows.append(row)
        return rows


class Solver:
    """CFR+ with linear averaging on a RoundGame."""

    def __init__(self, game: RoundGame, replay: float = 0.0):
        if game.uneven:
            raise ValueError("an uneven endgame is solved by npcfr.NumpySolver")
        self.game, self.replay = game, replay
        h = len(game.hands)
        self.regret = {node: [[0.0] * len(game.actions[node]) for _ in range(h)] for node in game.order}
        self.total = {node: [[0.0] * len(game.actions[node]) for _ in range(h)] for node in game.order}
        self.iterations = 0
        self._payoffs()

    def _payoffs(self):
        g = self.game
        self.payoff = {(node, a): g.call_payoff(node, a, self.replay)
                       for node in g.order for a in g.actions[node] if a < 0}

    def set_replay(self, replay: float):
        self.replay = replay
        self._payoffs()

    def current(self, node):
        out = []
        for row in self.regret[node]:
            positive = [r if r > 0 else 0.0 for r in row]
            s = sum(positive)
            out.append([p / s for p in positive] if s > 0 else [1.0 / len(row)] * len(row))
        return out

    def average(self, node):
        out = []
        for row in self.total[node]:
            s = sum(row)
            out.append([p / s for p in row] if s > 0 else [1.0 / len(row)] * len(row))
        return out

    def values(self, strategy) -> dict:
        """V[node][x][y]: the actor's expected payoff holding x against y, everybody playing `strategy`."""
        g, h = self.game, range(len(self.game.hands))
        value = {}
        for node in g.order:
            sigma = strategy(node)
            acc = [[0.0] * len(g.hands) for _ in h]
            for k, (action, child) in enumerate(zip(g.actions[node], g.children[node])):
                if child is None:
                    pay = self.payoff[node, action]
                    for x in h:
                        p, px, ax = sigma[x][k], pay[x], acc[x]
                        if p:
                            for y in h:
                                ax[y] += p * px[y]
                else:
                    vc = value[child]
                    for x in h:
                        p, ax = sigma[x][k], acc[x]
                        if p:
                            for y in h:
                                ax[y] -= p * vc[y][x]
            value[node] = acc
        return value

    def iterate(self, n: int = 1):
        g = self.game
        hs = range(len(g.hands))
        w = [p for _, p, _ in g.hands]
        for _ in range(n):
            self.iterations += 1
            sigma = {node: self.current(node) for node in g.order}
            value = self.values(sigma.__getitem__)
            # reach: own[node][x] (the actor's own), opp[node][y] (the other seat's), summed over histories
            own = {node: [0.0] * len(w) for node in g.order}
            opp = {node: [0.0] * len(w) for node in g.order}
            own[g.root], opp[g.root] = [1.0] * len(w), [1.0] * len(w)
            for node in reversed(g.order):
                s, o, sg = own[node], opp[node], sigma[node]
                for k, child in enumerate(g.children[node]):
                    if child is None:
                        continue
                    oc, sc = own[child], opp[child]
                    for x in hs:
                        oc[x] += o[x]
                        sc[x] += s[x] * sg[x][k]
            for node in g.order:
                o, s, sg = opp[node], own[node], sigma[node]
                weights = [w[y] * o[y] for y in hs]
                regret, total = self.regret[node], self.total[node]
                for x in hs:
                    q = []
                    for action, child in zip(g.actions[node], g.children[node]):
                        if child is None:
                            pay = self.payoff[node, action][x]
                            q.append(sum(weights[y] * pay[y] for y in hs))
                        else:
                            vc = value[child]
                            q.append(-sum(weights[y] * vc[y][x] for y in hs))
                    mean = sum(p * v for p, v in zip(sg[x], q))
                    rx, tx, reach = regret[x], total[x], s[x] * self.iterations
                    for k in range(len(q)):
                        rx[k] = max(0.0, rx[k] + q[k] - mean)
                        tx[k] += reach * sg[x][k]

    def opener_value(self) -> float:
        """The opener's expected payoff under the average strategy (dealt hands weighted)."""
        g = self.game
        value = self.values(self.average)[g.root]
        weights = [p for _, p, _ in g.hands]
        return sum(px * py * value[x][y] for x, px in enumerate(weights) for y, py in enumerate(weights))


def replays_spot(fr: fast.FastRules, dice: int) -> bool:
    """A landed spot call by a seat holding `dice` changes nobody's dice, as the engine rules it (resolve.py): a
    die back stops at the starting dice, a die put away (build-up) at one; the exact table costs the other seat.
    For (the opener's dice, the responder's), whether either seat's would."""
    if isinstance(dice, (tuple, list)):
        return any(replays_spot(fr, d) for d in dice)
    if fr.exact_table:
        return False
    return dice <= 1 if fr.gain else dice >= fr.start


def solve(fr: fast.FastRules, dice: int, iterations: int = 2000, replay_spot: bool = None, passes: int = 4,
          memory: int = 1, solver_class=None):
    """CFR+ on the heads-up round; a landed spot that replays is priced at the opener's value, found over
    `passes` solves. Returns the Solver."""
    if replay_spot is None:
        replay_spot = replays_spot(fr, dice)
    solver = (solver_class or Solver)(RoundGame(fr, dice, replay_spot, memory))
    for _ in range(passes if replay_spot and fast.SPOT in fr.calls else 1):
        solver.iterate(iterations)
        solver.set_replay(solver.opener_value())
    return solver
