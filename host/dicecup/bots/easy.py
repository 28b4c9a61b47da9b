"""`easy`: plausible but exploitable. It plays its favourite face (the one it holds most), pricing the hidden
dice as exactly average: it jumps straight to one more than it expects, and it trusts other players' bids until
they pass what it expects by two. It never calls spot. Its bids are often a die too high, they tell the table
its hand, and it can be walked far past the truth.
"""
import random

from dicecup.rules import LIAR, Bid

from .simple import expected_count


class Easy:
    optimism = 1.0  # dice above its expectation that it bids
    doubt = 2.0     # dice above its expectation before it calls

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, view):
        bids = [a for a in view.legal if isinstance(a, Bid)]
        if self._calls(view, bids):
            return LIAR
        faces = {b.face for b in bids}
        favourite = max(faces, key=lambda f: (expected_count(view, f), self.rng.random()))
        return self._bid_on(view, bids, favourite)

    def policy(self, view) -> dict:
        """{action: probability}: liar, or its bid on one of its favourite faces (ties drawn evenly)."""
        bids = [a for a in view.legal if isinstance(a, Bid)]
        if self._calls(view, bids):
            return {LIAR: 1.0}
        faces = {b.face for b in bids}
        top = max(expected_count(view, f) for f in faces)
        favourites = [f for f in faces if expected_count(view, f) == top]
        return {self._bid_on(view, bids, f): 1.0 / len(favourites) for f in favourites}

    def _calls(self, view, bids) -> bool:
        standing = view.standing
        return standing is not None and (not bids or standing.quantity > expected_count(view, standing.face)
                                         + self.doubt)

    def _bid_on(self, view, bids, favourite):
        on_face = [b for b in bids if b.face == favourite]
        target = int(expected_count(view, favourite) + self.optimism)
        return next((b for b in on_face if b.quantity >= target), on_face[-1])
