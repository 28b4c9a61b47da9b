"""cfr.Solver's iteration in numpy, for solving bigger graphs offline (a strategy that remembers every bid, or the
last few bids of a two-dice round: thousands of nodes).

numpy is in the docs and test extras, not a run-time dependency: only `python -m dicecup.search.solved` (which
writes the shipped tables) imports this module. Same game, same CFR+ with linear averaging as cfr.Solver, but
over the graph's edges (a node's actions) as flat arrays, a level at a time (a node's level: the longest way
down to a call; a level's nodes depend on lower levels only). The nodes are numbered level by level, so a
level's nodes, and their edges, are each one slice.
"""
import numpy as np


class NumpySolver:
    """cfr.Solver's interface: iterate, set_replay, current/average(node), opener_value."""

    def __init__(self, game, replay: float = 0.0):
        g = self.game = game
        self.replay, self.iterations = replay, 0
        self.nodes = _by_level(g)
        self.index = {node: i for i, node in enumerate(self.nodes)}
        starts, self.node_of, child = [], [], []
        for i, node in enumerate(self.nodes):
            starts.append(len(child))
            for kid in g.children[node]:
                self.node_of.append(i)
                child.append(-1 if kid is None else self.index[kid])
        self.start, self.node_of, self.child = np.array(starts), np.array(self.node_of), np.array(child)
        self.width = np.diff(np.append(self.start, len(child)))
        self.levels = self._slices()
        # Each seat's hands' chances, padded with hands of chance 0 to the larger seat's count when the dice are
        # uneven (their rows are never asked for); w_other[i]: the chances of the seat not acting at node i.
        chances = [np.array([p for _, p, _ in g.hands_of(role)]) for role in (0, 1)]
        self.h = max(len(c) for c in chances)
        chances = [np.pad(c, (0, self.h - len(c))) for c in chances]
        roles = np.array([g.role(node) for node in self.nodes])
        self.w_own, self.w_other = np.stack(chances)[roles], np.stack(chances)[1 - roles]
        self.R = np.zeros((len(child), self.h))
        self.T = np.zeros((len(child), self.h))
        self._payoffs()

    def _slices(self) -> list:
        """(nodes, edges) of each level as slices, lowest level first."""
        height = _heights(self.game, self.nodes)
        out, first = [], 0
        edge_end = np.append(self.start, len(self.child))
        while first < len(self.nodes):
            last = first
            while last < len(self.nodes) and height[last] == height[first]:
                last += 1
            out.append((slice(first, last), slice(edge_end[first], edge_end[last])))
            first = last
        return out

    def _payoffs(self):
        """pays[pay_id[e]]: a call's payoff to the caller (x, y); 0, all zeros, for a raise. One matrix per
        distinct (standing bid, wild, call): there are few."""
        g, made = self.game, {}
        h = self.h
        pays, ids = [np.zeros((h, h))], []
        for node in self.nodes:
            for action, child in zip(g.actions[node], g.children[node]):
                key = (node[0][-1], node[1], g.role(node), action) if child is None else None
                if key is not None and key not in made:
                    made[key] = len(pays)
                    pay = np.array(g.call_payoff(node, action, self.replay))
                    pays.append(np.pad(pay, ((0, h - pay.shape[0]), (0, h - pay.shape[1]))))
                ids.append(made.get(key, 0))
        self.pays, self.pay_id = np.stack(pays), np.array(ids)

    def set_replay(self, replay: float):
        self.replay = replay
        self._payoffs()

    def _sigma(self, table) -> np.ndarray:
        """Each node's rows of `table` normalised over its edges (uniform where a row is all zero)."""
        s = np.add.reduceat(table, self.start, axis=0)[self.node_of]
        return np.where(s > 0, table / np.where(s > 0, s, 1.0), 1.0 / self.width[self.node_of][:, None])

    def _q(self, edges, value) -> np.ndarray:
        """q[e, x, y]: the actor's payoff holding x against y after edge e."""
        kids = self.child[edges]
        q = self.pays[self.pay_id[edges]]
        raised = kids >= 0
        q[raised] = -value[kids[raised]].transpose(0, 2, 1)
        return q

    def _values(self, sigma) -> np.ndarray:
        value = np.zeros((len(self.nodes), self.h, self.h))
        for nodes, edges in self.levels:
            weighed = sigma[edges][:, :, None] * self._q(edges, value)
            value[nodes] = np.add.reduceat(weighed, self.start[nodes] - edges.start, axis=0)
        return value

    def _reach(self, sigma) -> tuple:
        """own[i, x] (the actor's), opp[i, y] (the other seat's), summed over the histories reaching node i."""
        own, opp = np.zeros((2, len(self.nodes), self.h))
        root = self.index[self.game.root]
        own[root] = opp[root] = 1.0
        for _, edges in reversed(self.levels):
            kids, parents = self.child[edges], self.node_of[edges]
            raised = kids >= 0
            np.add.at(own, kids[raised], opp[parents[raised]])
            np.add.at(opp, kids[raised], (own[parents] * sigma[edges])[raised])
        return own, opp

    def current(self, node):
        return self._row(self._sigma(self.R), node)

    def average(self, node):
        return self._row(self._sigma(self.T), node)

    def averages(self) -> dict:
        """Every node's average strategy: hands x actions."""
        sigma = self._sigma(self.T)
        return {node: self._row(sigma, node) for node in self.nodes}

    def _row(self, sigma, node) -> list:
        """hands x actions: the rows of the hands of the seat to act (uneven: not the padding)."""
        i = self.index[node]
        real = len(self.game.hands_of(self.game.role(node)))
        return sigma[self.start[i]:self.start[i] + self.width[i]].T[:real].tolist()

    def iterate(self, n: int = 1):
        for _ in range(n):
            self.iterations += 1
            sigma = self._sigma(self.R)
            value = self._values(sigma)
            own, opp = self._reach(sigma)
            for nodes, edges in self.levels:
                parents = self.node_of[edges]
                cf = np.einsum("exy,ey->ex", self._q(edges, value), self.w_other[parents] * opp[parents])
                mean = np.add.reduceat(sigma[edges] * cf, self.start[nodes] - edges.start, axis=0)
                self.R[edges] = np.maximum(self.R[edges] + cf - mean[parents - nodes.start], 0.0)
                self.T[edges] += own[parents] * self.iterations * sigma[edges]

    def opener_value(self) -> float:
        root = self.index[self.game.root]
        value = self._values(self._sigma(self.T))[root]
        return float(self.w_own[root] @ value @ self.w_other[root])


def _heights(game, nodes) -> list:
    """A node's level: 0 if all its actions are calls, else one more than its highest child's."""
    height = {}
    for node in game.order:  # children before parents
        kids = [height[k] for k in game.children[node] if k is not None]
        height[node] = max(kids) + 1 if kids else 0
    return [height[node] for node in nodes]


def _by_level(game) -> list:
    """The game's nodes, lowest level first (game.order within a level)."""
    height = dict(zip(game.order, _heights(game, game.order)))
    return sorted(game.order, key=height.__getitem__)
