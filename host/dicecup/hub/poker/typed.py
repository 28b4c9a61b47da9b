"""Moves typed at a poker-dice hub for the seat holding the cup (`ana shakes`, `ana bids KKQQ left`, `ben accepts`,
`ben shows 1 2`, ...): read in any case, checked against the engine, each refusal one line. Where the table's one
cup holds the dice, moving, shaking and rolling them is the cup's buttons' (the hub knows no hidden face to move)."""
from dicecup.rules import DicecupError
from dicecup.rules.errors import NotationError
from dicecup.rules.events import Reroll, Retire
from dicecup.rules.poker import (BIDDING as P_BIDDING, OPENING, RECEIVING, REVEAL, TRIES, Accept, CallLiar, Hide,
                                 OpenRoll, PokerBid, Reveal, Shake, Show, Try, apply, parse_event)
from dicecup.rules.poker.hands import rank_char

from ..phases import TablePhase

BIDDING = TablePhase.BIDDING

POKER_COMMANDS = ("type at the hub, for the seat holding the cup: `ana shakes`, `ana bids KKQQ left` (the opener "
                  "names the way the cup goes), `ben accepts` or `ben calls liar`, `ben shows 1 2` (dice to the "
                  "table), `ben hides 2` (back under the cup), `ben shakes` (re-roll what is under the cup), "
                  "`ben rolls 1` (table dice, in the open), `ben bids four kings`; `ben tries 3 4` at five of a "
                  "kind; `retire NAME`; `help`")

CUP_COMMANDS = ("type at the hub, for the seat holding the cup: {shake}`ana bids KKQQ left` (the opener names the "
                "way the cup goes), `ben accepts` or `ben calls liar`, `ben bids four kings`; the dice are moved and "
                "rolled with the cup's buttons; `retire NAME`; `help`")


def command(hub, text: str):
    """A line typed at the hub: a move for the seat holding the cup (`ben accepts`, `ben shows 1 2`), `retire NAME`,
    `help`; anything else is answered in one line."""
    line = text.strip()
    if line.casefold() == "help":
        typed_only = "`ana shakes` to open, `ben tries 1 2` at five of a kind, "  # `play --sim 1`: see _typed
        return hub.say(POKER_COMMANDS if hub.cup is None else CUP_COMMANDS.format(
            shake=typed_only if hub.cup_hands is not None else ""))
    if line.casefold() in ("yes", "no"):
        return hub.retiring.answer(line.casefold())
    if hub.state is None:
        return hub.say("the game has not started")
    words = line.split()
    if words:
        name = next((n for n in hub.state.seats if n.casefold() == words[-1 if words[0] == "retire" else 0]
                     .casefold()), None)
        if words[0] in ("retire", "reroll") and len(words) == 2:
            if name is None:
                return hub.say(f"no seat called {words[1]} (the seats: {', '.join(hub.state.seats)})")
            if words[0] == "retire":
                return hub.retiring.retire(name)
            return hub.say("`reroll` is the cup's to say (it lost its dice); `retire NAME` takes a seat out")
        if name is None:
            return hub.say(f"no seat called {words[0]} (the seats: {', '.join(hub.state.seats)})")
        words[0] = name
        words[1:2] = _LOOSE.get(words[1].lower(), [words[1]]) if len(words) > 1 else []  # `ben liar`, `ana bid KK`
    try:
        _typed(hub, words)
    except DicecupError as error:
        return hub.say(f"can't do that: {error}")

def _typed(hub, words):
    if hub.paused:
        raise NotationError("the game is paused until the table's cup is back (or `retire NAME`)")
    if hub.phase != BIDDING or hub.state.phase not in (OPENING, RECEIVING, P_BIDDING, TRIES):
        raise NotationError("wait for the cup to come round: nobody holds it just now")
    name, verb = words[0], words[1].lower() if len(words) > 1 else ""
    holder = hub.state.seats[hub.state.holder]
    if name != holder:
        raise NotationError(f"{holder} holds the cup, not {name}")
    if verb == "bids" and len(words) == 2:
        raise NotationError(f"name the hand, like `{name} bids KKQQ{' left' if hub.state.phase == OPENING else ''}`")
    if verb in _DICE_VERBS and all(word.isdigit() for word in words[2:]):
        _check_move(hub.state, name, verb, words[2:])  # the rule broken, if any, before any die is looked at
    if hub.cup is not None and verb in _DICE_VERBS:
        if verb == "shakes" and hub.state.phase == OPENING and hub.cup_hands is not None:
            return hub.cup_hands.press("b", "long")  # `play --sim 1`: nobody's hands are on that cup
        if verb == "tries" and hub.state.phase == TRIES and hub.cup_hands is not None and len(words) > 2:
            return _press_tries(hub, _slots(words[2:]))
        if hub.cup_hands is not None:
            raise NotationError("the virtual cup of `play --sim 1` takes only the opening shake and the tries at "
                                "five of a kind typed: its dice stay as they are, so bid, accept or call liar (a "
                                "real cup moves and rolls them with its buttons)")
        raise NotationError("the cup holds the dice: move, shake and roll them with its buttons")
    if verb in ("shows", "rolls", "tries") and len(words) > 2 and all(w.isdigit() for w in words[2:]):
        slots = _slots(words[2:])  # the hub holds the dice: it knows (or rolls) their faces
        if verb == "shows":
            hub._show(name, slots)
        else:
            hub._roll_open(name, slots, OpenRoll if verb == "rolls" else Try)
            if verb == "tries":
                return hub._after(None)
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
        return hub._shake(name)
    if isinstance(event, Reveal) or isinstance(event, (Reroll, Retire)):
        raise NotationError("the reveal is the cup's, when it is lifted")
    if isinstance(event, Hide):
        hub._record(event)
        return
    hub._record(event)
    if isinstance(event, Accept) and hub.state.phase == P_BIDDING:
        if hub.cup is not None:  # the dice are the cup's, unknown to the hub: the holder peeks on it
            return hub.cup.send_table()
        hub._look(name)
        return hub.say(f"{name} looks under the cup: " + _dice_words(hub.state, hub.known[name]),
                        quiet=True, private=True)
    if isinstance(event, (PokerBid, CallLiar)) or hub.state.phase == REVEAL:
        hub._after(event)


# Verbs as people type them, taken as meant: the record's own words are `bids`, `accepts`, `calls liar`, ...
_LOOSE = {"bid": ["bids"], "accept": ["accepts"], "take": ["accepts"], "takes": ["accepts"], "shake": ["shakes"],
          "show": ["shows"], "hide": ["hides"], "roll": ["rolls"], "try": ["tries"], "call": ["calls"],
          "liar": ["calls", "liar"]}
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


def _press_tries(hub, slots):
    """A try typed at `play --sim 1`, pressed on the virtual cup as its holder would: A moves the pointer (at die 1
    when the tries begin, where the last try left it after), B picks each die, B held rolls them."""
    if hub.typed_try == (hub.state.round, hub.state.tries):  # the cup drops presses while it is busy
        raise NotationError("the cup is rolling the try before: wait for it to land")
    hub.typed_try = (hub.state.round, hub.state.tries)
    cursor = hub.typed_cursor if hub.state.tries else 0
    for slot in sorted(set(slots)):
        for _ in range((slot - 1 - cursor) % 5):
            hub.cup_hands.press("a", "press")
        hub.cup_hands.press("b", "press")
        cursor = slot - 1
    hub.cup_hands.press("b", "long")
    hub.typed_cursor = cursor


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
