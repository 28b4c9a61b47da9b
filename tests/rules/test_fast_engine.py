"""The fast path (dicecup.search.fast) plays the same rules as the engine: 2,000 random games of every face-bid
preset, each on a random small table (2-4 seats, 1-3 dice, build-up's limit at most 4, the switches that change
bidding and ruling), with
every bidding turn's legal actions and every call's ruling (count, right or wrong, dice won and lost) equal.
bench/fast_engine_check.py runs the same on the presets' own tables (six seats, default dice)."""
import pytest

from dicecup.rules import PRESETS
from dicecup.search import fast

from fastcheck import check_many

GAMES = 2_000  # per preset (about 3 s each here); bench/fast_engine_check.py runs the presets at full size


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.slow
def test_the_fast_path_agrees_with_the_engine_on_random_games(preset):
    assert check_many(preset, GAMES, seed=17) > GAMES


def test_action_ids_round_trip():
    for action_id in [fast.LIAR, fast.SPOT] + list(range(60)):
        assert fast.to_id(fast.to_action(action_id)) == action_id
