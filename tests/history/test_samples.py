"""The made-up league nights (history/samples.py) that the history's tests and bench/history.py import: as many
games as asked, every one a game the history takes as new."""
import pytest

from dicecup.history.samples import league_night
from dicecup.history.trust import game_digest


@pytest.mark.slow  # 745 random games: about three seconds
def test_a_league_night_is_as_many_different_games_as_asked():
    # Seed 3004's 745th draw is a heads-up revolver game (`timeout`, then `shot ... dead`) that its 631st was too,
    # by other dates: the history would take it for the same game and add 744 (bench/history.py failed so).
    night = league_night(745, seed=3004)
    assert len(night) == 745
    assert len({game_digest(text) for _, text in night}) == 745
