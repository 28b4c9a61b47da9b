"""The baseline, the yardstick the other bots are measured against: it makes the highest bid it believes true
with probability >= 1/2 (from its own dice alone, every hidden die an independent roll), and otherwise calls
liar. It never calls spot.

"Highest" is the order of `view.legal`: by quantity, then face (a reading; ones bids are low by quantity).
An opener with no bid that likely (never at a real table) makes the lowest bid.
"""
from dicecup.odds import at_least_float, held
from dicecup.rules import LIAR, Bid


def chance(view, bid: Bid) -> float:
    """P(bid is true) from this seat's own dice, every hidden die an independent roll."""
    face_wild = view.wild and bid.face != 1
    need = bid.quantity - held(view.dice, bid.face, view.wild)
    return at_least_float(need, view.in_play - len(view.dice), face_wild)


def baseline(view):
    for action in reversed(view.legal):
        if isinstance(action, Bid) and chance(view, action) >= 0.5:
            return action
    return LIAR if LIAR in view.legal else view.legal[0]


def policy(view) -> dict:
    """The baseline is deterministic: its one action, with probability 1."""
    return {baseline(view): 1.0}


baseline.policy = policy  # the bot is the function; its policy rides on it, as bots with act() have theirs
