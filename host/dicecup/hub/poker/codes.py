"""The hub's words for the poker cup's wire messages (cupcore/pokercup.py, docs/protocol.md "Poker"): a bid's hand
code both ways, and the PTABLE stage of an engine state."""
from cupcore import pokercup

from dicecup.rules.errors import NotationError
from dicecup.rules.poker import BIDDING, OPENING, RECEIVING, REVEAL, TRIES, Hand
from dicecup.rules.poker.hands import JUNK_HAND, named

NO_BID = pokercup.NO_BID


def hand_of_code(code: int) -> Hand:
    """The Hand an INTENT's qty << 8 | face names; NotationError for a code no hand has."""
    if not 0 <= code < 7 ** 5:
        raise NotationError(f"{code} is not a hand's code")
    faces = tuple(pokercup.hand_dice(code, bytearray(5)))
    named_faces = tuple(f for f in faces if f)
    if faces[:len(named_faces)] != named_faces:
        raise NotationError("a bid names its dice first, then leaves the rest unnamed")
    return named(named_faces) if named_faces else JUNK_HAND


def code_of_hand(hand) -> int:
    if hand is None:
        return NO_BID
    dice = hand.dice()
    return pokercup.hand_code(bytes(dice) + bytes(5 - len(dice)))


def stage_of(state) -> int:
    """What the cup's holder may do now (pokercup's PTABLE stages)."""
    if state.phase == OPENING:
        return pokercup.OPENING
    if state.phase == RECEIVING:
        return pokercup.RECEIVING
    if state.phase == BIDDING:
        return pokercup.HANDLING if state.accepted else pokercup.OPENING
    if state.phase == TRIES:
        return pokercup.TRIES
    if state.phase == REVEAL:
        return pokercup.LIFTED
    return pokercup.WAITING
