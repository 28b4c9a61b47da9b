"""The events that move a game: `apply(state, event)` and what the seat to act may do, `legal_actions(state)`.

`apply` returns the next state or raises an IllegalAction that names the rule, leaving the state as it was.
Nothing here does I/O, reads a clock or draws a random number: dice, roll-offs, trigger pulls and timeouts
arrive as events. A call that has all its dice is ruled by `resolve.py`.
"""
from . import bidding
from .errors import GameOver, IllegalAction, NotYourTurn
from .events import Move, Reroll, Retire, Roll, Rolloff, Shot, Timeout, check_dice
from .notation import LIAR, SPOT, Bid, Call
from .presets import FIRST_ANY, FIRST_ROLLOFF, ONES_TRANSITION, Rules
from .resolve import after_shot, resolve_call, resolve_timeout
from .state import BIDDING, OVER, REVEAL, ROLLOFF, SHOOTING, State


# -- legal actions -------------------------------------------------------------------------------------------
def _locked_face(state: State, seat: int):
    if state.palifico is None or seat == state.palifico or not state.bids:
        return None
    return state.bids[-1][1].face


def raise_floors(state: State) -> tuple:
    """For the seat to act, the smallest quantity it may bid on each face (indexed 1..6, index 0 unused; None
    where the face can't be bid this turn): bidding.floors with this table's rules and palifico lock."""
    seat = state.turn if state.turn is not None else -1
    return bidding.floors(state.standing, state.wild, state.rules.preset.ones, _locked_face(state, seat))


def legal_bids(state: State) -> list:
    return bidding.legal_bids(raise_floors(state), state.dice_in_play)


def legal_actions(state: State) -> list:
    """What the seat to act may do: bids first, lowest first, then the calls."""
    if state.phase != BIDDING:
        return []
    actions = legal_bids(state)
    if state.bids:
        actions.append(LIAR)
        if state.rules.exact_call:
            actions.append(SPOT)
    return actions


# -- applying events ----------------------------------------------------------------------------------------
def apply(state: State, event) -> State:
    """The state after `event`; raises IllegalAction (naming the rule) and leaves `state` as it was."""
    if state.phase == OVER:
        raise GameOver(f"the game is over: {state.seats[state.winner]} won")
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not a game event: {event!r}")
    return handler(state, event)


def _living_seat(state: State, name: str) -> int:
    index = state.seat_index(name)
    if not state.alive[index]:
        raise IllegalAction(f"{name} is out of the game", "out")
    return index


def _check_turn(state: State, name: str) -> int:
    index = _living_seat(state, name)
    if state.phase == ROLLOFF:
        raise IllegalAction("the roll-off for the first opener is not finished", "rolloff")
    if state.phase == REVEAL:
        missing = [state.seats[i] for i, r in enumerate(state.rolls) if state.alive[i] and r is None]
        raise IllegalAction(f"the call is being revealed: waiting for the dice of {', '.join(missing)}",
                            "revealing")
    if state.phase == SHOOTING:
        raise NotYourTurn(f"waiting for {state.seats[state.shooters[0]]} to pull the trigger")
    if state.turn is not None and index != state.turn:
        raise NotYourTurn(f"it is {state.seats[state.turn]}'s turn, not {name}'s")
    return index


def _move(state: State, event: Move) -> State:
    seat = _check_turn(state, event.seat)
    action = event.action
    if isinstance(action, Bid):
        return _bid(state, seat, action)
    if isinstance(action, Call):
        return _call(state, seat, action)
    raise TypeError(f"not an action: {action!r}")


def _bid(state: State, seat: int, new: Bid) -> State:
    wild = state.wild
    if not state.bids and wild and new.face == 1 and state.rules.preset.ones == ONES_TRANSITION:
        wild = False  # opening on ones: ones are an ordinary face for this whole round
    locked = _locked_face(state, seat)
    palifico_name = state.seats[state.palifico] if state.palifico is not None else None
    bidding.check_bid(new, state.standing, wild, state.rules.preset.ones, locked, palifico_name,
                      state.dice_in_play)
    opener = state.opener if state.opener is not None else seat
    return state._replace(bids=state.bids + ((seat, new),), wild=wild, opener=opener,
                          turn=state.next_living(seat))


def _call(state: State, seat: int, call) -> State:
    name = state.seats[seat]
    if not state.bids:
        raise IllegalAction(f"{name} opens the round and must bid: there is no bid to call", "no-bid")
    if call == SPOT and not state.rules.exact_call:
        raise IllegalAction(f"there is no spot call at this table ({state.rules}): "
                            f"it takes {_spot_switch(state.rules)}", "call-off")
    called = state._replace(call=(call, seat), phase=REVEAL)
    return _resolve_if_revealed(called)


def _spot_switch(rules: Rules) -> str:
    return "spot=on or exact=on" if rules.preset.offers("exact") else "spot=on"


def _roll(state: State, event: Roll) -> State:
    seat = _living_seat(state, event.seat)
    if state.phase == ROLLOFF:
        raise IllegalAction("the roll-off for the first opener is not finished")
    if state.phase == SHOOTING:
        raise IllegalAction(f"the round is decided: waiting for {state.seats[state.shooters[0]]} "
                            "to pull the trigger")
    if state.rolls[seat] is not None:
        raise IllegalAction(f"{event.seat} already rolled this round")
    check_dice(event.dice)
    if len(event.dice) != state.dice[seat]:
        held = state.dice[seat]
        raise IllegalAction(f"{event.seat} has {held} {'die' if held == 1 else 'dice'} this round, "
                            f"not {len(event.dice)}")
    rolls = state.rolls[:seat] + (tuple(event.dice),) + state.rolls[seat + 1:]
    return _resolve_if_revealed(state._replace(rolls=rolls))


def _resolve_if_revealed(state: State) -> State:
    if state.phase != REVEAL:
        return state
    if any(living and r is None for living, r in zip(state.alive, state.rolls)):
        return state
    return resolve_call(state)


def _timeout(state: State, event: Timeout) -> State:
    if not state.rules.clock:
        raise IllegalAction(f"timeout {event.seat}: this table has no turn clock (clock=0)", "no-clock")
    seat = _check_turn(state, event.seat)
    return resolve_timeout(state, seat)


def _shot(state: State, event: Shot) -> State:
    if not state.rules.preset.revolver:
        raise IllegalAction(f"there is no revolver at a {state.rules.preset.name} table")
    index = state.seat_index(event.seat)
    if state.phase != SHOOTING:
        raise IllegalAction(f"{event.seat} has no trigger to pull: nobody is waiting on the revolver")
    if index != state.shooters[0]:
        raise NotYourTurn(f"it is {state.seats[state.shooters[0]]}'s turn to pull the trigger, not {event.seat}'s")
    if not event.dead and state.bullets[index] >= 6:
        raise IllegalAction(f"{event.seat} carries six bullets: that pull cannot be safe")
    return after_shot(state, index, event.dead)


def _rolloff(state: State, event: Rolloff) -> State:
    if state.phase != ROLLOFF:
        raise IllegalAction("there is no roll-off now: it only decides the first round's opener"
                            if state.rules.preset.first_opener == FIRST_ROLLOFF
                            else f"{state.rules.preset.name} has no roll-off")
    seat = state.seat_index(event.seat)
    if len(check_dice(event.dice)) != 2:
        raise IllegalAction(f"a roll-off is two dice, not {len(event.dice)}")
    if seat not in state.contenders:
        rolling = ", ".join(state.seats[i] for i in state.contenders)
        raise IllegalAction(f"{event.seat} is not in this roll-off: {rolling} roll")
    if state.rolloff[seat] is not None:
        raise IllegalAction(f"{event.seat} already rolled in this roll-off")
    totals = state.rolloff[:seat] + (sum(event.dice),) + state.rolloff[seat + 1:]
    return _settle_rolloff(state, totals)


def _settle_rolloff(state: State, totals) -> State:
    """Once every contender of this pass has rolled: a single leader opens, tied leaders roll again."""
    if any(totals[i] is None for i in state.contenders):
        return state._replace(rolloff=totals)
    best = max(totals[i] for i in state.contenders)
    leaders = tuple(i for i in state.contenders if totals[i] == best)
    if len(leaders) > 1:  # a tie among the highest: only they roll again
        return state._replace(contenders=leaders, rolloff=(None,) * len(state.seats))
    return state._replace(phase=BIDDING, opener=leaders[0], turn=leaders[0], contenders=(),
                          rolloff=(None,) * len(state.seats))


def _reroll(state: State, event: Reroll) -> State:
    _living_seat(state, event.seat)
    if state.phase not in (BIDDING, REVEAL):
        raise IllegalAction("only a round still being bid or revealed can start again")
    return _restart_round(state)


def _restart_round(state: State) -> State:
    """The same round from its first bid: same opener (unless nobody had opened yet, or the opener is out),
    same palifico, fresh dice all round."""
    opener = state.opener
    if state.rules.preset.first_opener == FIRST_ANY and state.round == 1:
        opener = None  # nobody opened yet: the hub draws again
    elif opener is not None:
        opener = state.living_from(opener)
    palifico = state.palifico if state.palifico is not None and state.alive[state.palifico] else None
    return state._replace(phase=BIDDING, bids=(), call=None, rolls=(None,) * len(state.seats), opener=opener,
                          turn=opener, palifico=palifico, wild=state.rules.wild and palifico is None)


def _retire(state: State, event: Retire) -> State:
    seat = _living_seat(state, event.seat)
    if state.phase == SHOOTING:
        raise IllegalAction("the round is decided: the revolver comes first, then a seat can be retired")
    alive = state.alive[:seat] + (False,) + state.alive[seat + 1:]
    state = state._replace(alive=alive)
    living = [i for i, a in enumerate(alive) if a]
    if len(living) == 1:
        return state._replace(phase=OVER, winner=living[0], turn=None)
    if state.phase == ROLLOFF:
        contenders = tuple(i for i in state.contenders if i != seat)
        return _settle_rolloff(state._replace(contenders=contenders), state.rolloff)
    return _restart_round(state)


_HANDLERS = {Move: _move, Roll: _roll, Timeout: _timeout, Shot: _shot, Rolloff: _rolloff, Reroll: _reroll,
             Retire: _retire}
