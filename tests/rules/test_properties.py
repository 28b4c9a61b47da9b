"""Properties of random legal play, for every preset and a spread of switches."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dicecup.rules import BIDDING, Bid, DicecupError, Move, Rules, apply, legal_actions
from dicecup.rules.randomplay import random_events

TABLES = ["dudo", "dudo lose=difference spot=off", "dudo wild=off palifico=off clock=30", "revolver",
          "revolver lose=die load=2", "revolver wild=off spot=off", "classic", "classic exact=on",
          "classic wild=on spot=on lose=difference", "buildup", "buildup limit=3 spot=on clock=10", "fourdice",
          "fourdice exact=on dice=2"]


def _expected_change(rules, outcome) -> int:
    """What the round's ruling should do to the total dice, worked out from the rule book, not the engine."""
    if rules.preset.name == "revolver" and rules.lose == "none":
        return 0
    sign = 1 if rules.preset.name == "buildup" else -1
    if outcome.call == "liar" and rules.lose == "difference":
        q = outcome.bid.quantity
        cost = max(1, abs(outcome.count - q))
    elif outcome.call == "spot" and not outcome.correct and rules.exact:
        cost = 2
    else:
        cost = 1
    total = 0
    for name in outcome.losers:
        held = outcome.dice_before[name]
        if sign < 0:
            total -= min(cost, held)
        else:
            total += cost if held + cost < rules.limit else -held  # reaching the limit takes all dice out
    for name in outcome.gained:
        held = outcome.dice_before[name]
        total += max(1, held - 1) - held if sign > 0 else min(rules.dice, held + 1) - held
    return total


@settings(max_examples=25, deadline=None)
@given(table=st.sampled_from(TABLES), players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_random_legal_play_never_raises_keeps_the_dice_consistent_and_ends_with_one_winner(table, players, seed):
    rules = Rules.parse(table)
    seen_rounds = 0
    for event, state in random_events(rules, [f"s{i}" for i in range(players)], random.Random(seed)):
        assert state.dice_in_play == sum(n for n, a in zip(state.dice, state.alive) if a)
        assert all(n >= 1 for n, a in zip(state.dice, state.alive) if a)
        if rules.limit:
            assert all(n < rules.limit for n, a in zip(state.dice, state.alive) if a)
        if len(state.history) > seen_rounds and state.phase != "shooting":
            outcome = state.history[-1]
            seen_rounds = len(state.history)
            before, after = sum(outcome.dice_before.values()), sum(outcome.dice_after.values())
            pulled = sum(outcome.dice_before[name] + outcome.dice_change.get(name, 0)
                         for name, dead in outcome.shots if dead)
            assert after == before + _expected_change(rules, outcome) - pulled, outcome
            assert after == state.dice_in_play
    assert state.phase == "over"
    assert sum(state.alive) == 1 and state.alive[state.winner]


@settings(max_examples=15, deadline=None)
@given(table=st.sampled_from(TABLES), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_legal_actions_are_exactly_the_bids_the_engine_accepts(table, players, seed):
    rules = Rules.parse(table)
    for step, (event, state) in enumerate(random_events(rules, [f"s{i}" for i in range(players)], random.Random(seed))):
        if state.phase != BIDDING or state.turn is None or step % 4:
            continue
        legal = set(legal_actions(state))
        seat = state.seats[state.turn]
        for quantity in range(1, state.dice_in_play + 2):
            for face in range(1, 7):
                bid = Bid(quantity, face)
                try:
                    apply(state, Move(seat, bid))
                    accepted = True
                except DicecupError:
                    accepted = False
                assert accepted == (bid in legal), (str(state.rules), state.bids, bid)
