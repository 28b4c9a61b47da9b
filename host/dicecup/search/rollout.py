"""The rest of a round played out on the fast path, for the expert's search.

Every seat in a rollout plays the odds of its own hand and of what it believes of the others (the `normal` rule;
`hard`'s when the beliefs read the bids): it calls liar when the standing bid is less likely true than its best
raise is (plus a small bonus for raising), and otherwise makes the cheapest raise on the face most likely true.
The policy is deterministic, so the only chance in a rollout is the hidden hands the search dealt; a round ends
at the first call.

A seat's belief is, per face, the tail of the other seats' count: `tail[k]` = P(the others hold at least k dice
that count for the face). `independent` is the belief that reads nobody (every other die a fair roll); the
expert passes beliefs read from the round's bids, fixed for the rollout (bids made inside it are not read: a
rollout stays a few tuple lookups a turn).
"""
from functools import lru_cache

from dicecup.odds import binomial

from . import fast

RAISE_BONUS = 0.05


@lru_cache(maxsize=1024)
def independent(hidden: int, wild: bool) -> tuple:
    """Per face (index 0 unused), P(at least k of `hidden` fair dice count for it), k = 0..hidden + 1."""
    plain, wilds = binomial(hidden, False).tail_f, binomial(hidden, True).tail_f
    return ((),) + tuple(wilds if wild and face != 1 else plain for face in range(1, 7))


def play_out(fr: fast.FastRules, counts, order, cap: int, wild: bool, standing: int, bidder: int, palifico=None,
             beliefs=None, totals=None):
    """Play the round on from `standing` (made by seat `bidder`); `counts[s]` is seat s's per-face counts and
    `order` the living seats in turn order; `beliefs[s]` seat s's per-face tails (default: `independent`);
    `totals` the table's per-face counts, when the caller has them. Returns the seat that lost the liar call."""
    n = len(order)
    position = order.index(bidder)
    if totals is None:
        totals = [sum(c[f] for c in counts if c is not None) for f in range(7)]
    while True:
        position = (position + 1) % n
        seat = order[position]
        own = counts[seat]
        tails = beliefs[seat] if beliefs is not None else independent(cap - sum(own), wild)
        q, f = standing // 6 + 1, standing % 6 + 1
        face_wild = wild and f != 1
        tail, need = tails[f], q - own[f] - (own[1] if face_wild else 0)
        p_standing = 1.0 if need <= 0 else tail[need] if need < len(tail) else 0.0
        best, best_p = -1, -1.0
        for action in fast.cheapest_raises(cap, wild, fr.ones, fr.calls, standing,
                                           palifico is not None and seat != palifico):
            af = action % 6 + 1
            tail, need = tails[af], action // 6 + 1 - own[af] - (own[1] if wild and af != 1 else 0)
            p = 1.0 if need <= 0 else tail[need] if need < len(tail) else 0.0
            if p > best_p:
                best, best_p = action, p
        if best < 0 or 1.0 - p_standing > best_p + RAISE_BONUS:
            count = totals[f] + (totals[1] if face_wild else 0)
            return bidder if count < q else seat
        standing, bidder = best, seat
