"""The hub's one registry of game kinds: the Round that plays each kind (Preset.game), imported only when a table
of that kind is set up, so a face-bid table never loads poker's modules. Nothing else in the hub asks which game
it is by a preset's name."""
import importlib

from dicecup.rules.presets import FACES, POKER_DICE

ROUNDS = {FACES: "dicecup.hub.faces.round:FaceRound", POKER_DICE: "dicecup.hub.poker.round:PokerRound"}
CHECKS = {FACES: "dicecup.hub.faces.fairness:check_face_journal",
          POKER_DICE: "dicecup.hub.poker.verify:check_poker_journal"}


def round_for(rules):
    """The Round class of the rules' game kind."""
    return _named(ROUNDS[rules.game])


def journal_check(rules):
    """The function that rechecks every die of a journal of this game kind from the journal alone."""
    return _named(CHECKS[rules.game])


def _named(where):
    """What `module:name` names, its module imported now."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)
