"""`expert`: the shipped solved strategy where the table is a solved game, search elsewhere; a name the hub and
the arena know; and still only a bot, so the guard replaces one that overruns its budget."""
import io
import random
import threading
import time

import pytest

from rich.console import Console

from dicecup.bots import guard
from dicecup.bots.beliefs import BidModel, others_tails
from dicecup.bots.expert import Expert, spot_outcomes
from dicecup.bots.mix import no_worse
from dicecup.bots.selfplay import run_game
from dicecup.bots.loader import load
from dicecup.bots.view import make_view
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Bid, Move, Rules, apply, new_game
from dicecup.rules.presets import PRESETS
from dicecup.search import cfr, exploit, rollout
from dicecup.search.fast import FastRules, to_action, to_id
from dicecup.search.solved import Solved

SIX = ["ana", "ben", "cy", "dee", "eve", "fay"]


def test_heads_up_with_one_die_it_plays_the_solved_strategy():
    state = apply(new_game(Rules.parse("dudo dice=1"), ["ana", "ben"]), Move("ana", Bid(1, 4)))
    view = make_view(state, "ben", (4,))
    solved = Solved("dudo-1").dist((4,), (to_id(Bid(1, 4)),))
    policy = Expert(seed=1).policy(view)
    assert {str(a): round(p, 9) for a, p in policy.items()} == \
        {str(to_action(a)): round(p, 9) for a, p in solved.items() if p > 0}
    assert len(policy) > 1  # the solved game mixes here: it is not the search's one action


def test_the_shipped_classic_strategy_is_near_the_equilibrium():
    solved = Solved("classic-1")
    game = cfr.RoundGame(solved.fr, 1, replay_spot=False)
    dist = lambda hand, history, node: [solved.dist(hand, history).get(a, 0.0) for a in game.actions[node]]  # noqa
    assert exploit.exploitability(game, dist) < 0.02
    uniform = lambda hand, history, node: [1 / len(game.actions[node])] * len(game.actions[node])  # noqa
    assert exploit.exploitability(game, uniform) > 0.5  # the measure can tell a bad strategy


def test_it_searches_a_thirty_dice_table_and_answers_legally():
    state = new_game(Rules.parse("dudo"), SIX)
    for seat, bid in zip(SIX, ["3x4", "4x4", "5x2"]):
        state = apply(state, Move(seat, Bid.parse(bid)))
    view = make_view(state, "dee", (2, 2, 1, 5, 6))
    policy = Expert(seed=3).policy(view)
    assert policy and set(policy) <= set(view.legal) and abs(sum(policy.values()) - 1) < 1e-9
    assert Expert(seed=3).policy(view) == policy  # the same view, the same deals: the same distribution


def test_the_guard_replaces_an_expert_that_overruns_its_clock():
    state = apply(new_game(Rules.parse("dudo"), SIX), Move("ana", Bid(4, 3)))
    view = make_view(state, "ben", (3, 3, 1, 2, 6))
    slow = load("expert", seed=5)
    slow.fewest_worlds = 2_000  # six seats: tenths of a second or more of search, far over the budget
    start = time.monotonic()
    action, problem = guard.decide(slow, view, 0.05)
    assert time.monotonic() - start < 2.0
    assert (str(action), problem) == ("liar", "took longer than its 0.05 s")
    guard._busy.pop(id(slow)).join(120)  # let the abandoned turn finish: the test leaves no thread behind


def test_expert_plays_a_whole_game_at_the_hub(tmp_path):
    output = io.StringIO()
    screen = Screen(console=Console(file=output, width=120), brief=True)
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, seed="expert", screen=screen,
                       bot_names=["expert", "hard"], result_pause=0.0)
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 0.0
    watch = hub.watch()
    thread = threading.Thread(target=table.play, kwargs={"timeout": 60}, daemon=True)
    thread.start()
    thread.join(90)
    table.close()
    text = output.getvalue()
    assert watch.get().finished, text[-2000:]
    assert "took longer" not in text and "raised" not in text and "not a legal action" not in text, text[-2000:]


def five_dice_views(count=12):
    """Heads-up dudo, five dice each: ben facing an opening of ana's, from seeded deals."""
    rng = random.Random(26)
    for _ in range(count):
        bid = Bid(rng.randint(2, 5), rng.randint(2, 6))
        state = apply(new_game(Rules.parse("dudo"), ["ana", "ben"]), Move("ana", bid))
        yield make_view(state, "ben", tuple(rng.randint(1, 6) for _ in range(5)))


def close_call():
    """A five-dice view whose two best-priced actions are within their sampling error of each other (the
    runner-up no worse than the best at >= 20 % by the paired worlds), with its prices."""
    for view in five_dice_views():
        prices = Expert(seed=4).prices(view, Rules.parse("dudo"))
        ranked = sorted(prices, key=lambda p: (sum(p[2]) / len(p[2]), p[0]))
        if len(ranked) > 1 and no_worse(ranked[1][2], ranked[0][2]) >= 0.2:
            return view, ranked
    pytest.fail("no close position among the seeded views")


def test_at_five_dice_the_policy_mixes_where_the_prices_are_close():
    view, ranked = close_call()
    policy = Expert(seed=4).policy(view)
    assert set(policy) <= set(view.legal) and all(p > 0 for p in policy.values())
    assert abs(sum(policy.values()) - 1) < 1e-9
    assert len(policy) > 1 and ranked[0][1] in policy and ranked[1][1] in policy
    assert max(policy, key=policy.get) == ranked[0][1]  # the best-priced action is the likeliest
    for _, action, losses in ranked:  # an action the worlds show clearly worse is never played
        if no_worse(losses, ranked[0][2]) < 0.001:
            assert action not in policy


def test_act_draws_from_the_policy_and_the_same_seed_gives_the_same_policy():
    view, _ = close_call()
    bot = Expert(seed=9)
    policy = bot.policy(view)
    assert Expert(seed=9).policy(view) == policy
    draws = 600
    played = [bot.act(view) for _ in range(draws)]
    assert set(played) <= set(policy)
    for action, p in policy.items():
        error = (p * (1 - p) / draws) ** 0.5
        assert abs(played.count(action) / draws - p) <= 4 * error + 1e-9, (action, p)


def test_a_landed_spot_is_priced_by_the_dice_it_leaves_me():
    def outcomes(mine, theirs):
        state = apply(new_game(Rules.parse("dudo"), ["ana", "ben"]), Move("ana", Bid(2, 3)))
        state = state._replace(dice=(theirs, mine))
        view = make_view(state, "ben", (3,) * mine)
        rules = Rules.parse("dudo")
        return spot_outcomes(view, rules, FastRules.of(rules))
    behind, even, full = outcomes(2, 4), outcomes(3, 3), outcomes(5, 5)
    assert all(missed == pytest.approx(1.0) for _, missed in (behind, even, full))  # a miss: one die of mine
    assert behind[0] < even[0] < full[0] < 1.0  # a die back is worth more the fewer I hold, nothing at full


def test_a_rollout_belief_reads_the_bids_and_without_bids_is_fair_dice():
    model = BidModel()
    fair = others_tails(model, 10, True, ((5, ()),))
    dice = rollout.independent(5, True)
    assert [p for t in fair[1:] for p in t[:6]] == pytest.approx([p for t in dice[1:] for p in t[:6]])
    read = others_tails(model, 10, True, ((5, ((4, 5), (5, 5))),))
    assert read[5][3] > fair[5][3]  # a seat that bid fives twice likely holds them
    assert all(abs(t[0] - 1) < 1e-9 for t in read[1:])


@pytest.mark.parametrize("preset", list(PRESETS))
def test_expert_plays_a_whole_game_at_every_face_preset(preset):
    problems = []
    rules = Rules.parse(preset)
    state, _ = run_game(rules, {"ana": Expert(seed=preset), "ben": load("hard", seed=1)}, random.Random(3),
                        problems)
    assert state.winner is not None and problems == []
