"""A cup's tag over its deal: what lets `dicecup verify` tell dice a cup rolled from dice a journal made up.

The hub's signature says which hub wrote a journal; it can't say the dice in it are a cup's. So each cup sends,
with the dice it reveals, a tag made with its pairing key (DICECUP_KEY) over every fact the dice follow from:

    face bids   tag = HMAC-SHA256(key, "dicecup-vouch-1" | nonce (8) | seat (1) | count (1) | entropy (16) |
                                  seed (16))[:8]                                       (with the REVEAL)
    poker dice  tag = HMAC-SHA256(key, "dicecup-vouch-poker-1" | first (2, big-endian) | secret (16) |
                                  rolls (32))[:8]                   (with the round secret's OPEN of die 0)
                rolls: 32 zero bytes when the secret is drawn at sub-deal `first`, then at each roll made from it
                rolls = SHA-256("dicecup-vouch-rolls-1" | rolls | deal (2) | dice mask (1) | nonce (8) |
                                entropy (16))

Whoever holds the key (the cup, and the hub that flashed it) can make a tag; nobody else can, so a journal
forged without the key carries tags that don't check. A cup without a key sends NO_TAG (eight zero bytes), and
so does every OPEN of a single die: those are vouched for by the round secret's tag.
"""
from cupcore.compat import sha256
from cupcore.hmac256 import hmac_sha256

FACES_LABEL = b"dicecup-vouch-1"
POKER_LABEL = b"dicecup-vouch-poker-1"
ROLLS_LABEL = b"dicecup-vouch-rolls-1"
NO_TAG = bytes(8)
NO_ROLLS = bytes(32)


def tag(key, message):
    """The 8-byte tag of `message` under the cup's key; NO_TAG for a cup without one."""
    if key is None:
        return NO_TAG
    return hmac_sha256(key, message)[:8]


def faces_message(nonce, seat, count, entropy, seed):
    """What a face-bid cup's tag covers: every fact its dice follow from (cupcore.dice.roll's arguments)."""
    return FACES_LABEL + bytes(nonce) + bytes((seat, count)) + bytes(entropy) + bytes(seed)


def poker_message(first, secret, rolls):
    """What the round secret's tag covers: the secret, where it was drawn, and every roll made from it."""
    return POKER_LABEL + bytes((first >> 8 & 0xFF, first & 0xFF)) + bytes(secret) + bytes(rolls)


def roll_step(rolls, deal_id, mask, nonce, entropy):
    """`rolls` with one more roll chained in: sub-deal `deal_id` rolled the dice in `mask` with this entropy."""
    return sha256(ROLLS_LABEL + bytes(rolls) + bytes((deal_id >> 8 & 0xFF, deal_id & 0xFF, mask)) + bytes(nonce) +
                  bytes(entropy))
