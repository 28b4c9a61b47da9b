"""The engine's one registry of game kinds (Preset.game): the module that plays each kind, imported only when a
game of that kind is played, so face bids never load poker's modules. Nothing else in the engine, nor any layer
above it, asks which game it is by a preset's name.

Each kind's module supplies the same hooks, found by name (like python-chess's variants):

    new_game(rules, seats)                              the state a game starts in
    parse_event(line)                                   one event line of a record
    replay_events(rules, seats, events, seats_line)     a replay of parsed events (RecordError names the line)
    report_lines(replay)                                the referee's text report
    preset_page(preset)                                 the rules page of a preset of this kind
    random_record(rules, seats, seed)                   a random legal game, for tests and benches
"""
import importlib
from typing import NamedTuple

from .presets import FACES, POKER_DICE


class Kind(NamedTuple):
    engine: str        # the module with the kind's hooks
    one_cup: bool      # one cup passed round the table (so one cup, or one phone, for everybody); else a cup each
    bid_example: str   # a bid as this kind writes it, for a hint


KINDS = {
    FACES: Kind("dicecup.rules.faces", one_cup=False, bid_example="QxF"),
    POKER_DICE: Kind("dicecup.rules.poker", one_cup=True, bid_example="KKKQQ"),
}


def kind(of) -> Kind:
    """The kind of game `of` plays: anything with a `game` (Rules, Preset)."""
    return KINDS[of.game]


def engine(of):
    """The module whose hooks play the kind of game `of` plays (Rules, Preset)."""
    return importlib.import_module(kind(of).engine)
