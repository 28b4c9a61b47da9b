"""The rest of a round played out on the fast path, for the expert's search.

Every seat in a rollout plays the odds of its own hand (the `normal` rule, with the reading left out for
speed): it calls liar when the standing bid is less likely true than its best raise is (plus a small bonus for
raising), and otherwise makes the cheapest raise on the face most likely true. The policy is deterministic, so
the only chance in a rollout is the hidden hands the search dealt; a round ends at the first call.
"""
from dicecup.odds import binomial

from . import fast

RAISE_BONUS = 0.05


def _tails(hidden: int):
    """P(at least k of `hidden` dice match) for k = 0..hidden, plain and wild."""
    return binomial(hidden, False).tail_f, binomial(hidden, True).tail_f


def play_out(fr: fast.FastRules, counts, order, cap: int, wild: bool, standing: int, bidder: int, palifico=None):
    """Play the round on from `standing` (made by seat `bidder`); `counts[s]` is seat s's per-face counts and
    `order` the living seats in turn order. Returns the seat that lost the liar call."""
    n = len(order)
    position = order.index(bidder)
    tails = {}
    table_counts = [sum(c[f] for c in counts if c is not None) for f in range(7)]
    while True:
        position = (position + 1) % n
        seat = order[position]
        own = counts[seat]
        hidden = cap - sum(own)
        found = tails.get(hidden)
        if found is None:
            found = tails[hidden] = _tails(hidden)
        plain, wilds = found
        q, f = standing // 6 + 1, standing % 6 + 1
        face_wild = wild and f != 1
        need = q - own[f] - (own[1] if face_wild else 0)
        p_standing = 1.0 if need <= 0 else (wilds if face_wild else plain)[need] if need <= hidden else 0.0
        best, best_p = -1, -1.0
        for action in fast.cheapest_raises(cap, wild, fr.ones, fr.calls, standing,
                                           palifico is not None and seat != palifico):
            af = action % 6 + 1
            aw = wild and af != 1
            need = action // 6 + 1 - own[af] - (own[1] if aw else 0)
            p = 1.0 if need <= 0 else (wilds if aw else plain)[need] if need <= hidden else 0.0
            if p > best_p:
                best, best_p = action, p
        if best < 0 or 1.0 - p_standing > best_p + RAISE_BONUS:
            count = table_counts[f] + (table_counts[1] if face_wild else 0)
            return bidder if count < q else seat
        standing, bidder = best, seat
