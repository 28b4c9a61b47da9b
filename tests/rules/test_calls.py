"""Calls are values, not identities: a liar call is a liar call however it was made (pickled, copied, parsed),
an unknown kind of call is refused by name, and a round's outcome keeps its bid as a Bid."""
import copy
import pickle

import pytest

from dicecup.rules import LIAR, SPOT, Bid, Call, Move, NotationError, Roll, Rules, apply, new_game, parse_action
from record_helpers import play


def ruled(call, table="dudo"):
    """The outcome of one round at a two-seat table where ben calls `call` on ana's 5x5 (count: 4)."""
    state = new_game(Rules.parse(table), ["ana", "ben"])
    state = apply(state, Move("ana", Bid(5, 5)))
    state = apply(state, Move("ben", call))
    state = apply(state, Roll("ana", (5, 5, 5, 2, 3)))
    state = apply(state, Roll("ben", (1, 2, 3, 4, 6)))
    return state.history[-1]


@pytest.mark.parametrize("remake", [copy.copy, copy.deepcopy, lambda c: pickle.loads(pickle.dumps(c))],
                         ids=["copy", "deepcopy", "pickle"])
@pytest.mark.parametrize("call", [LIAR, SPOT], ids=str)
def test_a_copied_or_pickled_call_is_ruled_as_the_same_call(remake, call):
    again = remake(call)
    assert again == call and str(again) == str(call)
    assert ruled(again) == ruled(call)
    assert ruled(again).losers == (("ana",) if call == LIAR else ("ben",))


def test_a_liar_call_made_by_value_is_the_liar_call():
    assert Call("liar") is LIAR and Call("spot") is SPOT
    assert parse_action("liar") is LIAR and str(LIAR) == "liar"


def test_a_liar_lookalike_at_a_table_without_spot_is_still_a_liar_call():
    assert ruled(pickle.loads(pickle.dumps(LIAR)), "dudo spot=off").losers == ("ana",)


def test_an_unknown_kind_of_call_is_refused_by_name():
    with pytest.raises(NotationError, match="'bogus' is not a call: call liar or spot"):
        Call("bogus")
    assert issubclass(NotationError, ValueError)


def test_a_round_outcome_keeps_its_bid_as_a_bid():
    outcome = play("""
        rules dudo
        seats ana ben
        ana bids 3x5
        ben calls liar
        roll ana 5 5 5 2 3
        roll ben 1 2 3 4 6
    """).rounds[0]
    assert type(outcome.bid) is Bid and outcome.bid == Bid(3, 5)
    assert outcome.to_json()["bid"] == "3x5"
