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
    """`dicecup play --rules poker` deals poker dice to bots on the hub (`--bots N`); cups are refused in one line
    (the table's one cup passed round plays in `dicecup demo --rules poker`)."""
    if rules.preset.name == "poker" and not bots_only:
        raise RulesError("`dicecup play --rules poker` deals to bots on the hub for now (`--bots 4`); one cup "
                         "passed round the table plays in `dicecup demo --rules poker`")


__all__ = ["not_at_the_table", "DIRECTIONS", "Accept", "CallLiar", "Hide", "OpenRoll", "PokerBid", "Reveal", "Shake", "Show", "Try",
           "FIVE_KIND", "Hand", "all_bids", "bids_above", "is_true", "made", "named", "PokerOutcome", "apply", "parse_event",
           "BIDDING", "OPENING", "OVER", "RECEIVING", "REVEAL", "TRIES", "PokerState", "new_poker_game"]
