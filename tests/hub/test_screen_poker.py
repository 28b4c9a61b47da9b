"""A poker table publishes its reveals as the face-bid table does (RoundRevealed), with a poker outcome: the
terminal screen must not fail on it (its failure was swallowed on the screen's thread, and every later event of
that round was lost with it). The poker hub says the round's words itself, so the screen draws no face-bid panel."""
import io
import random

from rich.console import Console

from dicecup.hub.screen import Screen
from dicecup.hub.snapshot import RoundRevealed, Said
from dicecup.rules import Rules
from dicecup.rules.poker.randomplay import random_events


def _a_poker_outcome():
    state = None
    for _, state in random_events(Rules.parse("poker"), ["ana", "ben", "cy"], random.Random(3)):
        if state.history:
            return state.history[0]
    raise AssertionError("a random poker game ended with no round")


def _screen(live):
    out = io.StringIO()
    return Screen(console=Console(file=out, width=100, force_terminal=live), live=live), out


def test_the_log_screen_takes_a_poker_reveal_and_goes_on():
    screen, out = _screen(live=False)
    screen(RoundRevealed(_a_poker_outcome()))
    screen(Said("round 1: ana loses a life"))
    assert out.getvalue().strip().splitlines()[-1] == "round 1: ana loses a life"


def test_the_live_screen_takes_a_poker_reveal_and_goes_on():
    screen, out = _screen(live=True)
    try:
        screen(RoundRevealed(_a_poker_outcome()))
        screen(Said("round 1: ana loses a life"))
    finally:
        screen.close()
    assert "ana loses a life" in out.getvalue()
