"""cfr.Solver's iteration in numpy, for solving bigger graphs offline (a strategy that remembers every bid).

numpy is in the docs and test extras, not a run-time dependency: only `python -m dicecup.search.solved` (which
writes the shipped tables) imports this module. Same game, same CFR+ with linear averaging as cfr.Solver.
"""
import numpy as np

from .cfr import Solver


class NumpySolver(Solver):
    def __init__(self, game, replay: float = 0.0):
        super().__init__(game, replay)
        g = game
        self.w = np.array([p for _, p, _ in g.hands])
        self.R = {n: np.zeros((len(g.hands), len(g.actions[n]))) for n in g.order}
        self.T = {n: np.zeros((len(g.hands), len(g.actions[n]))) for n in g.order}

    def _payoffs(self):
        super()._payoffs()
        self.np_pay = {key: np.array(rows) for key, rows in self.payoff.items()}

    def _sigma(self, node):
        r = self.R[node]
        s = r.sum(axis=1, keepdims=True)
        uniform = np.full_like(r, 1.0 / r.shape[1])
        return np.where(s > 0, r / np.where(s > 0, s, 1.0), uniform)

    def _q(self, node, value):
        g = self.game
        return np.stack([self.np_pay[node, a] if child is None else -value[child].T
                         for a, child in zip(g.actions[node], g.children[node])])

    def current(self, node):
        return self._sigma(node).tolist()

    def average(self, node):
        t = self.T[node]
        s = t.sum(axis=1, keepdims=True)
        return np.where(s > 0, t / np.where(s > 0, s, 1.0), 1.0 / t.shape[1]).tolist()

    def values(self, strategy) -> dict:
        value = {}
        for node in self.game.order:
            sigma = np.asarray(strategy(node))
            value[node] = np.einsum("xa,axy->xy", sigma, self._q(node, value))
        return value

    def iterate(self, n: int = 1):
        g = self.game
        for _ in range(n):
            self.iterations += 1
            sigma = {node: self._sigma(node) for node in g.order}
            value, q = {}, {}
            for node in g.order:
                q[node] = self._q(node, value)
                value[node] = np.einsum("xa,axy->xy", sigma[node], q[node])
            own = {node: np.zeros(len(self.w)) for node in g.order}
            opp = {node: np.zeros(len(self.w)) for node in g.order}
            own[g.root][:] = 1.0
            opp[g.root][:] = 1.0
            for node in reversed(g.order):
                for k, child in enumerate(g.children[node]):
                    if child is not None:
                        own[child] += opp[node]
                        opp[child] += own[node] * sigma[node][:, k]
            for node in g.order:
                cf = np.einsum("axy,y->xa", q[node], self.w * opp[node])
                mean = (sigma[node] * cf).sum(axis=1, keepdims=True)
                np.maximum(self.R[node] + cf - mean, 0.0, out=self.R[node])
                self.T[node] += (own[node] * self.iterations)[:, None] * sigma[node]

    def opener_value(self) -> float:
        value = self.values(self.average)[self.game.root]
        return float(self.w @ np.asarray(value) @ self.w)
