"""Every bot shows its mind: `policy(view)` is the distribution `act(view)` draws from. act() only ever plays an
action its policy gives a positive probability, and over many draws each action comes up as often as the
policy says (within four standard errors). Deterministic bots give 1.0 to the one action they play."""
import math
import random
from functools import lru_cache

import pytest

from dicecup.bots import guard
from dicecup.bots.loader import load
from dicecup.bots.poker_game import run_poker_game
from dicecup.bots.selfplay import run_game
from dicecup.rules import Rules

FACE_BOTS = ["easy", "normal", "hard", "expert", "baseline", "simple"]
RANDOM_BOTS = ["easy", "hard", "simple", "expert"]
TABLES = [("dudo", ["hard", "simple", "easy", "normal"]), ("dudo dice=2", ["hard", "expert"]),
          ("dudo dice=1", ["expert", "simple"]), ("classic dice=1", ["expert", "hard"]),
          ("classic exact=on", ["simple", "hard", "easy"]), ("revolver", ["easy", "simple", "normal"]),
          ("fourdice spot=on", ["hard", "simple", "expert"])]

SEARCHING = {"expert": 9}  # a search at every act: a third of the views and fewer draws keep it to seconds


class Recorder:
    """Plays as `bot` and keeps every view it was shown."""

    def __init__(self, bot, views, poker=False):
        self.bot, self.views, self.poker = bot, views, poker

    def act(self, view):
        self.views.append(view)
        return guard.ask(self.bot, view)


@lru_cache(maxsize=None)
def face_views() -> tuple:
    views = []
    for game, (rules, bots) in enumerate(TABLES * 2):
        table = {f"{name}{i}": Recorder(load(name, seed=game), views) for i, name in enumerate(bots)}
        run_game(Rules.parse(rules), table, random.Random(game))
    return tuple(views)


def _policy(bot, view) -> dict:
    return (bot.policy if hasattr(bot, "act") else bot.policy)(view)


def _check_distribution(dist, view):
    assert dist and all(p > 0 for p in dist.values())
    assert math.isclose(sum(dist.values()), 1.0, abs_tol=1e-9)
    assert all(type(a) is type(view.legal[0]) or a in view.legal for a in dist)
    assert set(dist) <= set(view.legal)


@pytest.mark.parametrize("name", FACE_BOTS)
@pytest.mark.slow
def test_act_only_plays_what_its_policy_allows(name):
    views = face_views()[::SEARCHING.get(name, 3)]
    assert len(views) > 40
    for i, view in enumerate(views):
        dist = _policy(load(name, seed=i), view)
        _check_distribution(dist, view)
        player = load(name, seed=i)  # a bot that has not been asked for its policy: act() works it out itself
        for _ in range(3):
            assert guard.ask(player, view) in dist, (name, view.bids, dist)


@pytest.mark.parametrize("name", RANDOM_BOTS)
def test_act_draws_as_often_as_its_policy_says(name):
    mixed = [v for i, v in enumerate(face_views()[::2]) if len(_policy(load(name, seed=i), v)) > 1]
    assert mixed, f"no view where {name} mixes: the test would not test anything"
    draws = 400 if name not in SEARCHING else 150
    for view in mixed[:: max(1, len(mixed) // 5)][:5]:
        bot = load(name, seed=99)
        dist = _policy(bot, view)
        seen = {}
        for _ in range(draws):
            action = guard.ask(bot, view)
            seen[action] = seen.get(action, 0) + 1
        assert set(seen) <= set(dist)
        for action, p in dist.items():
            sd = math.sqrt(p * (1 - p) / draws)
            assert abs(seen.get(action, 0) / draws - p) <= 4 * sd + 1e-9, (name, str(action), seen, dist)


@pytest.mark.parametrize("name", ["normal", "baseline", "poker-baseline", "poker-hard"])
def test_deterministic_bots_give_their_one_action_probability_one(name):
    poker = name.startswith("poker")
    views = []
    if poker:
        for game in range(4):
            table = {f"p{i}": Recorder(load(name), views, poker=True) for i in range(3)}
            run_poker_game(Rules.parse("poker"), table, random.Random(game))
    else:
        views = list(face_views()[::5])
    assert views
    for view in views:
        bot = load(name)
        assert _policy(bot, view) == {guard.ask(bot, view): 1.0}
