"""Reading poker-dice record lines (the other half of events.py's printing): `parse_event(str(e)) == e`.

    ana shakes | ana bids KKQQ left | ben accepts | ben calls liar | ben shows 1=K 2=K | ben hides 2
    ben rolls 1=A | reveal K K K Q 9 | ben tries 4=K 5=K

A bid is read as people type it: `ana bids jjjj10 left`, or in words, `ana bids four jacks and a ten left`.
"""
from ..errors import NotationError, quoted
from ..events import Reroll, Retire
from .events import DIRECTIONS, Accept, CallLiar, Hide, OpenRoll, PokerBid, Reveal, Shake, Show, Try
from .hands import Hand, parse_rank

_ONE_WORD = {"shakes": Shake, "accepts": Accept}
_WITH_DICE = {"shows": Show, "rolls": OpenRoll, "tries": Try}
EXAMPLES = "`ana shakes`, `ana bids KKQQ left`, `ben accepts`, `ben calls liar`, `ben shows 1=K`, " \
           "`ben hides 1`, `ben rolls 1=A`, `reveal K K K Q 9`, `ben tries 4=K`, `reroll ana`, `retire ana`"


def _slot(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) == 1 and 1 <= int(text) <= 5):
        raise NotationError(f"{quoted(text)} is not a die of the cup: the dice are numbered 1 to 5")
    return int(text)


def _slot_faces(words) -> tuple:
    if not words:
        raise NotationError("name the dice and what they show, like 1=K 2=A")
    out = []
    for word in words:
        slot, sep, face = word.partition("=")
        if not sep:
            raise NotationError(f"{quoted(word)}: write a die and its face, like 1=K")
        out.append((_slot(slot), parse_rank(face)))
    return tuple(out)


def parse_event(line: str):
    words = line.split()
    head = words[0]
    if head in ("retire", "reroll") and len(words) == 2:
        return (Retire if head == "retire" else Reroll)(words[1])
    if head == "reveal":
        faces = tuple(parse_rank(w) for w in words[1:])
        if len(faces) != 5:
            raise NotationError(f"a reveal is the five dice, die 1 to 5, like `reveal K K K Q 9`, not {len(faces)}")
        return Reveal(faces)
    verb = words[1].lower() if len(words) > 1 else None
    if verb in _ONE_WORD and len(words) == 2:
        return _ONE_WORD[verb](head)
    if verb == "calls" and len(words) == 3:
        if words[2].lower() != "liar":
            raise NotationError(f"{quoted(words[2])} is not a call: at poker dice the call is liar")
        return CallLiar(head)
    if verb in _WITH_DICE:
        return _WITH_DICE[verb](head, _slot_faces(words[2:]))
    if verb == "hides":
        if len(words) < 3:
            raise NotationError("name the dice that go back under the cup, like `ben hides 1 2`")
        return Hide(head, tuple(_slot(w) for w in words[2:]))
    if verb == "bids" and len(words) >= 3:
        rest = words[2:]
        direction = rest[-1].lower() if rest[-1].lower() in DIRECTIONS else None
        if direction:
            rest = rest[:-1]
        if not rest:
            raise NotationError("name the hand, like `ana bids KKQQ left`")
        return PokerBid(head, Hand.parse(" ".join(rest)), direction)
    raise NotationError(f"can't read {quoted(line)}: a poker-dice line is one of {EXAMPLES}")
