"""The simple bot plays legal, sensible moves in every preset; its view holds only what its seat may know."""
import random

import pytest

from dicecup.bots.selfplay import play_game
from dicecup.bots.simple import SimpleBot
from dicecup.bots.view import make_view
from dicecup.rules import LIAR, Bid, Move, Roll, Rules, apply, new_game, replay
from dicecup.rules.presets import PRESETS


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_simple_bots_finish_a_game_in_every_preset_and_the_record_referees(preset):
    bots = {name: SimpleBot(seed) for seed, name in enumerate(["ana", "ben", "cy", "dee"])}
    record = play_game(Rules.parse(preset), bots, random.Random(5))
    assert replay(str(record)).state.winner is not None


def test_the_simple_bot_calls_an_absurd_bid_and_never_bids_what_it_does_not_expect():
    state = new_game(Rules.parse("dudo"), ["ana", "ben"])
    state = apply(state, Move("ana", Bid(9, 6)))
    assert SimpleBot(1).act(make_view(state, "ben", (2, 3, 4, 5, 5))) is LIAR
    state = new_game(Rules.parse("dudo"), ["ana", "ben"])
    choice = SimpleBot(1).act(make_view(state, "ana", (5, 5, 5, 1, 2)))
    assert isinstance(choice, Bid) and choice.quantity <= 4 + 5 / 3 + 1


def test_a_view_shows_only_the_seats_own_dice():
    state = new_game(Rules.parse("dudo"), ["ana", "ben", "cy"])
    state = apply(state, Roll("ben", (6, 6, 6, 6, 6)))
    view = make_view(state, "ana", (1, 2, 3, 4, 5))
    assert view.dice == (1, 2, 3, 4, 5) and "6, 6" not in repr(view)
    assert view.seats == ("ana", "ben", "cy") and make_view(state, "cy", ()).seats == ("cy", "ana", "ben")
    assert view.dice_counts == {"ana": 5, "ben": 5, "cy": 5} and str(view.legal[0]) == "1x1"
    with pytest.raises(TypeError):
        view.dice_counts["ana"] = 1
