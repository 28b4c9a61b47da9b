"""A cup's tags over its deals, on the hub's side (the tag itself is cupcore/vouch.py's): checked at the reveal
with the key the cup's line was paired with, and again by `dicecup verify` with the key in the registry.

    verdict(tag, key, message) -> VOUCHED (the key made it), UNCHECKED (a tag, no key to check it with),
                                  NONE (NO_TAG: a cup without a key, a phone), BAD (the key did not make it)
    poker_rolls(rolls)         -> the chain of a round secret's rolls, as the cup made it

The hub journals a tag that checks (and one it has no key for: the hub that flashed the cup may check it), never a
bad one: a cup that lost its chain of rolls (a reset mid-round) would otherwise make an honest game's journal fail.
"""
import hmac

from cupcore import vouch

from .poker.dice import mask_of

VOUCHED, UNCHECKED, NONE, BAD = "vouched", "unchecked", "none", "bad"


def verdict(tag, key, message) -> str:
    if tag is None or bytes(tag) == vouch.NO_TAG:
        return NONE
    if key is None:
        return UNCHECKED
    return VOUCHED if hmac.compare_digest(vouch.tag(key, message), bytes(tag)) else BAD


def poker_rolls(rolls) -> bytes:
    """The chain over (sub-deal id, dice rolled, nonce, entropy) of every roll made from one round secret, in
    order: what the round secret's tag covers."""
    chain = vouch.NO_ROLLS
    for deal_id, slots, nonce, entropy in rolls:
        chain = vouch.roll_step(chain, deal_id, mask_of(slots), nonce, entropy)
    return chain
