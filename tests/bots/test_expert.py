"""`expert`: the shipped solved strategy where the table is a solved game, search elsewhere; a name the hub and
the arena know; and still only a bot, so the guard replaces one that overruns its budget."""
import io
import threading
import time

from rich.console import Console

from dicecup.bots import guard
from dicecup.bots.expert import Expert
from dicecup.bots.loader import load
from dicecup.bots.view import make_view
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Bid, Move, Rules, apply, new_game
from dicecup.search import cfr, exploit
from dicecup.search.fast import to_action, to_id
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
    slow.worlds = 2_000  # tenths of a second or more of search, far over the budget
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
