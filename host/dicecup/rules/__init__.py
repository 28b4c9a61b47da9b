"""The pure rules engine: bids and their notation, table rules, game state, the game record, the referee.

No I/O, no clock, no randomness: dice, roll-offs, trigger pulls and timeouts come in as events.

    >>> from dicecup.rules import Rules, new_game, apply, Move, Bid
    >>> state = new_game(Rules.parse("dudo"), ["ana", "ben", "cy"])
    >>> state = apply(state, Move("ana", Bid.parse("3x5")))
    >>> str(state.standing), state.to_act
    ('3x5', 'ben')
"""
from .errors import (DicecupError, GameOver, IllegalAction, IllegalBid, NotationError, NotYourTurn, RecordError,
                     RulesError)
from .events import Move, Reroll, Retire, Roll, Rolloff, Shot, Timeout
from .notation import CALLS, LIAR, SPOT, Bid, Call, bid, parse_action
from .presets import PRESETS, Preset, Rules, get_preset
from .record import Record, parse_event
from .referee import Replay, replay
from .play import apply, legal_actions
from .resolve import Outcome, count_bid
from .state import BIDDING, OVER, REVEAL, ROLLOFF, SHOOTING, State, new_game

__all__ = [
    "DicecupError", "GameOver", "IllegalAction", "IllegalBid", "NotationError", "NotYourTurn", "RecordError",
    "RulesError", "Move", "Reroll", "Retire", "Roll", "Rolloff", "Shot", "Timeout", "CALLS", "LIAR", "SPOT", "Bid", "Call", "bid",
    "parse_action", "PRESETS", "Preset", "Rules", "get_preset", "Record", "parse_event", "Replay", "replay",
    "Outcome", "count_bid", "BIDDING", "OVER", "REVEAL", "ROLLOFF", "SHOOTING", "State", "apply",
    "legal_actions", "new_game",
]
