"""The difficulty dial, tested as statistics: with a fixed seed, each claim must hold at one-sided significance
0.001 (the 99.8 % Wilson interval of the win rate lies wholly on the claimed side). Heads-up dudo, the two
seats swapped every game, a few hundred games each (about a second per pairing on two cores)."""
from dicecup.bots.arena import run_arena, wilson
from dicecup.rules import Rules

Z_ONE_SIDED_0001 = 3.090232306167813
GAMES = 400


def heads_up(a, b, preset="dudo", seed=2024):
    result = run_arena([a, b], Rules.parse(preset), GAMES, seed=seed)
    first = result.scores[0]
    return first.wins, wilson(first.wins, GAMES, Z_ONE_SIDED_0001)


def test_hard_beats_the_baseline_by_more_than_the_65_percent_target():
    wins, (low, _) = heads_up("hard", "baseline")
    assert low > 0.65, f"hard won {wins} of {GAMES} against baseline"


def test_easy_loses_to_normal_and_normal_loses_to_hard():
    wins, (_, high) = heads_up("easy", "normal")
    assert high < 0.5, f"easy won {wins} of {GAMES} against normal"
    wins, (_, high) = heads_up("normal", "hard")
    assert high < 0.5, f"normal won {wins} of {GAMES} against hard"


def test_the_dial_holds_in_a_preset_without_wild_ones():
    wins, (_, high) = heads_up("normal", "hard", preset="fourdice")
    assert high < 0.5, f"normal won {wins} of {GAMES} against hard at fourdice"
