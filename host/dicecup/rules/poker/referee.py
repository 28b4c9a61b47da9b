"""Replaying a poker-dice record, and reporting it round by round (`dicecup referee` on a `rules poker` record)."""
from typing import NamedTuple

from ..errors import DicecupError, RecordError
from .hands import rank_char
from .play import CALL_FIVE, apply, five_of_a_kind_words
from .state import OVER, PokerState, new_poker_game


class PokerReplay(NamedTuple):
    state: PokerState
    lines: int

    @property
    def rounds(self) -> tuple:
        return self.state.history

    def to_json(self) -> dict:
        state = self.state
        opener = None if state.phase == OVER or state.opener is None else state.seats[state.opener]
        return {
            "rules": state.rules.preset.name,
            "switches": state.rules.switch_values(),
            "seats": list(state.seats),
            "rounds": [outcome.to_json() for outcome in state.history],
            "next_opener": opener,
            "winner": state.seats[state.winner] if state.winner is not None else None,
        }


def replay_events(rules, seats, events, seats_line: int) -> PokerReplay:
    try:
        state = new_poker_game(rules, seats)
    except DicecupError as error:
        raise RecordError(seats_line, str(error)) from None
    for number, event in events:
        try:
            state = apply(state, event)
        except DicecupError as error:
            raise RecordError(number, str(error)) from None
    return PokerReplay(state, len(events))


def report_lines(result: PokerReplay):
    state = result.state
    yield f"rules {state.rules}   seats {' '.join(state.seats)}"
    for o in state.history:
        yield ""
        yield f"round {o.n}: {o.opener} opens, the cup goes {o.direction}"
        yield "  bids: " + ", ".join(f"{name} {hand}" for name, hand in o.bids)
        dice = " ".join(rank_char(f) for f in o.dice)
        if o.call == CALL_FIVE:
            yield f"  {o.caller} accepts {o.bid} ({o.bid.words()}) and rolls for five of a kind"
            yield f"  dice: {dice}{five_of_a_kind_words(o.tries, o.correct)}"
        else:
            yield f"  {o.caller} calls liar on {o.bid} ({o.bid.words()}) by {o.bidder}"
            yield f"  dice: {dice}, which make {o.made} ({o.made.words()}): the call was " \
                  f"{'right' if o.correct else 'wrong'}"
        yield f"  {o.loser} loses a life" if o.loser else "  nobody loses a life"
        if o.eliminated:
            yield f"  out: {', '.join(o.eliminated)}"
        yield "  lives left: " + ", ".join(f"{name} {n}" for name, n in o.lives_after.items() if n)
    yield ""
    if state.winner is not None:
        yield f"winner: {state.seats[state.winner]}"
    else:
        opener = state.seats[state.opener] if state.opener is not None else "not yet known"
        yield f"game not finished: round {state.round} in progress (opener {opener})"
