"""Poker dice (Common Hand): one cup of five dice passed round the table, poker-hand bids, lives.

    >>> from dicecup.rules import Rules
    >>> from dicecup.rules.poker import new_poker_game, apply, parse_event
    >>> state = new_poker_game(Rules.parse("poker"), ["ana", "ben", "cy"])
    >>> for line in ("ana shakes", "ana bids KKQQ left"):
    ...     state = apply(state, parse_event(line))
    >>> str(state.standing), state.to_act
    ('KKQQ', 'ben')
"""
from ..errors import RulesError
from .events import DIRECTIONS, Accept, CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try
from .hands import FIVE as FIVE_KIND, Hand, all_bids, bids_above, is_true, made, named
from .play import PokerOutcome, apply
from .record import parse_event
from .state import BIDDING, OPENING, OVER, RECEIVING, REVEAL, TRIES, PokerState, new_poker_game



def not_at_the_table(rules, bots_only: bool = False) -> None:
    """`dicecup play --rules poker` deals poker dice to bots on the hub (issue 14 item 3, its first slice); cups,
    and so `dicecup demo`, are refused in one line until the cup's poker mode is in."""
    if rules.preset.name == "poker" and not bots_only:
        raise RulesError("the cups have no poker mode yet: `dicecup play --rules poker --bots 4` deals poker dice to "
                         "bots on the hub; `dicecup referee`, `dicecup odds --rules poker` and `dicecup arena "
                         "poker-hard poker-baseline --rules poker` play it too")


__all__ = ["not_at_the_table", "DIRECTIONS", "Accept", "CallLiar", "Hide", "OpenRoll", "PokerBid", "Reveal", "Shake", "Show", "Try",
           "FIVE_KIND", "Hand", "all_bids", "bids_above", "is_true", "made", "named", "PokerOutcome", "apply", "parse_event",
           "BIDDING", "OPENING", "OVER", "RECEIVING", "REVEAL", "TRIES", "PokerState", "new_poker_game"]
