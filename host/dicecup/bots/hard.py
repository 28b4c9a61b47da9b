"""`hard`: the odds player that also reads the table, and bluffs at a rate it chooses.

Reading: each opponent's hidden hand is weighed by the bids that opponent made this round (beliefs.BidModel: a
player tends to bid what their own hand makes likely), so "4x5 then 6x5" from a seat makes fives in that cup
likely, and the count it prices is its own dice plus those posteriors.

Bluffing: now and then it opens or raises on a face it does not hold instead of its best one, when that costs
little (the bluff is still nearly as likely true by its own reading), so that readers learn less from its bids.
How often is its choice, made afresh each turn from the table's record: the sharper the other players' liar
calls have been (the share of them that caught a lie), the less it bluffs.
"""
from dicecup.odds import held

from .beliefs import BidModel
from .player import OddsPlayer


class Hard(OddsPlayer):
    model = BidModel()
    most_bluff = 0.3   # the bluff rate against a table whose calls never catch a lie
    slack = 0.08       # how much less likely a bluff may be than the best bid

    def bluff_rate(self, view) -> float:
        calls = [r for r in view.history if r.get("call") == "liar" and r.get("caller") != view.seat]
        caught = sum(1 for r in calls if r.get("correct"))
        sharpness = (caught + 1) / (len(calls) + 2)  # a Beta(1, 1) prior: no calls seen reads as 1/2
        return self.most_bluff * (1 - sharpness)

    def opening(self, view, belief, bids):
        honest = super().opening(view, belief, bids)
        return self._maybe_bluff(view, belief, bids, honest, belief.at_least(honest))

    def raising(self, view, belief, bids):
        best, best_p = super().raising(view, belief, bids)
        chosen = self._maybe_bluff(view, belief, bids, best, best_p)
        return chosen, belief.at_least(chosen) if chosen is not best else best_p

    def _maybe_bluff(self, view, belief, bids, honest, p_honest):
        if self.rng.random() >= self.bluff_rate(view):
            return honest
        decoys = self._decoys(view, belief, bids, honest, p_honest)
        return self.rng.choice(decoys) if decoys else honest

    def _decoys(self, view, belief, bids, honest, p_honest) -> list:
        """The bluffs it picks from (uniformly): bids on a face it holds less of, nearly as likely true."""
        mine = held(view.dice, honest.face, view.wild)
        return [b for b in bids if b.face != honest.face and held(view.dice, b.face, view.wild) < mine
                and belief.at_least(b) >= p_honest - self.slack][:6]

    def _choices(self, view, belief, bids, honest, p_honest) -> list:
        rate = self.bluff_rate(view)
        decoys = self._decoys(view, belief, bids, honest, p_honest) if rate > 0 else []
        if not decoys:
            return [(1.0, honest, p_honest)]
        return [(1 - rate, honest, p_honest)] + [(rate / len(decoys), b, belief.at_least(b)) for b in decoys]

    def opening_choices(self, view, belief, bids) -> list:
        honest = OddsPlayer.opening(self, view, belief, bids)
        return [(w, b) for w, b, _ in self._choices(view, belief, bids, honest, belief.at_least(honest))]

    def raising_choices(self, view, belief, bids) -> list:
        return self._choices(view, belief, bids, *OddsPlayer.raising(self, view, belief, bids))
