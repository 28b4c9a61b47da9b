"""A simple, sensible bot: it bids what its own dice and the average hidden die make likely, and calls when the
standing bid is well above what it expects. Enough to fill an empty chair; easy, normal and hard are the real ones."""
import random

from dicecup.rules import LIAR, SPOT, Bid


def expected_count(view, face: int) -> float:
    """What this seat expects the count of `face` to be: its own matching dice plus the hidden dice's share."""
    wild = view.wild and face != 1
    mine = sum(1 for d in view.dice if d == face or (wild and d == 1))
    hidden = view.in_play - len(view.dice)
    return mine + hidden * (2 if wild else 1) / 6


class SimpleBot:
    boldness = 0.6   # how far above its expectation it is willing to bid
    doubt = 1.2      # how far above its expectation a standing bid must be before it calls

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, view):
        bids = [a for a in view.legal if isinstance(a, Bid)]
        standing = view.standing
        if standing is not None:
            expected = expected_count(view, standing.face)
            if SPOT in view.legal and abs(expected - standing.quantity) < 0.3 and self.rng.random() < 0.25:
                return SPOT
            if standing.quantity > expected + self.doubt or not bids:
                return LIAR
        best = self._best_bid(view, bids)
        if best is not None:
            return best
        return LIAR if LIAR in view.legal else bids[0]

    def policy(self, view) -> dict:
        """{action: probability}: spot a quarter of the time when the bid looks exact, liar when it looks too
        high, else each candidate bid with its chance of the best noisy margin (integrated exactly)."""
        bids = [a for a in view.legal if isinstance(a, Bid)]
        standing = view.standing
        spot = 0.0
        if standing is not None:
            expected = expected_count(view, standing.face)
            if SPOT in view.legal and abs(expected - standing.quantity) < 0.3:
                spot = 0.25
            if standing.quantity > expected + self.doubt or not bids:
                return _with_spot({LIAR: 1.0}, spot)
        margins = [(expected_count(view, c.face) + self.boldness - c.quantity, c) for c in bids[:60]]
        margins = [(m, c) for m, c in margins if m >= 0]
        if not margins:
            return _with_spot({LIAR if LIAR in view.legal else bids[0]: 1.0}, spot)
        return _with_spot(argmax_chances(margins, self.noise), spot)

    noise = 0.5  # the width of the uniform noise added to each margin

    def _best_bid(self, view, bids):
        """The lowest bid it believes, on the face it likes best (ties broken at random)."""
        scored = []
        for candidate in bids[:60]:  # legal bids come lowest first; the plausible ones are near the floor
            margin = expected_count(view, candidate.face) + self.boldness - candidate.quantity
            if margin >= 0:
                scored.append((margin + self.rng.random() * self.noise, candidate))
        if not scored:
            return None
        return max(scored, key=lambda pair: pair[0])[1]


def _with_spot(rest: dict, spot: float) -> dict:
    out = {action: p * (1 - spot) for action, p in rest.items()}
    if spot:
        out[SPOT] = out.get(SPOT, 0.0) + spot
    return out


# Gauss-Legendre on [0, 1], 5 points: exact for polynomials up to degree 9. The chance that candidate i wins is
# the integral over its noise u of the product of the others' chances to score below it; each factor is linear
# in u between breakpoints, and only candidates within the noise width of it count (bids on one face are a whole
# die apart), so each piece is a polynomial of degree <= 5.
_GL = ((0.04691007703066800, 0.11846344252809454), (0.23076534494715845, 0.23931433524968324),
       (0.5, 0.28444444444444444), (0.76923465505284155, 0.23931433524968324),
       (0.95308992296933200, 0.11846344252809454))


def argmax_chances(scored, noise: float) -> dict:
    """{candidate: P(its margin + noise * U is the largest)} for (margin, candidate) pairs, U uniform on [0, 1)."""
    out = {}
    for i, (mi, ci) in enumerate(scored):
        near = [mj for j, (mj, _) in enumerate(scored) if j != i]
        if any(mj - mi >= noise for mj in near):
            continue
        near = [mj for mj in near if mi - mj < noise]
        cuts = sorted({0.0, 1.0, *(min(1.0, max(0.0, (mj - mi) / noise + k)) for mj in near for k in (0, 1))})
        total = 0.0
        for a, b in zip(cuts, cuts[1:]):
            for x, w in _GL:
                u = a + (b - a) * x
                value = 1.0
                for mj in near:
                    value *= min(1.0, max(0.0, (mi + noise * u - mj) / noise))
                total += w * (b - a) * value
        if total > 0:
            out[ci] = total
    return out
