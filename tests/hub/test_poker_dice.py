"""The hub's side of poker dice's fair dice (hub/poker/dice.py) and of the cup's bid codes (hub/poker/codes.py),
against the golden vectors in tests/vectors/poker.json that the cup runs too."""
import json
from pathlib import Path

import pytest

from dicecup.hub.poker.dice import PokerDeal, poker_receipt
from dicecup.hub.poker.codes import code_of_hand, hand_of_code
from dicecup.rules.errors import NotationError
from dicecup.rules.poker import Hand

VECTORS = json.loads((Path(__file__).parents[1] / "vectors" / "poker.json").read_text())


@pytest.mark.parametrize("sub", VECTORS["subdeals"], ids=lambda s: str(s["deal"]))
def test_the_hub_checks_each_die_opened_alone_and_the_entropy_check_is_the_vectors(sub):
    nonce, entropy = bytes.fromhex(sub["nonce"]), bytes.fromhex(sub["entropy"])
    deal = PokerDeal(sub["deal"], nonce, [d["die"] for d in sub["dice"]], by="ana")
    with pytest.raises(ValueError):
        deal.give_entropy(entropy)  # never before every commitment
    for die in sub["dice"]:
        assert deal.commit(die["die"], bytes.fromhex(die["digest"])) == "new"
    assert deal.commit(9, bytes(32)) == "not dealt"
    deal.give_entropy(entropy)
    assert deal.receipt() == sub["check"] == poker_receipt(nonce, deal.commits, entropy)
    for die in sub["dice"]:
        seed, face = bytes.fromhex(die["seed"]), die["face"]
        assert not deal.check_open(die["die"], face % 6 + 1, seed)  # another face: a lie
        assert not deal.check_open(die["die"], face, bytes(16))      # another seed: not what it committed to
        assert deal.check_open(die["die"], face, seed)


@pytest.mark.parametrize("case", VECTORS["hand_codes"], ids=lambda c: c["hand"])
def test_hand_codes_read_as_the_hands_they_name(case):
    hand = Hand.parse(case["hand"])
    assert hand_of_code(case["code"]) == hand and code_of_hand(hand) == case["code"]


def test_a_code_no_hand_has_is_refused():
    with pytest.raises(NotationError):
        hand_of_code(7 ** 5)
    with pytest.raises(NotationError):
        hand_of_code(5)  # die 5 named, dice 1 to 4 not
