"""The fair-dice golden vectors in tests/vectors/fair.json (computed with CPython's hashlib and hmac), run on
every runtime: the commitment digest and the dice for each (seed, nonce, seat, entropy, count)."""
import json

from cuptest_helpers import here, tohex, unhex
from cupcore import commit, dice
from cupcore.hmac256 import hmac_sha256

VECTORS = here(__file__) + "/../../vectors/fair.json"


def load():
    with open(VECTORS) as f:
        return json.load(f)["cases"]


def test_there_are_vectors():
    assert len(load()) >= 5


def test_every_commitment_digest():
    for case in load():
        got = commit.digest(unhex(case["nonce"]), case["seat"], case["count"], unhex(case["seed"]))
        assert tohex(got) == case["digest"], case["about"]


def test_every_roll():
    for case in load():
        got = dice.roll(unhex(case["seed"]), unhex(case["nonce"]), case["seat"], unhex(case["entropy"]), case["count"])
        assert list(got) == case["dice"], case["about"]


def test_the_skipped_bytes_case_really_has_skipped_bytes():
    [case] = [c for c in load() if "block0" in c]
    key = unhex(case["seed"])
    msg = b"dicecup-dice-2" + unhex(case["nonce"]) + bytes([case["seat"]]) + unhex(case["entropy"]) + bytes(4)
    block0 = hmac_sha256(key, msg)
    assert tohex(block0) == case["block0"]
    assert len([b for b in block0 if b >= 252]) >= 2
