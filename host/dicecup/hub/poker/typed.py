"""Moves typed at a poker-dice hub for the seat holding the cup (`ana shakes`, `ana bids KKQQ left`, `ben accepts`,
`ben shows 1 2`, ...): read in any case, checked against the engine, each refusal one line. Where the table's one
cup holds the dice, moving, shaking and rolling them is the cup's buttons' (the hub knows no hidden face to move)."""
from dicecup.rules import DicecupError
from dicecup.rules.errors import NotationError
from dicecup.rules.events import Reroll, Retire
from dicecup.rules.poker import (BIDDING as P_BIDDING, OPENING, RECEIVING, TRIES, Accept, CallLiar, Hide,
                                 OpenRoll, PokerBid, Reveal, Shake, Show, Try, apply, parse_event)
from dicecup.rules.poker.hands import rank_char

from ..phases import TablePhase
from ..typedmoves import record_words, refusal

PLAYING = TablePhase.PLAYING

POKER_COMMANDS = ("type at the hub, for the seat holding the cup: `ana shakes`, `ana bids KKQQ left` (the opener "
                  "names the way the cup goes), `ben accepts` or `ben calls liar`, `ben shows 1 2` (dice to the "
                  "table), `ben hides 2` (back under the cup), `ben shakes` (re-roll what is under the cup), "
                  "`ben rolls 1` (table dice, in the open), `ben bids four kings`; `ben tries 3 4` at five of a "
                  "kind; `retire NAME`; `reroll NAME` (only when the table's cup came back mid-round); `help`")

CUP_COMMANDS = ("type at the hub, for the seat holding the cup: {shake}`ana bids KKQQ left` (the opener names the "
                "way the cup goes), `ben accepts` or `ben calls liar`, `ben bids four kings`; the dice are moved and "
                "rolled with the cup's buttons; `retire NAME`; `reroll NAME` (only when the cup came back mid-round); "
                "`help`")


def help_words(poker) -> str:
    """What `help` says at a poker table: the moves to type, and which of them a cup's own buttons make."""
    if poker.cup is None:
        return POKER_COMMANDS
    typed_only = "`ana shakes` to open, `ben tries 1 2` at five of a kind, "  # `play --sim 1`: see _typed
    return CUP_COMMANDS.format(shake=typed_only if poker.hands is not None else "")


def command(poker, line: str):
    """A line typed at the hub (the table took `help`, `yes` and `no`): a move for the seat holding the cup (`ben
    accepts`, `ben shows 1 2`) or `retire NAME`; anything else is answered in one line."""
    words = line.split()
    if words:
        name = poker.table.seat_named(words[-1 if words[0] in ("retire", "reroll") else 0])
        if words[0] in ("retire", "reroll") and len(words) == 2:
            if name is None:
                return poker.table.say(refusal(f"no seat called {words[1]} (the seats: "
                                               f"{', '.join(poker.state.seats)})"))
            if words[0] == "retire":
                return poker.table.retiring.retire(name)
            return poker.reroll(name)  # the table's consent, typed by the host
        if name is None:
            return poker.table.say(refusal(f"no seat called {words[0]} (the seats: {', '.join(poker.state.seats)})"))
        words = record_words([name, *words[1:]])  # `ben liar`, `ana bid KK`
    try:
        _typed(poker, words)
    except DicecupError as error:
        return poker.table.say(refusal(error))

def _typed(poker, words):
    if poker.table.paused:
        raise NotationError("the game is paused until the table's cup is back (or `retire NAME`)")
    if poker.table.phase != PLAYING or poker.state.phase not in (OPENING, RECEIVING, P_BIDDING, TRIES):
        raise NotationError("wait for the cup to come round: nobody holds it just now")
    name, verb = words[0], words[1].lower() if len(words) > 1 else ""
    holder = poker.state.seats[poker.state.holder]
    if name != holder:
        raise NotationError(f"{holder} holds the cup, not {name}")
    if verb == "bids" and len(words) == 2:
        raise NotationError(f"name the hand, like `{name} bids KKQQ{' left' if poker.state.phase == OPENING else ''}`")
    if verb in _DICE_VERBS and all(word.isdigit() for word in words[2:]):
        _check_move(poker.state, name, verb, words[2:])  # the rule broken, if any, before any die is looked at
    if poker.cup is not None and verb in _DICE_VERBS:
        if verb == "shakes" and poker.state.phase == OPENING and poker.hands is not None:
            return poker.hands.shake()  # `play --sim 1`: nobody's hands are on that cup
        if verb == "tries" and poker.state.phase == TRIES and poker.hands is not None and len(words) > 2:
            return poker.hands.tries(poker.state, _slots(words[2:]))
        if poker.hands is not None:
            raise NotationError("the virtual cup of `play --sim 1` takes only the opening shake and the tries at "
                                "five of a kind typed: its dice stay as they are, so bid, accept or call liar (a "
                                "real cup moves and rolls them with its buttons)")
        raise NotationError("the cup holds the dice: move, shake and roll them with its buttons")
    if verb in ("shows", "rolls", "tries") and len(words) > 2 and all(w.isdigit() for w in words[2:]):
        slots = _slots(words[2:])  # the hub holds the dice: it knows (or rolls) their faces
        if verb == "shows":
            poker.show(name, slots)
        else:
            recorded = poker.roll_open(name, slots, OpenRoll if verb == "rolls" else Try)
            if verb == "tries":
                return poker.after(recorded)
        return
    try:
        event = parse_event(" ".join(words))
    except NotationError as error:
        if not str(error).startswith("can't read"):
            raise
        raise NotationError(f"can't read {' '.join(words)!r}: type `{name} bids KKQQ`, `{name} accepts`, "
                            f"`{name} calls liar`, `{name} shakes`... (`help` lists them)") from None
    if isinstance(event, (Show, OpenRoll, Try)):
        raise NotationError(f"name the dice only, like `{name} {verb} 1 2`: the cup tells their faces")
    if isinstance(event, Shake):
        return poker.shake(name)
    if isinstance(event, Reveal) or isinstance(event, (Reroll, Retire)):
        raise NotationError("the reveal is the cup's, when it is lifted")
    if isinstance(event, Hide):
        poker.record_move(event)
        return
    recorded = poker.record_move(event)
    if isinstance(event, Accept) and poker.state.phase == P_BIDDING:
        if poker.cup is not None:  # the dice are the cup's, unknown to the hub: the holder peeks on it
            return poker.cup.send_table()
        poker.look(name)
        return poker.table.say(f"{name} looks under the cup: " + _dice_words(poker.state, poker.known[name]),
                        quiet=True, private=True)
    if isinstance(event, (PokerBid, CallLiar)) or recorded.called:
        poker.after(recorded)


_DICE_VERBS = {"shakes": Shake, "hides": Hide, "shows": Show, "rolls": OpenRoll, "tries": Try}


def _check_move(state, name, verb, words):
    """Ask the engine about a move of the table cup's dice (faces it can't know yet stand in as 9s): raises the
    rule's own refusal, like "die 1 is already under the cup"."""
    if verb == "shakes":
        return apply(state, Shake(name))
    slots = _slots(words)
    if verb == "hides":
        return apply(state, Hide(name, slots))
    apply(state, _DICE_VERBS[verb](name, tuple((slot, state.faces[slot - 1] or 1) for slot in slots)))


def _slots(words) -> tuple:
    slots = []
    for word in words:
        if word not in ("1", "2", "3", "4", "5"):
            raise NotationError(f"{word} is not a die of the cup: the dice are numbered 1 to 5")
        slots.append(int(word))
    return tuple(slots)


def _dice_words(state, faces) -> str:
    return " ".join(f"{s}={rank_char(f)}{'' if not state.on_table[s - 1] else ' (table)'}"
                    for s, f in enumerate(faces, 1))
