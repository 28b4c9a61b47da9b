"""Poker-dice bots: whole games through the engine referee cleanly, a bot sees only what its seat may know, a
misbehaving bot is replaced, the arena seats only poker bots at poker, and poker-hard beats the baseline."""
import random

import pytest

from dicecup.bots.arena import run_arena, wilson
from dicecup.bots.poker_bots import PokerBaseline, PokerHard, believed
from dicecup.bots.poker_game import play_poker_game, run_poker_game
from dicecup.bots.poker_view import HANDLE, PLANS, RECEIVE
from dicecup.cli import main
from dicecup.rules import Rules, replay
from dicecup.rules.poker import Accept

POKER = Rules.parse("poker")


def test_a_game_of_four_poker_bots_referees_to_the_same_winner():
    bots = {"ana": PokerHard(), "ben": PokerBaseline(), "cy": PokerHard(), "dee": PokerBaseline()}
    problems = []
    record = play_poker_game(POKER, bots, random.Random(3), problems)
    state, _ = run_poker_game(POKER, {n: type(b)() for n, b in bots.items()}, random.Random(3))
    refereed = replay(str(record))
    assert problems == [] and refereed.state.winner == state.winner is not None
    assert any(" shows " in line for line in str(record).splitlines()), "the bots move dice to the table"


class Spy:
    """Accepts everything, keeps every view it was shown, and plays like the baseline otherwise."""

    poker = True

    def __init__(self):
        self.views, self.inner = [], PokerBaseline()

    def act(self, view):
        self.views.append(view)
        return Accept(view.seat) if view.stage == RECEIVE else self.inner.act(view)


def test_a_bot_sees_only_the_dice_its_seat_may_know():
    spy = Spy()
    state, events = run_poker_game(POKER, {"spy": spy, "hard": PokerHard()}, random.Random(11))
    receiving = [v for v in spy.views if v.stage == RECEIVE]
    assert receiving
    for view in receiving:
        for face, open_ in zip(view.dice, view.on_table):
            assert face is not None or not open_, "an open die is known to everyone"
        mine = [i for i, line in enumerate(view.events) if line.startswith("spy bids")]
        since = view.events[mine[-1] + 1:] if mine else view.events
        shaken_by_other = any(line.startswith("hard shakes") for line in since)
        if shaken_by_other:
            hidden = [face for face, open_ in zip(view.dice, view.on_table) if not open_]
            assert hidden == [None] * len(hidden), "dice shaken under someone else's cup are unknown"
    handling = [v for v in spy.views if v.stage == HANDLE]
    assert handling and all(None not in v.dice for v in handling), "the holder looks after accepting"


def test_a_bot_that_answers_badly_is_replaced_and_counted():
    def rude(view):
        return "liar"
    rude.poker = True
    problems = []
    state, _ = run_poker_game(POKER, {"rude": rude, "hard": PokerHard()}, random.Random(2), problems)
    assert state.winner is not None and problems and "not a legal action" in problems[0][1]


def test_every_plan_is_one_a_receiver_may_play():
    assert len(PLANS) == len(set(PLANS)) == 423
    assert all(len(p.table) < 5 or not (p.shake or p.roll) for p in PLANS)


def test_the_belief_in_a_bid_follows_the_bidders_honesty():
    assert believed(0.3, 0.5) == 0.3 and believed(0.3, 0.9) > 0.7 and believed(0.3, 0.1) < 0.1
    assert believed(0.0, 0.9) == 0.0 and believed(1.0, 0.1) == 1.0


def test_the_arena_plays_poker_and_refuses_face_bid_bots_there(capsys):
    assert main(["arena", "poker-hard", "poker-baseline", "--rules", "poker", "--games", "4", "--workers", "1"]) == 0
    assert "4 games of poker" in capsys.readouterr().out
    assert main(["arena", "hard", "poker-hard", "--rules", "poker"]) == 2
    assert "hard plays face bids" in capsys.readouterr().err


@pytest.mark.slow
def test_poker_hard_beats_the_baseline_heads_up():
    result = run_arena(["poker-hard", "poker-baseline"], POKER, 400, "test", workers=1)
    hard = result.scores[0]
    assert hard.ci95[0] > 0.5, hard
    assert wilson(hard.wins, 400) == hard.ci95
