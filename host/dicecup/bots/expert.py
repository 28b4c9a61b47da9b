"""`expert`: the solved game where there is one, search everywhere else.

Heads-up with one die each, or two dice each (dudo's and classic's bidding, outside a palifico round) it plays the
CFR+ strategy shipped in dicecup/search/data/ (solved.json.gz, twodice.json.gz: the two-dice strategies remember
the last few bids), drawing its action from it: near the equilibrium, so no strategy wins much against it
(bench/exploitability.py and bench/twodice.py measure how much, exactly).

Elsewhere it searches. It deals the other seats' hidden hands `worlds` times from what it believes of them (every
hand weighed by how well it explains the bids that seat made this round, as `hard` reads a table), and prices
each of its candidate actions in those same worlds: a call by the count, a raise by playing the round out on the
fast engine (search/rollout.py) with every seat playing the odds of its own hand. It takes the action least
likely to cost it a die (a landed spot call counts as a gain where it gives a die back or costs the others).
One answer per view makes it readable to a player who knew its search exactly (a best response wins 0.37 stakes
a round of heads-up classic with two dice each, 1.0 at dudo); playing evenly among the actions priced within 0.03
of the best was tried and was no better (0.38; 59.8 % against hard heads-up instead of 62.3 %).
The worlds are drawn from a generator seeded by the bot's seed and the view, so `policy(view)` is the very
distribution `act(view)` draws from. bench/bot_speed.py-style timing: bench/expert_speed.py (p99 at 30 dice).
"""
import random
from functools import lru_cache
from bisect import bisect_right
from itertools import accumulate

from dicecup.rules import LIAR, SPOT, Bid, Rules
from dicecup.rules.presets import EXACT_TABLE
from dicecup.search import fast, rollout
from dicecup.search.solved import Solved, find

from .beliefs import MAX_READ, Belief, BidModel, hand_weights, hands
from .player import OddsPlayer


class Expert:
    worlds = 160       # hidden deals each decision is priced in
    candidates = 8     # raises (or openings) it plays out
    model = BidModel()

    def __init__(self, seed=None):
        self.seed = seed
        self.rng = random.Random(seed)
        self._solved = {}
        self._last = None

    # -- the interface -------------------------------------------------------------------------------------
    def act(self, view):
        dist = self._last[1] if self._last is not None and self._last[0] is view else self.policy(view)
        actions = list(dist)
        return self.rng.choices(actions, weights=[dist[a] for a in actions])[0] if len(actions) > 1 else actions[0]

    def policy(self, view) -> dict:
        rules = _rules(view)
        solved = self._solved_game(view, rules)
        if solved is not None:
            history = tuple(fast.to_id(Bid.parse(text)) for _, text in view.bids)
            by_id = {fast.to_id(a): a for a in view.legal}
            dist = {by_id[a]: p for a, p in solved.dist(view.dice, history).items() if p > 0}
        else:
            dist = {self.search(view, rules): 1.0}
        self._last = (view, dist)  # act() on the very same view draws from this, without searching again
        return dist

    def _solved_game(self, view, rules):
        if view.palifico is not None:
            return None
        name = find(rules, [view.dice_counts[s] for s in view.seats])
        if name is None:
            return None
        if name not in self._solved:
            self._solved[name] = Solved(name)
        history = tuple(fast.to_id(Bid.parse(text)) for _, text in view.bids)
        # a history its own table never plays into (the guard's stand-in made one of its bids) is the search's
        return self._solved[name] if self._solved[name].holds(history) else None

    # -- the search ----------------------------------------------------------------------------------------
    def search(self, view, rules):
        fr = fast.FastRules.of(rules)
        me = view.seats.index(view.seat)
        counts, worlds = self._deal(view, me)
        cap, wild, standing = view.in_play, view.wild, view.standing
        palifico = view.seats.index(view.palifico) if view.palifico is not None else None
        scores = []  # (expected loss, order, action): lowest loss wins, then calls before raises
        if standing is not None:
            q, f = standing
            fw = wild and f != 1
            hits = [w[f] + (w[1] if fw else 0) for w in worlds]
            if LIAR in view.legal:
                scores.append((sum(1 for n in hits if n >= q) / len(hits), 0, LIAR))
            if SPOT in view.legal:
                exact = sum(1 for n in hits if n == q) / len(hits)
                scores.append(((1 - exact) * (2 if rules.exact else 1) - exact * _spot_gain(view, rules), 1, SPOT))
        for action in self._raises(view, rules):
            aid = fast.to_id(action)
            round_wild = False if standing is None and fast.opens_unwild(fr, wild, aid) else wild
            lost = 0
            for table in counts:
                if rollout.play_out(fr, table, range(len(view.seats)), cap, round_wild, aid, me, palifico) == me:
                    lost += 1
            scores.append((lost / len(counts), 2, action))
        if not scores:
            return view.legal[0]
        return min(scores, key=lambda s: s[:2])[2]

    def _raises(self, view, rules):
        """The raises worth playing out: the likeliest by `hard`'s reading of the table, the odds choice first."""
        belief = Belief(view, self.model)
        bids = [a for a in view.legal if isinstance(a, Bid)]
        if not bids:
            return []
        if view.standing is None:
            per_face = {}
            for b in bids:
                if belief.at_least(b) >= 0.5 or b.face not in per_face:
                    per_face[b.face] = b
            pool = list(per_face.values())
        else:
            pool = bids[:36]
        own = _HONEST.opening(view, belief, bids) if view.standing is None else \
            _HONEST.raising(view, belief, bids)[0]
        ranked = sorted(pool, key=lambda b: -belief.at_least(b))
        return list(dict.fromkeys([own] + ranked))[:self.candidates]

    def _deal(self, view, me):
        """`worlds` deals of the hidden hands: per world, per seat (in view.seats order) the per-face counts,
        and the table's per-face totals."""
        rng = random.Random(f"{self.seed}:{view.seat}:{view.dice}:{view.bids}:{len(view.history)}")
        by_seat = {}
        for seat, text in view.bids:
            bid = Bid.parse(text)
            by_seat.setdefault(seat, []).append((bid.quantity, bid.face))
        mine = [0] * 7
        for d in view.dice:
            mine[d] += 1
        samplers = []
        for seat in view.seats:
            if seat == view.seat:
                samplers.append(None)
                continue
            n = view.dice_counts[seat]
            table = hands(n) if n <= MAX_READ else None
            if table is None:
                samplers.append((n, None, None))
                continue
            weights = hand_weights(self.model, n, view.in_play, view.wild, tuple(by_seat.get(seat, ())))
            faces = [tuple([0] + [table.plain[f][h] for f in range(1, 7)]) for h in range(len(weights))]
            samplers.append((n, list(accumulate(weights)), faces))
        counts, worlds = [], []
        for _ in range(self.worlds):
            per_seat, total = [], list(mine)
            for i, sampler in enumerate(samplers):
                if sampler is None:
                    per_seat.append(mine)
                    continue
                n, cum, faces = sampler
                if cum is None:
                    c = [0] * 7
                    for _ in range(n):
                        c[rng.randint(1, 6)] += 1
                else:
                    c = faces[min(len(faces) - 1, bisect_right(cum, rng.random() * cum[-1]))]
                per_seat.append(c)
                for f in range(1, 7):
                    total[f] += c[f]
            counts.append(per_seat)
            worlds.append(total)
        return counts, worlds


def _spot_gain(view, rules) -> float:
    """What a landed spot call is worth against a lost die: a die back (if it can hold one more) or the others'
    loss."""
    if rules.exact or rules.preset.spot_style == EXACT_TABLE:
        return 0.5
    return 0.5 if view.dice_counts[view.seat] < rules.dice else 0.1


@lru_cache(maxsize=64)
def _parse(preset: str, switches: tuple) -> Rules:
    return Rules.from_words(preset, [f"{k}={v}" for k, v in switches])


def _rules(view) -> Rules:
    return _parse(view.rules, tuple(sorted(view.switches.items())))


_HONEST = OddsPlayer(seed=0)  # the odds player's honest opening and raise: the first candidate the search prices
