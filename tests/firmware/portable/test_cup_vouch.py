"""A cup's tag over its deal (cupcore/vouch.py, docs/protocol.md "Fair dice" and "Poker"): the golden vectors in
tests/vectors/vouch.json (computed with CPython's hashlib and hmac), and the tag a cup really sends with its reveal
and with its round secret. Runs on CPython and on the MicroPython unix port."""
import json

from cuptest_helpers import Clock, Sent, here, poker_mode, tohex, unhex
from cupcore import pokercup as pc
from cupcore import vouch, wire
from cupcore.cup import Cup


def load():
    with open(here(__file__) + "/../../vectors/vouch.json") as f:
        return json.load(f)


def drawing(*secrets):
    """A random source that gives these draws, in order (each passes the stuck-source check once)."""
    pool = list(secrets)
    return lambda n: pool.pop(0)


def test_the_golden_face_bid_tags():
    cases = load()["faces"]
    assert len(cases) >= 2
    for case in cases:
        facts = vouch.faces_message(unhex(case["nonce"]), case["seat"], case["count"], unhex(case["entropy"]),
                                    unhex(case["seed"]))
        assert tohex(vouch.tag(unhex(case["key"]), facts)) == case["tag"], case["about"]


def test_the_golden_round_secret_tags_and_their_chain_of_rolls():
    cases = load()["poker"]
    assert len(cases) >= 2
    for case in cases:
        rolls = vouch.NO_ROLLS
        for roll in case["rolls"]:
            rolls = vouch.roll_step(rolls, roll["deal"], roll["mask"], unhex(roll["nonce"]), unhex(roll["entropy"]))
            assert tohex(rolls) == roll["chain"], case["about"]
        facts = vouch.poker_message(case["first"], unhex(case["secret"]), rolls)
        assert tohex(vouch.tag(unhex(case["key"]), facts)) == case["tag"], case["about"]


def _revealed(key):
    case = load()["faces"][0]
    sent = Sent()
    cup = Cup(sent, 7, "bo", "sim", source=drawing(unhex(case["seed"])), clock=Clock())
    cup.key = key
    cup.receive(wire.WELCOME, (1, case["seat"], 4))
    cup.receive(wire.DEAL, (9, case["count"], unhex(case["nonce"])))
    cup.receive(wire.ENTROPY, (9, unhex(case["entropy"])))
    cup.receive(wire.REVEAL_REQ, (9,))
    [(deal, dice, seed, tag)] = sent.of(wire.REVEAL)
    assert list(dice) == case["dice"] and tohex(seed) == case["seed"]
    return case, tag


def test_a_keyed_cups_reveal_carries_its_keys_tag_over_the_deal():
    case, tag = _revealed(unhex(load()["faces"][0]["key"]))
    assert tohex(tag) == case["tag"]


def test_a_cup_without_a_key_sends_no_tag():
    _, tag = _revealed(None)
    assert tag == vouch.NO_TAG


def _poker_round(key, *secrets):
    """The first poker vector's round: R drawn at sub-deal 1 (the shake), die 5 re-rolled under the cup (2)."""
    sent = Sent()
    cup = poker_mode(sent, drawing(*secrets), Clock())
    cup.cup.key = key
    cup.receive(wire.PTABLE, (1, 0, pc.OPENING, 0, 0, pc.NO_BID))
    for roll in load()["poker"][0]["rolls"]:
        cup.receive(wire.PDEAL, (roll["deal"], roll["mask"], unhex(roll["nonce"])))
        cup.receive(wire.ENTROPY, (roll["deal"], unhex(roll["entropy"])))
        cup.receive(wire.PTABLE, (1, 1, pc.HANDLING, 0, 1, 1))
    return cup, sent


def test_the_poker_cups_round_secret_carries_the_tag_over_every_roll_made_from_it():
    case = load()["poker"][0]
    cup, sent = _poker_round(unhex(case["key"]), unhex(case["secret"]))
    cup.receive(wire.REVEAL_REQ, (1,))  # the lift: each die opened alone, with no tag (the secret's vouches)
    assert [opened[4] for opened in sent.of(wire.OPEN)] == [vouch.NO_TAG] * 5
    cup.receive(wire.PCLOSE, (1,))
    [(first, die, face, secret, tag)] = sent.of(wire.OPEN)[5:]
    assert (first, die, face, tohex(secret), tohex(tag)) == (1, 0, 0, case["secret"], case["tag"])
    cup.receive(wire.PCLOSE, (1,))  # asked again: the same answer
    assert sent.of(wire.OPEN)[-1][4] == tag


def test_a_new_round_secret_starts_a_new_chain_of_rolls():
    """The second round's secret vouches only for the second round's rolls, not the first's too."""
    case = load()["poker"][0]
    later = bytes(range(50, 66))
    cup, sent = _poker_round(unhex(case["key"]), unhex(case["secret"]), later)
    cup.receive(wire.PCLOSE, (1,))
    cup.receive(wire.PTABLE, (2, 0, pc.OPENING, 0, 0, pc.NO_BID))
    cup.receive(wire.PDEAL, (3, 0x1F, bytes(8)))
    cup.receive(wire.ENTROPY, (3, bytes(range(16))))
    cup.receive(wire.PCLOSE, (3,))
    rolls = vouch.roll_step(vouch.NO_ROLLS, 3, 0x1F, bytes(8), bytes(range(16)))
    assert sent.of(wire.OPEN)[-1] == (3, 0, 0, later, vouch.tag(unhex(case["key"]), vouch.poker_message(3, later, rolls)))
