"""The poker cup's round secret (cupcore/pokercup.py, docs/protocol.md "Poker"): every seed of a round is derived
from one secret R drawn at the round's first roll, and PCLOSE opens R (an OPEN of die 0), so every die of the
round can be rechecked, those re-rolled before anyone saw them too. The golden vectors in tests/vectors/poker.json
(computed with CPython's hmac). Runs on CPython and on the MicroPython unix port."""
import json

from cuptest_helpers import Clock, Counter, Sent, here, poker_mode, tohex, unhex
from cupcore import commit, dice, wire
from cupcore import pokercup as pc

NONCE = b"\x01\x02\x03\x04\x05\x06\x07\x08"
NONCE2 = b"\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10"
ENTROPY = bytes(range(200, 216))


def test_every_seed_of_the_golden_rounds_comes_from_the_round_secret():
    with open(here(__file__) + "/../../vectors/poker.json") as f:
        cases = json.load(f)["round_secrets"]
    assert len(cases) >= 3
    for case in cases:
        secret, nonce, entropy = unhex(case["secret"]), unhex(case["nonce"]), unhex(case["entropy"])
        for die in case["dice"]:
            seed = pc.die_seed(secret, case["deal"], die["die"])
            assert tohex(seed) == die["seed"], case["about"]
            assert tohex(commit.digest(nonce, die["die"], 1, seed)) == die["digest"], case["about"]
            assert dice.roll(seed, nonce, die["die"], entropy, 1)[0] == die["face"], case["about"]


def _rolled_twice():
    """Round 1: the opener's shake (sub-deal 1), then dice 3-5 re-rolled under the cup unseen (sub-deal 2)."""
    sent = Sent()
    cup = poker_mode(sent, Counter(b"round"), Clock())
    cup.receive(wire.PTABLE, (1, 0, pc.OPENING, 0, 0, pc.NO_BID))
    cup.receive(wire.PDEAL, (1, 0x1F, NONCE))
    cup.receive(wire.ENTROPY, (1, ENTROPY))
    cup.receive(wire.PTABLE, (1, 1, pc.HANDLING, 0, 1, 1))
    cup.receive(wire.PDEAL, (2, 0b11100, NONCE2))
    cup.receive(wire.ENTROPY, (2, ENTROPY))
    return cup, sent


def test_the_round_secret_opens_every_commitment_of_the_round_the_unseen_rerolls_too():
    cup, sent = _rolled_twice()
    commits = sent.of(wire.PCOMMIT)
    assert sent.of(wire.OPEN) == []  # nothing opened yet: every die is under the cup
    cup.receive(wire.PCLOSE, (1,))
    [(deal, die, face, secret, _)] = sent.of(wire.OPEN)
    assert (deal, die, face) == (1, 0, 0) and len(secret) == 16
    nonces = {1: NONCE, 2: NONCE2}
    for sub, d, digest in commits:  # 5 of sub-deal 1 (re-rolled unseen: 3, 4, 5) and 3 of sub-deal 2
        assert commit.verify(digest, nonces[sub], d, 1, pc.die_seed(secret, sub, d)), (sub, d)
    assert len(commits) == 8
    cup.receive(wire.PCLOSE, (1,))  # asked again (a cup back after a drop): the same answer
    assert sent.of(wire.OPEN)[-1][:4] == (1, 0, 0, secret)


def test_a_die_opened_alone_tells_its_own_seed_not_the_secret():
    cup, sent = _rolled_twice()
    cup.receive(wire.REVEAL_REQ, (1,))  # the lift: the five dice as they lie, each alone
    opened = sent.of(wire.OPEN)
    assert [(deal, die) for deal, die, _, _, _ in opened] == [(1, 1), (1, 2), (2, 3), (2, 4), (2, 5)]
    cup.receive(wire.PCLOSE, (1,))
    secret = sent.of(wire.OPEN)[-1][3]
    assert all(seed == pc.die_seed(secret, deal, die) and seed != secret for deal, die, _, seed, _ in opened)


def test_each_round_draws_its_own_secret_and_a_cup_with_none_says_so():
    sent = Sent()
    cup = poker_mode(sent, Counter(b"rounds"), Clock())
    cup.receive(wire.PCLOSE, (1,))  # nothing rolled yet: no secret to open
    assert sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.PCLOSE)] and sent.of(wire.OPEN) == []
    cup, sent = _rolled_twice()
    cup.receive(wire.PCLOSE, (1,))
    first = sent.of(wire.OPEN)[-1][3]
    cup.receive(wire.PTABLE, (2, 1, pc.OPENING, 0, 0, pc.NO_BID))
    cup.receive(wire.PDEAL, (3, 0x1F, NONCE))
    assert sent.of(wire.PCOMMIT)[-5][2] == commit.digest(NONCE, 1, 1, cup._seed(0))
    cup.receive(wire.ENTROPY, (3, ENTROPY))
    cup.receive(wire.PCLOSE, (3,))
    assert sent.of(wire.OPEN)[-1][:3] == (3, 0, 0) and sent.of(wire.OPEN)[-1][3] != first
