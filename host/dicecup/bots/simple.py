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

    def _best_bid(self, view, bids):
        """The lowest bid it believes, on the face it likes best (ties broken at random)."""
        scored = []
        for candidate in bids[:60]:  # legal bids come lowest first; the plausible ones are near the floor
            margin = expected_count(view, candidate.face) + self.boldness - candidate.quantity
            if margin >= 0:
                scored.append((margin + self.rng.random() * 0.5, candidate))
        if not scored:
            return None
        return max(scored, key=lambda pair: pair[0])[1]
