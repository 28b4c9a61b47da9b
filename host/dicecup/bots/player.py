"""The odds player behind `normal` and `hard`: price every legal action by a Belief and take the best.

    calling liar is worth   P(the standing bid is false)
    calling spot is worth   P(the count is exactly the bid), scaled by what a landed call pays at this table
    a raise is worth        P(the raise is true) + `raise_bonus` (after a raise the next player may well raise
                            again rather than call: raising keeps options a call gives up)

The raise it prices is the most likely one (lowest first on a tie). An opener bids the highest bid that is true
with probability >= `open_level`.
"""
import random

from dicecup.rules import LIAR, SPOT, Bid, get_preset
from dicecup.rules.presets import ECONOMY_GAIN, EXACT_TABLE

from .beliefs import Belief


def spot_worth(view, p_exact: float) -> float:
    """A landed spot call, priced against a liar call's P(win): more when it costs every other player, less
    when it can't give a die back, and a miss that costs two dice (`exact=on`) is priced in."""
    if view.switches.get("exact") == "on" or get_preset(view.rules).spot_style == EXACT_TABLE:
        value = p_exact * (1 + 0.25 * (len(view.seats) - 2))
        return value - (1 - p_exact) * 0.5 if view.switches.get("exact") == "on" else value
    start = int(view.switches.get("dice", 5))
    gain = get_preset(view.rules).economy == ECONOMY_GAIN  # build-up: a landed spot puts a die away, down to one
    full = len(view.dice) <= 1 if gain else len(view.dice) >= start
    return p_exact * (0.5 if full else 1.0)


class OddsPlayer:
    model = None        # a BidModel to read the opponents' bids with, or None (every hidden die independent)
    open_level = 0.7
    raise_bonus = 0.05

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, view):
        belief = Belief(view, self.model)
        bids = [a for a in view.legal if isinstance(a, Bid)]
        if view.standing is None:
            return self.opening(view, belief, bids)
        options = self._calls(view, belief)
        if bids:
            chosen, p = self.raising(view, belief, bids)
            options.append((p + self.raise_bonus, 2, chosen))
        return max(options, key=lambda option: option[:2])[2]

    def policy(self, view) -> dict:
        """{action: probability}: the distribution act() draws from (the raises it may choose, each weighed
        against the calls as act() does)."""
        belief = Belief(view, self.model)
        bids = [a for a in view.legal if isinstance(a, Bid)]
        if view.standing is None:
            return _merged(self.opening_choices(view, belief, bids))
        calls = self._calls(view, belief)
        if not bids:
            return {max(calls, key=lambda option: option[:2])[2]: 1.0}
        return _merged((weight, max(calls + [(p + self.raise_bonus, 2, chosen)], key=lambda o: o[:2])[2])
                       for weight, chosen, p in self.raising_choices(view, belief, bids))

    def _calls(self, view, belief) -> list:
        options = [(1 - belief.at_least(view.standing), 1, LIAR)]
        if SPOT in view.legal:
            options.append((spot_worth(view, belief.exactly(view.standing)), 0, SPOT))
        return options

    def opening_choices(self, view, belief, bids) -> list:
        """[(probability, opening bid)]: the openings act() may make (deterministic here)."""
        return [(1.0, OddsPlayer.opening(self, view, belief, bids))]

    def raising_choices(self, view, belief, bids) -> list:
        """[(probability, raise, its chance of being true)]: the raises act() may price (deterministic here)."""
        return [(1.0, *OddsPlayer.raising(self, view, belief, bids))]

    def opening(self, view, belief, bids):
        for action in reversed(bids):
            if belief.at_least(action) >= self.open_level:
                return action
        return bids[0]

    def raising(self, view, belief, bids):
        """The raise to make and its chance of being true."""
        best, best_p = bids[0], -1.0
        for action in bids:
            p = belief.at_least(action)
            if p > best_p:
                best, best_p = action, p
        return best, best_p


class Normal(OddsPlayer):
    """`normal`: plays the odds of its own view; it does not read anybody's bids."""


def _merged(pairs) -> dict:
    out = {}
    for weight, action in pairs:
        if weight > 0:
            out[action] = out.get(action, 0.0) + weight
    return out
