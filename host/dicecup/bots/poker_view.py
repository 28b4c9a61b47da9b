"""What one seat may know at poker dice, and the actions it chooses from (contract for poker bots).

A poker bot is like any bot (`act(view)` or a function of the view, returning one of `view.legal`), and says it
plays poker dice with a `poker = True` attribute. It is asked at four stages of its turn:

    view.stage == "open"      it shook the five dice and looked: legal are PokerBid(seat, hand, "left"/"right")
    view.stage == "receive"   the cup was passed to it: legal are Accept(seat) and CallLiar(seat)
    view.stage == "handle"    it accepted and looked: legal are Plans (which dice lie open, shake, open roll)
    view.stage == "bid"       after its plan: legal are PokerBid(seat, hand) above the standing bid

    view.dice      die 1..5: the faces this seat knows now (all five once it looked; None where it can't know)
    view.on_table  die 1..5: True when the die lies open on the table
    view.lives     seat -> lives left          view.seats  living seats, its own first
    view.bids      this round's ((seat, "KKQQ"), ...)       view.standing  the standing Hand or None
    view.direction "left", "right" or None     view.history  past rounds as the referee's JSON round objects
    view.events    this round's record lines so far (a reveal only after the cup is lifted)

The tries at an accepted five of a kind are rolled for the bot, keeping its largest group (the best play).
"""
from types import MappingProxyType
from typing import NamedTuple, Optional

from dicecup.rules.poker import Accept, CallLiar, PokerBid, bids_above

OPEN, RECEIVE, HANDLE, BID = "open", "receive", "handle", "bid"


class Plan(NamedTuple):
    """An accepted turn's handling of the dice: which dice lie open on the table after the moves, whether the
    dice under the cup are shaken, and which table dice are rolled in the open."""

    table: frozenset
    shake: bool = False
    roll: frozenset = frozenset()

    def moves(self, on_table) -> tuple:
        """(hide, show): the dice to take off the table and the dice to put on it, from where they lie now
        (`on_table`, one flag per die) to where the plan wants them."""
        hide = tuple(s for s in range(1, 6) if on_table[s - 1] and s not in self.table)
        show = tuple(s for s in sorted(self.table) if not on_table[s - 1])
        return hide, show

    def __str__(self):
        parts = [f"table {' '.join(map(str, sorted(self.table))) or '-'}"]
        if self.shake:
            parts.append("shake")
        if self.roll:
            parts.append(f"roll {' '.join(map(str, sorted(self.roll)))}")
        return ", ".join(parts)


def _subsets(slots):
    slots = sorted(slots)
    for mask in range(1 << len(slots)):
        yield frozenset(s for i, s in enumerate(slots) if mask >> i & 1)


PLANS = tuple(Plan(table, shake, roll) for table in _subsets(range(1, 6)) for shake in (False, True)
              for roll in _subsets(table) if len(table) < 5 or (not shake and not roll))


class PokerView(NamedTuple):
    rules: str
    switches: MappingProxyType
    seat: str
    seats: tuple
    stage: str
    dice: tuple
    on_table: tuple
    lives: MappingProxyType
    bids: tuple
    standing: object
    direction: Optional[str]
    history: tuple
    events: tuple
    legal: tuple


def legal_for(state, seat: str, stage: str) -> tuple:
    if stage == RECEIVE:
        return (Accept(seat), CallLiar(seat))
    if stage == HANDLE:
        return PLANS
    if stage == OPEN:
        return tuple(PokerBid(seat, hand, way) for hand in bids_above(None) for way in ("left", "right"))
    return tuple(PokerBid(seat, hand) for hand in bids_above(state.standing))


def make_view(state, seat: str, stage: str, known, events) -> PokerView:
    index = state.seats.index(seat)
    order = [(index + k) % len(state.seats) for k in range(len(state.seats))]
    return PokerView(
        rules=state.rules.preset.name, switches=MappingProxyType(state.rules.switches()), seat=seat,
        seats=tuple(state.seats[i] for i in order if state.lives[i]), stage=stage, dice=tuple(known),
        on_table=state.on_table, lives=MappingProxyType(dict(zip(state.seats, state.lives))),
        bids=tuple((state.seats[i], str(h)) for i, h in state.bids), standing=state.standing,
        direction=None if state.direction is None else ("left" if state.direction == 1 else "right"),
        history=tuple(o.to_json() for o in state.history), events=tuple(str(e) for e in events),
        legal=legal_for(state, seat, stage))
