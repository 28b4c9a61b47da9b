"""The table as a plain log: one line per event, for a screen that is not a terminal (a pipe,
a test, a CI log), where a redrawn table would only repeat itself. Pure functions, as in table.py."""
from dicecup.rules.referee import count_words

from .table import losers_text


def turn_line(state, *, to_act=None, clock_left=None) -> str:
    """`round 2 · ben to play · 4x4 (four fours) by ana · 12 dice in play · ones wild · ⏱ 30s`"""
    parts = [f"round {state.round}"]
    to_act = state.to_act or to_act
    if to_act is not None:
        parts.append(f"{to_act} to play")
    standing = state.standing
    if standing is None:
        parts.append("no bid yet")
    else:
        parts.append(f"{standing} ({standing.words()}) by {state.seats[state.bids[-1][0]]}")
    parts.append(f"{state.dice_in_play} {'die' if state.dice_in_play == 1 else 'dice'} in play")
    parts.append("ones wild" if state.wild else "ones not wild")
    if state.palifico is not None:
        parts.append(f"palifico ({state.seats[state.palifico]})")
    if clock_left is not None:
        parts.append(f"⏱ {clock_left:.0f}s")
    return " · ".join(parts)


def reveal_line(outcome) -> str:
    """`round 1: ben calls liar on 3x3 (three threes) by ana — ana 3 1 6 · ben 2 2 3 — count: 1 three + 1 wild
    one = 2 against 3 bid, the call was right. ana loses the round.`"""
    if outcome.call == "timeout":
        return f"round {outcome.n}: {outcome.caller} ran out of time and loses the round"
    bid = outcome.bid
    dice = " · ".join(f"{name} {' '.join(map(str, rolled))}" for name, rolled in outcome.rolls.items())
    verdict = "right" if outcome.correct else "wrong"
    return (f"round {outcome.n}: {outcome.caller} calls {outcome.call} on {bid} ({bid.words()}) by {outcome.bidder}"
            f" — {dice} — count: {count_words(outcome)} against {bid.quantity} bid, the call was {verdict}. "
            f"{losers_text(outcome)}").rstrip()
