"""Poker dice: `apply(state, event)` and what the holder of the cup may do next, `legal_events(state)`.

Pure, like the face-bid engine: the dice come in as events (a shake hides them; a show, an open roll, a try
or the reveal tells their faces), and every refusal names the rule in a player's words.
"""
from typing import NamedTuple, Optional

from ..errors import GameOver, IllegalAction, IllegalBid, NotYourTurn
from ..events import Reroll, Retire
from .events import DIRECTIONS, Accept, CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try
from .hands import FIVE, JUNK, Hand, made, rank_char
from .state import (BIDDING, MAX_TRIES, OPENING, OVER, RECEIVING, REVEAL, SLOTS, TRIES, PokerState,
                    fresh_round)

CALL_LIAR, CALL_FIVE = "liar", "five"


class PokerOutcome(NamedTuple):
    """One finished round, as the referee reports it (names, not seat indices)."""

    n: int
    opener: str
    direction: str
    bids: tuple             # ((name, Hand), ...)
    call: str               # "liar", or "five": the five-of-a-kind bid was accepted and rolled for
    caller: str             # who called liar, or accepted the five of a kind
    dice: tuple             # the five faces at the end, die 1..5
    correct: bool           # liar: the bid was a lie; five: the five of a kind was made
    tries: int
    loser: Optional[str]
    lives_after: dict
    eliminated: tuple
    next_opener: Optional[str]

    @property
    def bid(self) -> Hand:
        return self.bids[-1][1]

    @property
    def bidder(self) -> str:
        return self.bids[-1][0]

    @property
    def made(self) -> Hand:
        return made(self.dice)

    def words(self) -> str:
        """The round's end in a player's words: `ben called liar on KKKQQ by ana: the dice make three kings
        (KKK); the call was right; ana loses a life (2 left)`."""
        if self.call == "five":
            said = f"{self.caller} accepted {self.bid} by {self.bidder}{five_of_a_kind_words(self.tries, self.correct)}"
        else:
            said = (f"{self.caller} called liar on {self.bid} by {self.bidder}: the dice make {self.made.words()} "
                    f"({self.made}); the call was {'right' if self.correct else 'wrong'}")
        if self.loser:
            left = self.lives_after[self.loser]
            said += f"; {self.loser} loses a life ({left} left)" if left else f"; {self.loser} loses a life and is out"
        else:
            said += "; nobody loses a life"
        return said

    def to_json(self) -> dict:
        return {"n": self.n, "opener": self.opener, "direction": self.direction,
                "bids": [{"seat": name, "bid": str(hand)} for name, hand in self.bids],
                "bidder": self.bidder, "call": self.call, "caller": self.caller,
                "dice": [rank_char(f) for f in self.dice], "made": str(self.made), "correct": self.correct,
                "tries": self.tries, "loser": self.loser, "lives_after": dict(self.lives_after),
                "eliminated": list(self.eliminated)}


# -- applying events ----------------------------------------------------------------------------------------
def apply(state: PokerState, event) -> PokerState:
    """The state after `event`; raises IllegalAction (naming the rule) and leaves `state` as it was."""
    if state.phase == OVER:
        raise GameOver(f"the game is over: {state.seats[state.winner]} won")
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise IllegalAction(f"`{event}` is not a move of poker dice", "not-poker")
    return handler(state, event)


def _holder(state: PokerState, name: str, doing: str) -> int:
    index = state.seat_index(name)
    if state.lives[index] == 0:
        raise IllegalAction(f"{name} is out of the game", "out")
    if state.phase == REVEAL:
        raise IllegalAction("the cup is lifted: waiting for the reveal of the five dice", "revealing")
    if state.holder is not None and index != state.holder:
        raise NotYourTurn(f"{state.seats[state.holder]} holds the cup, not {name}: only the holder {doing}")
    return index


def _shake(state, event):
    seat = _holder(state, event.seat, "shakes it")
    if state.phase == OPENING:
        return state._replace(opener=seat, holder=seat, phase=BIDDING, shaken=True)
    _handling(state, event.seat, "shakes it")
    if state.shaken:
        raise IllegalAction(f"{event.seat} already shook the cup this turn", "shake-once")
    if not state.under_cup:
        raise IllegalAction("no die is under the cup to shake", "cup-empty")
    faces = tuple(None if not on else face for face, on in zip(state.faces, state.on_table))
    return state._replace(faces=faces, shaken=True)


def _handling(state: PokerState, name: str, what: str) -> int:
    """The holder may handle the dice: it accepted the bid and has not yet bid."""
    seat = _holder(state, name, what)
    if state.phase == OPENING:
        raise IllegalAction(f"{name} opens: shake all five dice under the cup first (`{name} shakes`)", "shake-first")
    if state.phase == RECEIVING:
        raise IllegalAction(f"{name} must first accept the bid (or call liar) before touching the dice",
                            "accept-first")
    if state.phase == TRIES:
        raise IllegalAction("this is a try at five of a kind: roll with `tries`", "tries")
    if not state.accepted:
        raise IllegalAction(f"{name} opened this round: the opener rolls once and does not touch the dice",
                            "opener-hands-off")
    return seat


def _moving(state: PokerState, name: str) -> int:
    seat = _handling(state, name, "moves the dice")
    if state.shaken or state.rolled:
        raise IllegalAction("dice move between the cup and the table only before shaking or rolling",
                            "move-before-roll")
    return seat


def _check_slots(slots, where_ok, why):
    seen = set()
    for slot in slots:
        if slot not in SLOTS:
            raise IllegalAction(f"there is no die {slot}: the dice are 1 to 5", "no-die")
        if slot in seen:
            raise IllegalAction(f"die {slot} is named twice", "twice")
        seen.add(slot)
        if not where_ok(slot):
            raise IllegalAction(why(slot), "where")
    if not slots:
        raise IllegalAction("name at least one die", "no-die")


def _show(state, event):
    _moving(state, event.seat)
    slots = [slot for slot, _ in event.dice]
    _check_slots(slots, lambda s: not state.on_table[s - 1], lambda s: f"die {s} is already on the table")
    faces, table = list(state.faces), list(state.on_table)
    for slot, face in event.dice:
        known = faces[slot - 1]
        if known is not None and known != face:
            raise IllegalAction(f"die {slot} shows {rank_char(known)}, not {rank_char(face)}: it has not been "
                                "rolled since", "face")
        faces[slot - 1], table[slot - 1] = face, True
    return state._replace(faces=tuple(faces), on_table=tuple(table))


def _hide(state, event):
    _moving(state, event.seat)
    _check_slots(event.slots, lambda s: state.on_table[s - 1], lambda s: f"die {s} is already under the cup")
    table = list(state.on_table)
    for slot in event.slots:
        table[slot - 1] = False
    return state._replace(on_table=tuple(table))


def _open_roll(state, event):
    _handling(state, event.seat, "rolls the dice")
    if state.rolled:
        raise IllegalAction(f"{event.seat} already rolled table dice this turn", "roll-once")
    slots = [slot for slot, _ in event.dice]
    _check_slots(slots, lambda s: state.on_table[s - 1],
                 lambda s: f"die {s} is under the cup: only dice on the table are rolled in the open")
    if not state.under_cup:
        raise IllegalAction("dice are rolled in the open only while at least one die stays under the cup",
                            "one-under")
    faces = list(state.faces)
    for slot, face in event.dice:
        faces[slot - 1] = face
    return state._replace(faces=tuple(faces), rolled=True)


def _bid(state, event):
    seat = _holder(state, event.seat, "bids")
    if state.phase == OPENING:
        raise IllegalAction(f"{event.seat} opens: shake all five dice under the cup first (`{event.seat} shakes`)",
                            "shake-first")
    if state.phase == RECEIVING:
        raise IllegalAction(f"{event.seat} must accept the bid before bidding (or call liar)", "accept-first")
    if state.phase == TRIES:
        raise IllegalAction(f"{event.seat} accepted five of a kind: roll for it (`tries`), there is no bid above it",
                            "tries")
    hand, standing = event.hand, state.standing
    if event.direction is not None and event.direction not in DIRECTIONS:
        raise IllegalAction(f"the cup goes left or right, not {event.direction}")
    if standing is None:
        if event.direction is None:
            raise IllegalAction(f"{event.seat} opens: say which way the cup goes, like "
                                f"`{event.seat} bids {hand} left` or `... right`", "direction")
        direction = 1 if event.direction == "left" else -1
    else:
        direction = state.direction
        if event.direction is not None and (1 if event.direction == "left" else -1) != direction:
            raise IllegalAction(f"the cup goes {_way(direction)} this round: the opener chose it", "direction")
        if hand.kind == JUNK:
            raise IllegalBid("junk is only the opener's bid, once: every later bid names a hand", "junk")
        if hand <= standing:
            raise IllegalBid(f"{hand} ({hand.words()}) does not beat {standing} ({standing.words()}): "
                             "bid a higher hand, or name one more die", "raise")
    receiver = state.next_living(seat, direction)
    return state._replace(bids=state.bids + ((seat, hand),), direction=direction, holder=receiver,
                          phase=RECEIVING, accepted=False, shaken=False, rolled=False)


def _way(direction: int) -> str:
    return "left" if direction == 1 else "right"


def _accept(state, event):
    _holder(state, event.seat, "accepts it")
    if state.phase != RECEIVING:
        raise IllegalAction(f"{event.seat} has no bid to accept: accepting is what the receiver of the cup does",
                            "accept")
    if state.standing.kind == FIVE:  # the cup is lifted and the receiver rolls for any five of a kind
        return state._replace(phase=REVEAL, caller=state.holder, accepted=True)
    return state._replace(phase=BIDDING, accepted=True)


def _call(state, event):
    _holder(state, event.seat, "calls")
    if state.phase != RECEIVING:
        raise IllegalAction(f"{event.seat} can only call liar on a bid just passed to them", "no-bid")
    return state._replace(phase=REVEAL, caller=state.holder)


def _reveal(state, event):
    if state.phase != REVEAL:
        raise IllegalAction("the cup is not lifted: dice are revealed after a call, or when five of a kind is "
                            "accepted", "no-reveal")
    if len(event.faces) != 5:
        raise IllegalAction(f"a reveal is the five dice, not {len(event.faces)}")
    for slot, (known, face) in enumerate(zip(state.faces, event.faces), 1):
        if known is not None and known != face:
            raise IllegalAction(f"die {slot} showed {rank_char(known)} and has not been rolled since: it can't "
                                f"show {rank_char(face)}", "face")
    state = state._replace(faces=tuple(event.faces), on_table=(True,) * 5)
    if state.caller is not None and state.accepted and state.standing.kind == FIVE:
        if made(state.faces).kind == FIVE:  # five of a kind already: made without a roll (house reading)
            return _finish(state, CALL_FIVE, correct=True, loser=None)
        return state._replace(phase=TRIES)
    bid_true = made(state.faces) >= state.standing
    bidder = state.bids[-1][0]
    return _finish(state, CALL_LIAR, correct=not bid_true, loser=state.caller if bid_true else bidder)


def _try(state, event):
    seat = _holder(state, event.seat, "rolls for five of a kind")
    if state.phase != TRIES:
        raise IllegalAction("tries are for a receiver who accepted five of a kind", "tries")
    _check_slots([slot for slot, _ in event.dice], lambda s: True, str)
    faces = list(state.faces)
    for slot, face in event.dice:
        faces[slot - 1] = face
    state = state._replace(faces=tuple(faces), tries=state.tries + 1)
    if made(state.faces).kind == FIVE:
        return _finish(state, CALL_FIVE, correct=True, loser=None)
    if state.tries == MAX_TRIES:
        return _finish(state, CALL_FIVE, correct=False, loser=seat)
    return state


def five_of_a_kind_words(tries: int, made_it: bool) -> str:
    """How the tries at five of a kind went, after "ana accepted AAAAA by ben": none were needed when the
    lifted cup already showed five of a kind ("made it in 0 tries" read like a mistake)."""
    if not made_it:
        return ", rolled for five of a kind and did not make it in 3 tries"
    if tries == 0:
        return ": the dice already showed five of a kind, no try needed"
    return f", rolled for five of a kind and made it in {tries} {'try' if tries == 1 else 'tries'}"

def _finish(state: PokerState, call: str, correct: bool, loser) -> PokerState:
    """Take the loser's life, and hand the cup to the next round's opener (or end the game)."""
    lives = list(state.lives)
    if loser is not None:
        lives[loser] -= 1
    after = state._replace(lives=tuple(lives))
    living = [i for i, n in enumerate(lives) if n > 0]
    if len(living) == 1:
        next_opener = None
    elif loser is None:
        next_opener = state.caller  # made five of a kind: the one holding the cup opens (house reading)
    elif lives[loser] > 0:
        next_opener = loser
    else:
        next_opener = after.next_living(loser, 1)  # the loser is out: the next living seat to its left
    names = state.seats
    outcome = PokerOutcome(
        n=state.round, opener=names[state.opener], direction=_way(state.direction),
        bids=tuple((names[s], h) for s, h in state.bids), call=call, caller=names[state.caller],
        dice=state.faces, correct=correct, tries=state.tries, loser=names[loser] if loser is not None else None,
        lives_after=dict(zip(names, lives)),
        eliminated=tuple(names[i] for i in range(len(names)) if state.lives[i] > 0 and lives[i] == 0),
        next_opener=names[next_opener] if next_opener is not None else None)
    after = after._replace(history=state.history + (outcome,))
    if next_opener is None:
        return after._replace(phase=OVER, winner=living[0], holder=None)
    return fresh_round(after._replace(round=state.round + 1), next_opener)


def _restart(state: PokerState) -> PokerState:
    """The round from its start: bids void, all five dice back under the cup, the same opener (the next living
    seat to its left if it is out; nobody yet if nobody had opened the game)."""
    opener = state.opener
    if opener is not None and state.lives[opener] == 0:
        opener = state.next_living(opener, 1)
    return fresh_round(state, opener)


def _reroll(state, event):
    """The cup lost its dice (a power cycle): the round starts again, and nobody loses a life."""
    if state.lives[state.seat_index(event.seat)] == 0:
        raise IllegalAction(f"{event.seat} is out of the game", "out")
    return _restart(state)


def _retire(state, event):
    """The host takes a seat out (a cup that never came back, a player who left): no round is lost by it."""
    seat = state.seat_index(event.seat)
    if state.lives[seat] == 0:
        raise IllegalAction(f"{event.seat} is out of the game", "out")
    state = state._replace(lives=state.lives[:seat] + (0,) + state.lives[seat + 1:])
    living = [i for i, n in enumerate(state.lives) if n > 0]
    if len(living) == 1:
        return state._replace(phase=OVER, winner=living[0], holder=None)
    return _restart(state)


_HANDLERS = {Shake: _shake, PokerBid: _bid, Accept: _accept, CallLiar: _call, Show: _show, Hide: _hide,
             OpenRoll: _open_roll, Reveal: _reveal, Try: _try, Reroll: _reroll, Retire: _retire}
