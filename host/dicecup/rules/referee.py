"""Replaying a game record through the engine, and reporting it round by round."""
from typing import NamedTuple

from .errors import DicecupError, RecordError
from .notation import FACE_NAMES, Bid
from .games import engine
from .record import parse_lines, record_lines
from .play import apply
from .state import OVER, SHOOTING, State, new_game


class Replay(NamedTuple):
    state: State     # the state after the last line
    lines: int       # how many event lines were applied

    @property
    def rounds(self) -> tuple:
        """Every round resolved so far (a round waiting on the revolver included)."""
        return self.state.history

    def to_json(self) -> dict:
        state = self.state
        return {
            "rules": state.rules.preset.name,
            "switches": state.rules.switch_values(),
            "seats": list(state.seats),
            "rounds": [outcome.to_json() for outcome in state.history],
            "next_opener": _next_opener(state),
            "winner": state.seats[state.winner] if state.winner is not None else None,
        }


def _next_opener(state: State):
    if state.phase in (OVER, SHOOTING) or state.opener is None:
        return None
    return state.seats[state.opener]


def replay(text: str) -> Replay:
    """Replay a whole record; the first line that does not parse or replay raises RecordError."""
    (rules, seats), events = parse_lines(text)
    return engine(rules).replay_events(rules, seats, events, _seats_line_number(text))


def replay_events(rules, seats, events, seats_line: int) -> Replay:
    """Face bids' replay of a record's parsed events (poker dice's: rules/poker/referee.py)."""
    try:
        state = new_game(rules, seats)
    except DicecupError as error:
        raise RecordError(seats_line, str(error)) from None
    for number, event in events:
        try:
            state = apply(state, event)
        except DicecupError as error:
            raise RecordError(number, str(error)) from None
    return Replay(state, len(events))


def _seats_line_number(text: str) -> int:
    for number, raw in enumerate(record_lines(text), 1):
        if raw.split("#", 1)[0].split()[:1] == ["seats"]:
            return number
    return 1


# -- the text report ----------------------------------------------------------------------------------------
def report_lines(result):
    """The referee's report of a replay, round by round, as its game kind writes it."""
    return engine(result.state.rules).report_lines(result)


def face_report_lines(result: Replay):
    state = result.state
    yield f"rules {state.rules}   seats {' '.join(state.seats)}"
    for outcome in state.history:
        yield ""
        yield from _round_lines(outcome)
    yield ""
    if state.winner is not None:
        yield f"winner: {state.seats[state.winner]}"
    else:
        yield _unfinished(state)


def _round_lines(o):
    notes = [] if o.wild else ["ones not wild"]
    if o.palifico:
        notes.append("palifico")
    yield f"round {o.n}: {o.opener or '?'} opens" + (f" ({', '.join(notes)})" if notes else "")
    if o.call == "timeout":
        standing = f" with {o.bid} ({o.bid.words()}) standing by {o.bidder}" if o.bid is not None else ""
        yield f"  {o.caller} ran out of time{standing}"
    else:
        yield f"  standing bid: {o.bid} ({o.bid.words()}) by {o.bidder}; {o.caller} calls {o.call}"
        yield f"  count: {_count_text(o, o.bid)}"
        verdict = "right" if o.correct else "wrong"
        yield f"  the call was {verdict}"
    for name in o.losers:
        yield f"  {name} {_change_text(o.dice_change.get(name, 0), lost=True)}"
    for name in o.gained:
        yield f"  {name} {_change_text(o.dice_change.get(name, 0), lost=False)}"
    for name, dead in o.shots:
        yield f"  {name} pulls the trigger with {o.bullets_after[name]} of 6 loaded: {'BANG' if dead else 'click'}"
    if o.eliminated:
        yield f"  out: {', '.join(o.eliminated)}"
    left = ", ".join(f"{name} {n}" for name, n in o.dice_after.items() if n)
    yield f"  dice left: {left}"


def _change_text(change: int, lost: bool) -> str:
    dice = "die" if abs(change) == 1 else "dice"
    if change < 0:
        return f"loses {-change} {dice}" if lost else f"puts {-change} {dice} away"
    if change > 0:
        return f"gains {change} {dice}" + (" back" if not lost else "")
    return "loses the round" if lost else "wins the call"


def _count_text(o, bid: Bid) -> str:
    return f"{count_words(o)} against {bid.quantity} bid"


def count_words(o) -> str:
    """How a call's count was made, as the referee and the table's reveal say it: "1 three + 2 wild ones = 3"."""
    face = o.bid.face
    real = sum(d == face for dice in o.rolls.values() for d in dice)
    wild = sum(d == 1 for dice in o.rolls.values() for d in dice) if o.wild and face != 1 else 0
    shown = f"{real} {FACE_NAMES[face][real != 1]}"
    if wild:
        shown += f" + {wild} wild {'one' if wild == 1 else 'ones'}"
    return f"{shown} = {o.count}"


def _unfinished(state: State) -> str:
    if state.phase == SHOOTING:
        return f"game not finished: waiting for {state.seats[state.shooters[0]]} to pull the trigger"
    opener = state.seats[state.opener] if state.opener is not None else "not yet known"
    return f"game not finished: round {state.round} in progress (opener {opener})"
