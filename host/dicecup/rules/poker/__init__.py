"""Poker dice (Common Hand): one cup of five dice passed round the table, poker-hand bids, lives.

    >>> from dicecup.rules import Rules
    >>> from dicecup.rules.poker import new_poker_game, apply, parse_event
    >>> state = new_poker_game(Rules.parse("poker"), ["ana", "ben", "cy"])
    >>> for line in ("ana shakes", "ana bids KKQQ left"):
    ...     state = apply(state, parse_event(line))
    >>> str(state.standing), state.to_act
    ('KKQQ', 'ben')
"""
from .events import DIRECTIONS, Accept, CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try
from .hands import FIVE as FIVE_KIND, Hand, all_bids, bids_above, is_true, made, named
from .page import preset_page
from .play import PokerOutcome, apply
from .randomplay import random_record
from .record import parse_event
from .referee import PokerReplay, replay_events, report_lines
from .state import BIDDING, OPENING, OVER, RECEIVING, REVEAL, TRIES, PokerState, new_poker_game

new_game = new_poker_game  # the hooks rules/games.py finds by name: new_game, parse_event, replay_events, ...

__all__ = ["DIRECTIONS", "Accept", "CallLiar", "Hide", "OpenRoll", "PokerBid", "Reveal", "Shake", "Show", "Try",
           "FIVE_KIND", "Hand", "all_bids", "bids_above", "is_true", "made", "named", "preset_page", "PokerOutcome",
           "apply", "random_record", "parse_event", "PokerReplay", "replay_events", "report_lines", "BIDDING",
           "OPENING", "OVER", "RECEIVING", "REVEAL", "TRIES", "PokerState", "new_game", "new_poker_game"]
