"""Properties of random legal poker-dice play: it never raises, lives only go down one at a time, the game ends
with one winner, and the record round-trips and referees to the same result."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dicecup.rules import Record, Rules, replay
from dicecup.rules.poker.randomplay import random_events, random_record


@settings(max_examples=30, deadline=None)
@given(lives=st.integers(1, 4), players=st.integers(2, 10), seed=st.integers(0, 2**32))
def test_a_random_legal_game_never_raises_and_ends_with_one_winner(lives, players, seed):
    rules = Rules.parse(f"poker lives={lives}")
    seats = [f"s{i}" for i in range(players)]
    rounds = 0
    for _, state in random_events(rules, seats, random.Random(seed)):
        if len(state.history) > rounds:
            rounds = len(state.history)
            outcome = state.history[-1]
            lost = sum(outcome.lives_after.values())
            before = sum(state.history[-2].lives_after.values()) if rounds > 1 else lives * players
            assert lost == before - (outcome.loser is not None)
            assert all(0 <= n <= lives for n in outcome.lives_after.values())
    assert state.phase == "over" and sum(n > 0 for n in state.lives) == 1
    assert state.lives[state.winner] > 0


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_the_record_round_trips_and_referees_to_the_same_winner(players, seed):
    record = random_record(Rules.parse("poker"), [f"p{i}" for i in range(players)], seed)
    text = str(record)
    assert Record.parse(text) == record and str(Record.parse(text)) == text
    assert replay(text).state.winner is not None
