"""What one seat may know, and nothing more: the read-only view a bot decides from (contract: bots written by
anyone rely on it).

    view.rules        preset name            view.switches   dict of switch -> value as in a record
    view.seat         this bot's seat        view.seats      living seats in turn order
    view.dice         its own dice (tuple)   view.dice_counts seat -> dice left
    view.bullets      seat -> bullets        view.bids       this round's bids, ((seat, "4x5"), ...)
    view.history      past rounds (the referee's JSON round objects)
    view.clock        seconds left or None   view.legal      legal actions; str(action) is "4x5", "liar", "spot"

Also, for convenience: view.standing (the standing Bid or None), view.wild (ones wild this round),
view.palifico (the palifico seat or None), view.in_play (dice in play).
"""
from types import MappingProxyType
from typing import NamedTuple, Optional

from dicecup.rules import legal_actions


class View(NamedTuple):
    rules: str
    switches: MappingProxyType
    seat: str
    seats: tuple
    dice: tuple
    dice_counts: MappingProxyType
    bullets: MappingProxyType
    bids: tuple
    history: tuple
    clock: Optional[float]
    legal: tuple
    standing: object
    wild: bool
    palifico: Optional[str]
    in_play: int


def make_view(state, seat: str, dice, clock=None) -> View:
    """The view of `seat` at `state`, given that seat's own dice (the only dice it may see)."""
    index = state.seats.index(seat)
    order = [(index + k) % len(state.seats) for k in range(len(state.seats))]
    living = tuple(state.seats[i] for i in order if state.alive[i])
    return View(
        rules=state.rules.preset.name,
        switches=MappingProxyType(state.rules.switches()),
        seat=seat,
        seats=living,
        dice=tuple(dice),
        dice_counts=MappingProxyType({s: n for s, n, a in zip(state.seats, state.dice, state.alive) if a}),
        bullets=MappingProxyType(dict(zip(state.seats, state.bullets))),
        bids=tuple((state.seats[i], str(b)) for i, b in state.bids),
        history=tuple(outcome.to_json() for outcome in state.history),
        clock=clock,
        legal=tuple(legal_actions(state)),
        standing=state.standing,
        wild=state.wild,
        palifico=state.seats[state.palifico] if state.palifico is not None else None,
        in_play=state.dice_in_play,
    )
