"""cfr.Solver's iteration in numpy, for solving bigger graphs offline (a strategy that remembers every bid).

numpy is in the docs and test extras, not a run-time dependency: only `python -m dicecup.search.solved` (which
writes the shipped tables) imports this module. Same game, same CFR+ with linear averaging as cfr.Solver, but
batched: the graph's nodes are sorted by height (a node's children all lie in lower layers), every (node,
action) is one row of an edge array with a node's edges contiguous, and each pass works a whole layer in a few
array operations, so an iteration costs a dozen numpy calls per layer instead of several per node (the whole
one-die dudo tree, 6,173 nodes: 0.26 s an iteration node by node, a few milliseconds batched).
"""
import numpy as np

from .cfr import Solver


class NumpySolver(Solver):
    def __init__(self, game, replay: float = 0.0):
        self.game, self.replay, self.iterations = game, replay, 0
        self._index()
        self.w = np.array([p for _, p, _ in game.hands])
        edges, hands = len(self.parent), len(game.hands)
        self.R = np.zeros((edges, hands))
        self.T = np.zeros((edges, hands))
        self._payoffs()

    def _index(self):
        """Nodes by height, their edges contiguous: parent/child (-1: a call) per edge, layer bounds."""
        g = self.game
        height = {}
        for node in g.order:
            height[node] = 1 + max((height[c] for c in g.children[node] if c is not None), default=-1)
        self.nodes = sorted(g.order, key=height.__getitem__)  # stable: children still before parents
        self.at = {node: i for i, node in enumerate(self.nodes)}
        parent, child, starts, self.calls = [], [], [], []
        for i, node in enumerate(self.nodes):
            starts.append(len(parent))
            for action, kid in zip(g.actions[node], g.children[node]):
                if kid is None:
                    self.calls.append((len(parent), node, action))
                parent.append(i)
                child.append(-1 if kid is None else self.at[kid])
        self.parent, self.child, self.starts = np.array(parent), np.array(child), np.array(starts + [len(parent)])
        self.width = np.diff(self.starts)
        self.layers = []  # (first node, end node, first edge, end edge) per height, lowest first
        for h in sorted(set(height.values())):
            members = [i for i, node in enumerate(self.nodes) if height[node] == h]
            n0, n1 = members[0], members[-1] + 1
            self.layers.append((n0, n1, int(self.starts[n0]), int(self.starts[n1])))
        self.root = self.at[g.root]

    def _payoffs(self):
        hands = len(self.game.hands)
        self.P = np.zeros((len(self.parent), hands, hands))
        for e, node, action in self.calls:
            self.P[e] = self.game.call_payoff(node, action, self.replay)

    def _normalise(self, table):
        """Per edge, the probability of its action: table's rows over their node's sum (uniform at 0)."""
        sums = np.add.reduceat(table, self.starts[:-1], axis=0)[self.parent]
        uniform = (1.0 / self.width)[self.parent][:, None]
        return np.where(sums > 0, table / np.where(sums > 0, sums, 1.0), uniform)

    def _edges_of(self, node):
        i = self.at[node]
        return slice(int(self.starts[i]), int(self.starts[i + 1]))

    def current(self, node):
        return self._normalise(self.R)[self._edges_of(node)].T.tolist()

    def average(self, node):
        return self._normalise(self.T)[self._edges_of(node)].T.tolist()

    def _values(self, sigma):
        """(V[node, x, y], Q[edge, x, y]): the actor's value holding x against y, and each action's."""
        hands = len(self.game.hands)
        V = np.zeros((len(self.nodes), hands, hands))
        Q = self.P.copy()
        for n0, n1, e0, e1 in self.layers:
            kids = self.child[e0:e1]
            moves = np.nonzero(kids >= 0)[0] + e0
            Q[moves] = -V[self.child[moves]].transpose(0, 2, 1)
            V[n0:n1] = np.add.reduceat(sigma[e0:e1, :, None] * Q[e0:e1], self.starts[n0:n1] - e0, axis=0)
        return V, Q

    def values(self, strategy) -> dict:
        sigma = np.zeros_like(self.R)
        for node in self.nodes:
            sigma[self._edges_of(node)] = np.asarray(strategy(node)).T
        V, _ = self._values(sigma)
        return {node: V[i] for i, node in enumerate(self.nodes)}

    def _reach(self, sigma):
        """(own, opp)[node, hand]: the actor's reach and the other seat's, summed over histories."""
        own, opp = np.zeros((2, len(self.nodes), len(self.w)))
        own[self.root], opp[self.root] = 1.0, 1.0
        for n0, n1, e0, e1 in reversed(self.layers):
            edges = np.nonzero(self.child[e0:e1] >= 0)[0] + e0
            kids, parents = self.child[edges], self.parent[edges]
            np.add.at(own, kids, opp[parents])
            np.add.at(opp, kids, own[parents] * sigma[edges])
        return own, opp

    def iterate(self, n: int = 1):
        for _ in range(n):
            self.iterations += 1
            sigma = self._normalise(self.R)
            _, Q = self._values(sigma)
            own, opp = self._reach(sigma)
            cf = np.einsum("exy,ey->ex", Q, (self.w * opp)[self.parent])
            mean = np.add.reduceat(sigma * cf, self.starts[:-1], axis=0)[self.parent]
            np.maximum(self.R + cf - mean, 0.0, out=self.R)
            self.T += own[self.parent] * self.iterations * sigma

    def opener_value(self) -> float:
        V, _ = self._values(self._normalise(self.T))
        return float(self.w @ V[self.root] @ self.w)
