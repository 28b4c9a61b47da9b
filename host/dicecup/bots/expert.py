"""`expert`: the solved game where there is one, search everywhere else.

Heads-up with one die each or two dice each (every preset and switch set: the 11 rounds solved.round_key tells
apart at either count), outside a palifico round, it plays the CFR+ strategy shipped in dicecup/search/data/
(solved.json.gz, twodice-NAME.json.gz: the two-dice strategies remember the last few bids),
drawing its action from it: near the equilibrium, so no strategy wins much against it (bench/exploitability.py
and bench/twodice.py measure how much, exactly).

Elsewhere it searches, and mixes. It deals the other seats' hidden hands from what it believes of them (every
hand weighed by how well it explains the bids that seat made this round, as `hard` reads a table), and prices
each of its candidate actions in those same worlds: a call by the count, a raise by playing the round out on the
fast engine (search/rollout.py), every seat of the rollout playing the odds of its own hand and of what the
round's bids (the raise priced among them) say of the others. A loss is a die lost; a landed spot is priced by
what it does to its share of the table's dice (a die back is worth less the more it holds). It then plays each
action as often as the worlds leave it possible that the action is really the best: the best-priced one at
weight 1/2, every other at the normal tail of its paired difference from the best (the same worlds price both),
normalised. Actions the worlds show clearly worse are never played, and actions they can't tell apart are
played alike, so its answer to a view is a distribution, not one action a best response could read. The worlds
are shared out among the seats (more heads-up, where a rollout is cheaper): fewer worlds would spread the mix
over worse actions. Against `hard` at dudo (bench/expert_arena.py) it wins 70.7 % heads-up, 45.5 % at four seats
and 41.7 % at six, with the two-dice tables; the deterministic search it replaced won 62.3 %, 33.7 % and 30.0 %.
The worlds are drawn from a generator seeded by the bot's seed and the view, so `policy(view)` is the very
distribution `act(view)` draws from. bench/bot_speed.py-style timing: bench/expert_speed.py (p99 at 30 dice).
"""
import random
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate

from dicecup.rules import LIAR, SPOT, Bid, Rules
from dicecup.rules.presets import EXACT_TABLE
from dicecup.search import fast, rollout
from dicecup.search.solved import Solved, find

from .beliefs import MAX_READ, Belief, BidModel, hand_weights, hands, others_tails
from .mix import centred, mix
from .player import OddsPlayer


class Expert:
    worlds = {2: 1440, 3: 720, 4: 360}  # hidden deals each decision is priced in, by the seats in play (each
    fewest_worlds = 240  # plays in every rollout); this many at five seats or more (30 dice: p99 under 100 ms)
    candidates = 8     # raises (or openings) it plays out
    read_rollouts = True  # the seats of a rollout read the round's bids (as hard does), else they read nobody
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
        dist = table_policy(solved, view) if solved is not None else self.search(view, rules)
        self._last = (view, dist)  # act() on the very same view draws from this, without searching again
        return dist

    def _solved_game(self, view, rules):
        if view.palifico is not None:
            return None
        name = find(rules, round_dice(view))
        if name is None:
            return None
        if name not in self._solved:
            self._solved[name] = Solved(name)
        history = bid_history(view)
        # a history its own table never plays into (the guard's stand-in made one of its bids) is the search's
        return self._solved[name] if self._solved[name].holds(history) else None

    # -- the search ----------------------------------------------------------------------------------------
    def search(self, view, rules) -> dict:
        """The mixed answer: each priced action weighed by the chance that it is really the best (bots/mix.py)."""
        return mix(self.prices(view, rules)) or {view.legal[0]: 1.0}

    def prices(self, view, rules) -> list:
        """[(order, action, its loss in each dealt world)]: a call priced by the count, a raise by a rollout; a
        loss is 1 for a die of mine lost and 0 for another seat's, a spot's outcomes as spot_outcomes prices them."""
        fr = fast.FastRules.of(rules)
        me = view.seats.index(view.seat)
        counts, worlds = self._deal(view, me)
        cap, wild, standing = view.in_play, view.wild, view.standing
        palifico = view.seats.index(view.palifico) if view.palifico is not None else None
        prices = []
        if standing is not None:
            q, f = standing
            fw = wild and f != 1
            hits = [w[f] + (w[1] if fw else 0) for w in worlds]
            belief = Belief(view, self.model)  # the deals' own distribution, exactly
            if LIAR in view.legal:
                true = belief.at_least(standing)
                prices.append((0, LIAR, centred([1.0 if n >= q else 0.0 for n in hits], true)))
            if SPOT in view.legal:
                landed, missed = spot_outcomes(view, rules, fr)
                exact = belief.exactly(standing)
                prices.append((1, SPOT, centred([landed if n == q else missed for n in hits],
                                                 exact * landed + (1 - exact) * missed)))
        said = _said(view)
        for action in self._raises(view, rules):
            aid = fast.to_id(action)
            round_wild = False if standing is None and fast.opens_unwild(fr, wild, aid) else wild
            beliefs = self._beliefs(view, said, action, round_wild) if self.read_rollouts else None
            order = range(len(view.seats))
            prices.append((2, action, [1.0 if rollout.play_out(fr, table, order, cap, round_wild, aid, me, palifico,
                                                               beliefs, total) == me else 0.0
                                       for table, total in zip(counts, worlds)]))
        return prices

    def _beliefs(self, view, said, action, wild) -> list:
        """Per seat (view.seats order), its per-face tails of the others' dice, read from the round's bids with
        `action` made: what each seat of the rollout believes."""
        said = dict(said)
        said[view.seat] = said.get(view.seat, ()) + ((action.quantity, action.face),)
        parts = [(view.dice_counts[s], said.get(s, ())) for s in view.seats]
        return [others_tails(self.model, view.in_play, wild, tuple(sorted(parts[:i] + parts[i + 1:])))
                for i in range(len(parts))]

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

    def worlds_for(self, view) -> int:
        """More deals where a decision is cheaper: fewer seats play in each rollout. The mix weighs actions by
        how sure the worlds make their order, so fewer worlds would spread it over more of the worse ones."""
        return self.worlds.get(len(view.seats), self.fewest_worlds)

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
        for _ in range(self.worlds_for(view)):
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


def round_dice(view) -> list:
    """Each seat's dice, the round's opener first (an endgame of uneven dice is solved for who opens it)."""
    opener = view.bids[0][0] if view.bids else view.seat
    return [view.dice_counts[s] for s in sorted(view.seats, key=lambda seat: seat != opener)]


def bid_history(view) -> tuple:
    """The round's bids as the fast path's action ids."""
    return tuple(fast.to_id(Bid.parse(text)) for _, text in view.bids)


def table_policy(table: Solved, view) -> dict:
    """{action: probability}: a solved table's strategy for the seat's hand after the round's bids."""
    by_id = {fast.to_id(a): a for a in view.legal}
    return {by_id[a]: p for a, p in table.dist(view.dice, bid_history(view)).items() if p > 0}


def _said(view) -> dict:
    """seat -> the bids (quantity, face) it made this round."""
    said = {}
    for seat, text in view.bids:
        bid = Bid.parse(text)
        said[seat] = said.get(seat, ()) + ((bid.quantity, bid.face),)
    return said


def spot_outcomes(view, rules, fr) -> tuple:
    """(landed, missed): a spot call's outcomes in the search's loss units (1: a die of mine lost, 0: another
    seat's), by what each does to my share of the table's dice (a fair table's chance of winning, exact
    heads-up by the gambler's ruin): a die back is worth less the more I hold, and nothing at a full cup. The
    build-up and revolver economies keep fixed prices."""
    if fr.gain or fr.lose_none:
        return -_spot_gain(view, rules), (2.0 if rules.exact else 1.0)
    mine, total, others = view.dice_counts[view.seat], view.in_play, len(view.seats) - 1
    won, lost = mine / (total - 1), (mine - 1) / (total - 1)

    def loss(share):
        return (won - share) / (won - lost)
    if fr.exact_table:
        landed = mine / (total - others)
    else:
        back = min(fr.start, mine + 1)
        landed = back / (total - mine + back)
    missed = max(0, mine - 2) / (total - min(mine, 2)) if fr.exact_two else lost
    return loss(landed), loss(missed)


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
