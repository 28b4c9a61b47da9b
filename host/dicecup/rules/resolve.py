"""Ending a round: the count, who lost or gained what, the revolver, and the next round's opener.

`play.py` hands a round here once its call has every living seat's dice (or its turn clock ran out, or a trigger
was pulled); this module reads and returns states and never applies events itself."""
from typing import NamedTuple, Optional

from .notation import LIAR, Bid
from .presets import ECONOMY_GAIN, EXACT_REGAIN, EXACT_TABLE, NEXT_LOSER
from .state import BIDDING, OVER, SHOOTING, State


class Outcome(NamedTuple):
    """One resolved round, as the referee reports it (names, not seat indices)."""

    n: int
    opener: Optional[str]
    bid: Optional[Bid]        # the standing bid that was called (or stood when the clock ran out)
    bidder: Optional[str]
    call: str                 # "liar", "spot" or "timeout"
    caller: str
    wild: bool
    count: Optional[int]
    correct: Optional[bool]
    losers: tuple
    dice_change: dict         # name -> dice gained (+) or lost (-) by the round's ruling, before any pull
    gained: tuple             # seats that won a die back (dudo's spot on), or put one away (build-up)
    dice_before: dict
    dice_after: dict
    bullets_after: Optional[dict]
    eliminated: tuple
    palifico: bool
    rolls: dict               # name -> dice revealed this round (absent when not revealed)
    shots: tuple              # ((name, dead), ...) in order
    next_opener: Optional[str]

    def to_json(self) -> dict:
        bid = str(self.bid) if self.bid is not None else None  # the referee's JSON prints bids in notation
        data = {"n": self.n, "opener": self.opener, "bid": bid, "bidder": self.bidder, "call": self.call,
                "caller": self.caller, "wild": self.wild, "count": self.count, "correct": self.correct,
                "losers": list(self.losers), "dice_after": dict(self.dice_after)}
        if self.bullets_after is not None:
            data["bullets_after"] = dict(self.bullets_after)
        data["eliminated"] = list(self.eliminated)
        data["palifico"] = self.palifico
        return data


def count_bid(rolls, face: int, wild: bool) -> int:
    """Dice showing `face`, plus every 1 when ones are wild and the face is not 1."""
    wild_ones = wild and face != 1
    return sum(1 for dice in rolls if dice for d in dice if d == face or (wild_ones and d == 1))


def resolve_call(state: State) -> State:
    call, caller = state.call
    bidder, standing = state.bids[-1]
    rules = state.rules
    count = count_bid((r for r, living in zip(state.rolls, state.alive) if living), standing.face, state.wild)
    gained = ()
    if call == LIAR:
        correct = count < standing.quantity
        loser = bidder if correct else caller
        cost = max(1, abs(count - standing.quantity)) if rules.lose == "difference" else 1
        losses = ((loser, cost),)
        winner = caller if correct else bidder
    else:
        correct = count == standing.quantity
        style = EXACT_TABLE if rules.exact else rules.preset.spot_style
        winner = caller if correct else bidder
        if not correct:
            losses = ((caller, 2 if rules.exact else 1),)
        elif style == EXACT_REGAIN:
            losses, gained = (), (caller,)
        else:
            losses = tuple((seat, 1) for seat in _clockwise_others(state, caller))
    if rules.preset.next_opener == NEXT_LOSER:
        next_opener = losses[0][0] if call == LIAR else caller
    else:
        next_opener = winner
    return _settle(state, call=str(call), caller=caller, count=count, correct=correct, losses=losses,
                   gained=gained, next_opener=next_opener)


def resolve_timeout(state: State, seat: int) -> State:
    opener = state.opener if state.opener is not None else seat
    state = state._replace(opener=opener)
    return _settle(state, call="timeout", caller=seat, count=None, correct=None, losses=((seat, 1),), gained=(),
                   next_opener=seat, fatal=True)


def _clockwise_others(state: State, caller: int) -> tuple:
    n = len(state.seats)
    return tuple(i for i in ((caller + k) % n for k in range(1, n)) if state.alive[i])


def _settle(state: State, *, call, caller, count, correct, losses, gained, next_opener, fatal=False) -> State:
    """Apply the round's losses and gains, then either go to the revolver or start the next round."""
    rules = state.rules
    dice, alive, bullets = list(state.dice), list(state.alive), list(state.bullets)
    shooters = []
    for seat, cost in losses:
        if rules.preset.economy == ECONOMY_GAIN:
            dice[seat] += cost
            alive[seat] = dice[seat] < rules.limit
        elif rules.lose != "none":
            dice[seat] = max(0, dice[seat] - cost)
            alive[seat] = dice[seat] > 0
        if rules.preset.revolver and alive[seat]:
            bullets[seat] = 6 if fatal else min(6, bullets[seat] + 1 if bullets[seat] else rules.load)
            shooters.append(seat)
    for seat in gained:
        if rules.preset.economy == ECONOMY_GAIN:
            dice[seat] = max(1, dice[seat] - 1)
        else:
            dice[seat] = min(rules.dice, dice[seat] + 1)
    names = state.seats
    standing = state.bids[-1] if state.bids else None
    outcome = Outcome(
        n=state.round, opener=names[state.opener] if state.opener is not None else None,
        bid=standing[1] if standing else None, bidder=names[standing[0]] if standing else None,
        call=call, caller=names[caller], wild=state.wild, count=count, correct=correct,
        losers=tuple(names[s] for s, _ in losses),
        dice_change={names[i]: dice[i] - state.dice[i] for i in range(len(names)) if dice[i] != state.dice[i]},
        gained=tuple(names[s] for s in gained),
        dice_before=_dice_map(state, state.dice, state.alive), dice_after=_dice_map(state, dice, alive),
        bullets_after=dict(zip(names, bullets)) if rules.preset.revolver else None,
        eliminated=tuple(names[i] for i in range(len(names)) if state.alive[i] and not alive[i]),
        palifico=state.palifico is not None,
        rolls={names[i]: r for i, r in enumerate(state.rolls) if r is not None},
        shots=(), next_opener=names[next_opener])
    state = state._replace(dice=tuple(dice), alive=tuple(alive), bullets=tuple(bullets),
                           history=state.history + (outcome,))
    if shooters:
        return state._replace(phase=SHOOTING, shooters=tuple(shooters))
    return _next_round(state)


def _dice_map(state: State, dice, alive) -> dict:
    return {name: (n if living else 0) for name, n, living in zip(state.seats, dice, alive)}


def after_shot(state: State, seat: int, dead: bool) -> State:
    outcome = state.history[-1]
    alive = state.alive
    if dead:
        alive = alive[:seat] + (False,) + alive[seat + 1:]
        outcome = outcome._replace(
            eliminated=outcome.eliminated + (state.seats[seat],),
            dice_after={**outcome.dice_after, state.seats[seat]: 0})
    outcome = outcome._replace(shots=outcome.shots + ((state.seats[seat], dead),))
    state = state._replace(alive=alive, shooters=state.shooters[1:], history=state.history[:-1] + (outcome,))
    if state.shooters:
        return state
    return _next_round(state)


def _next_round(state: State) -> State:
    outcome = state.history[-1]
    living = [i for i, a in enumerate(state.alive) if a]
    n = len(state.seats)
    if len(living) == 1:
        return state._replace(phase=OVER, winner=living[0], turn=None, shooters=(),
                              history=state.history[:-1] + (outcome._replace(next_opener=None),))
    opener = state.living_from(state.seats.index(outcome.next_opener))
    palifico = _palifico_seat(state, outcome)
    used = state.palifico_used
    if palifico is not None:
        used = used[:palifico] + (True,) + used[palifico + 1:]
    outcome = outcome._replace(next_opener=state.seats[opener])
    return state._replace(
        round=state.round + 1, phase=BIDDING, opener=opener, turn=opener, bids=(),
        wild=state.rules.wild and palifico is None, palifico=palifico, palifico_used=used, rolls=(None,) * n,
        call=None, shooters=(), history=state.history[:-1] + (outcome,))


def _palifico_seat(state: State, outcome: Outcome):
    """The seat brought down to exactly one die this round, if palifico is on and it has not had its round."""
    if not state.rules.palifico:
        return None
    for name in outcome.losers:
        seat = state.seats.index(name)
        if (state.alive[seat] and outcome.dice_before[name] > 1 and outcome.dice_after[name] == 1
                and not state.palifico_used[seat]):
            return seat
    return None
