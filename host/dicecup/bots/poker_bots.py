"""The built-in poker-dice bots (`poker-baseline`, `poker-hard`): see poker_view.py for the view they decide from.

poker-baseline, the yardstick: opens with the hand its dice make; accepts a bid when the dice open on the table
and fresh dice for the rest would make it at least half the time (it calls five of a kind); once it accepted,
keeps the dice if they beat the standing bid and otherwise shakes all five; bids the hand its dice make when
that is higher, else the lowest legal bid.

poker-hard plays the exact odds of what its seat knows: the faces it saw under the cup stay known to it until
somebody shakes them, so it prices the standing bid from every die it knows plus fresh dice for the rest
(`dicecup.odds.poker`), weighed by how often the bidder's called bids were true in this game; weighs calling against accepting five of a kind by the chance of rolling one in three
tries; and, once it accepted, chooses among every handling of the dice (which lie open, shake, open roll) the
one likeliest to make a true raise.
"""
from dicecup.odds.poker import at_least, distribution, five_within
from dicecup.rules.poker import FIVE_KIND, Accept, CallLiar, PokerBid, bids_above, made

from .poker_view import BID, HANDLE, OPEN, PLANS, RECEIVE, Plan


def _table_faces(view) -> tuple:
    return tuple(face for face, open_ in zip(view.dice, view.on_table) if open_)


def _bid_made_or_lowest(view):
    hand = made(view.dice)
    if view.standing is None or hand > view.standing:
        return PokerBid(view.seat, hand, view.legal[0].direction)
    return view.legal[0]


class PokerBaseline:
    poker = True

    def policy(self, view) -> dict:
        """Deterministic: the one action act() plays, with probability 1."""
        return {self.act(view): 1.0}

    def act(self, view):
        if view.stage == OPEN:
            return PokerBid(view.seat, made(view.dice), "left")
        if view.stage == RECEIVE:
            if view.standing.kind == FIVE_KIND:
                return CallLiar(view.seat)
            true = at_least(_table_faces(view), view.standing) >= 0.5
            return Accept(view.seat) if true else CallLiar(view.seat)
        if view.stage == HANDLE:
            if made(view.dice) > view.standing:
                return Plan(frozenset(s for s in range(1, 6) if view.on_table[s - 1]))
            return Plan(frozenset(), shake=True)
        return _bid_made_or_lowest(view)


def _kept_after(plan: Plan, dice) -> tuple:
    """The faces that stay as they are under `plan` (the rest are rolled again)."""
    return tuple(dice[s - 1] for s in range(1, 6)
                 if (s in plan.table and s not in plan.roll) or (s not in plan.table and not plan.shake))


def honesty(view, seat: str, prior_true: int = 2, prior_lies: int = 1) -> float:
    """How often `seat`'s called bids were true in this game so far, from the referee's round objects, with a
    small prior: 2 true for 1 lie."""
    called = [r for r in view.history if r["call"] == "liar" and r["bidder"] == seat]
    true = sum(1 for r in called if not r["correct"])
    return (true + prior_true) / (len(called) + prior_true + prior_lies)


def believed(chance: float, honest: float) -> float:
    """The chance a bid is true from the dice alone, weighed by how honest its bidder has been (odds times the
    bidder's odds of telling the truth)."""
    if chance in (0.0, 1.0):
        return chance
    odds = chance / (1 - chance) * honest / (1 - honest)
    return odds / (1 + odds)


class PokerHard:
    poker = True
    call_below = 0.5  # accept a bid believed this likely true, or likelier

    def policy(self, view) -> dict:
        """Deterministic: the one action act() plays, with probability 1."""
        return {self.act(view): 1.0}

    def act(self, view):
        if view.stage == OPEN:
            return PokerBid(view.seat, made(view.dice), "left")
        if view.stage == RECEIVE:
            return self.receive(view)
        if view.stage == HANDLE:
            return self.handle(view)
        return _bid_made_or_lowest(view)

    def receive(self, view):
        known = tuple(face for face in view.dice if face is not None)
        bidder = view.bids[-1][0]
        true = believed(float(at_least(known, view.standing)), honesty(view, bidder))
        if view.standing.kind == FIVE_KIND:
            tries = float(five_within(view.dice, 3)) if len(known) == 5 else float(five_within((), 3))
            accept = (1 - true) * (1 - tries) < true
        else:
            accept = true >= self.call_below
        return Accept(view.seat) if accept else CallLiar(view.seat)

    def handle(self, view):
        above = bids_above(view.standing)
        target = above[0] if above else None
        best, best_key = None, None
        for plan in PLANS:
            kept = _kept_after(plan, view.dice)
            chance = distribution(kept).at_least_float(target) if target is not None else 0.0
            key = (chance, -len(plan.table), plan.shake, -len(plan.roll))
            if best_key is None or key > best_key:
                best, best_key = plan, key
        return best
