"""The guard: a bot that raises, answers with something illegal, or overruns its budget is replaced for that turn
by the safest legal action, and the problem is reported; a good bot's answer goes through untouched."""
import copy
import time

import pytest

from dicecup.bots import guard
from dicecup.bots.guard import budget_for, decide, decide_inline, safest
from dicecup.bots.loader import load
from dicecup.bots.view import make_view
from dicecup.rules import LIAR, Bid, Move, Rules, apply, new_game


def opening_view():
    state = new_game(Rules.parse("fourdice"), ["ana", "ben"])
    return make_view(state, "ana", (2, 3, 3, 6))


def facing_view():
    state = apply(new_game(Rules.parse("fourdice"), ["ana", "ben"]), Move("ana", Bid(3, 3)))
    return make_view(state, "ben", (1, 1, 5, 6))


def test_the_safest_action_is_liar_when_it_may_be_called_else_the_lowest_bid():
    assert safest(facing_view()) is LIAR
    assert safest(opening_view()) == Bid(1, 1)


def test_a_good_bot_answer_goes_through(sample):
    action, problem = decide(load(sample("Unseeded")), facing_view(), 1.0)
    assert (action, problem) == (LIAR, None)
    assert decide(load("hard", seed=1), opening_view(), 1.0)[1] is None


def test_a_raising_bot_is_replaced_and_the_error_named(sample):
    action, problem = decide(load(sample("Raises")), facing_view(), 1.0)
    assert action is LIAR and problem == "raised RuntimeError: my dice fell off the table"
    assert decide_inline(load(sample("Raises")), opening_view()) == (Bid(1, 1), problem)


def test_an_illegal_answer_is_replaced(sample):
    bot = load(sample("Illegal"))
    action, problem = decide(bot, opening_view(), 1.0)
    assert action == Bid(1, 1) and problem == "returned Bid(quantity=99, face=6), which is not a legal action"
    action, problem = decide(bot, facing_view(), 1.0)
    assert action is LIAR and problem == "returned '4x5', which is not a legal action"


@pytest.mark.parametrize("answer", [("liar",), (3, 4), ["liar"], "liar"],
                         ids=["liar-tuple", "bid-tuple", "list", "text"])
def test_lookalikes_of_legal_actions_are_refused(answer):
    """A plain tuple equal to a legal action is no action: the table would rule it as something else or crash."""
    action, problem = decide_inline(lambda view: answer, facing_view())
    assert action is LIAR and problem == f"returned {answer!r}, which is not a legal action"


def test_a_copied_legal_action_goes_through_as_that_action():
    assert decide_inline(lambda view: copy.deepcopy(LIAR), facing_view()) == (LIAR, None)
    assert decide_inline(lambda view: Bid(3, 4), facing_view()) == (Bid(3, 4), None)


def test_a_slow_bot_is_replaced_at_its_deadline_and_not_asked_again_while_still_thinking(sample):
    bot = load(sample("Slow"))
    start = time.monotonic()
    action, problem = decide(bot, facing_view(), 0.1)
    assert time.monotonic() - start < 0.4, "the table waited for the slow bot"
    assert action is LIAR and problem == "took longer than its 0.1 s"
    action, problem = decide(bot, facing_view(), 1.0)  # its first turn is still running
    assert action is LIAR and problem == "is still thinking about an earlier turn"
    time.sleep(0.6)
    assert decide(bot, facing_view(), 1.0) == (facing_view().legal[0], None)  # done: it answers again


def test_the_budget_follows_the_clock():
    assert budget_for(None) == guard.DEFAULT_BUDGET
    assert budget_for(60) == guard.DEFAULT_BUDGET
    assert budget_for(1.0) == 0.5 and budget_for(0.0) == 0.05


def test_a_bot_that_calls_sys_exit_is_replaced_not_obeyed(sample):
    problem = "raised SystemExit: it called sys.exit(4)"
    assert decide_inline(load(sample("Exits")), facing_view()) == (LIAR, problem)
    assert decide(load(sample("Exits")), facing_view(), 1.0) == (LIAR, problem)
