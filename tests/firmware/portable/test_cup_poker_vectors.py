"""The poker-dice golden vectors in tests/vectors/poker.json (computed with CPython's hashlib and hmac), run on
every runtime: each die's commitment and face in a sub-deal, and the bid's hand code."""
import json

from cuptest_helpers import here, tohex, unhex
from cupcore import commit, dice
from cupcore.pokercup import hand_code, hand_dice

VECTORS = here(__file__) + "/../../vectors/poker.json"


def load():
    with open(VECTORS) as f:
        return json.load(f)


def test_every_die_commitment_and_face():
    subs = load()["subdeals"]
    assert len(subs) >= 3
    for sub in subs:
        nonce, entropy = unhex(sub["nonce"]), unhex(sub["entropy"])
        for die in sub["dice"]:
            seed = unhex(die["seed"])
            assert tohex(commit.digest(nonce, die["die"], 1, seed)) == die["digest"], sub["about"]
            assert dice.roll(seed, nonce, die["die"], entropy, 1)[0] == die["face"], sub["about"]


def test_every_hand_code():
    for case in load()["hand_codes"]:
        assert hand_code(bytes(case["dice"])) == case["code"], case["hand"]
        assert list(hand_dice(case["code"], bytearray(5))) == case["dice"], case["hand"]
