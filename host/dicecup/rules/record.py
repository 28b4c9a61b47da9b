"""The game record (contract): one event per line, `#` starts a comment.

    rules dudo palifico=off
    seats ana ben cy
    roll ana 3 5 5 1 2
    ana bids 3x5
    ben calls liar

`Record.parse(str(record)) == record`. Comments are for people (a journal writes commitments and nonces in
them) and are not part of the value.
"""
from typing import NamedTuple

from .errors import DicecupError, NotationError, RecordError, quoted
from .events import Move, Reroll, Retire, Roll, Rolloff, Shot, Timeout, check_dice
from .notation import Bid, parse_call
from .games import engine
from .names import is_name
from .presets import Rules

KEYWORDS = ("rules", "seats", "rolloff", "roll", "shot", "timeout", "reroll", "retire", "reveal")


def check_name(name: str) -> str:
    if not is_name(name):
        raise NotationError(f"{quoted(name)} is not a seat name: use letters, digits, - and _")
    if name in KEYWORDS:
        raise NotationError(f"{quoted(name)} can't be a seat name: it is a word of the record")
    return name


class Record(NamedTuple):
    rules: Rules
    seats: tuple
    events: tuple

    def __str__(self) -> str:
        lines = [f"rules {self.rules}", f"seats {' '.join(self.seats)}"]
        lines += [str(event) for event in self.events]
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> "Record":
        header, events = parse_lines(text)
        return cls(header[0], header[1], tuple(event for _, event in events))


def _dice(words) -> tuple:
    for word in words:
        if not word.isdigit():
            raise NotationError(f"{quoted(word)} is not a die: dice show 1 to 6")
        if not word.isascii():  # int() would read ５ as 5
            raise NotationError(f"{quoted(word)} is not a die: write dice with the digits 1 to 6")
        if len(word) > 2:  # and would take its time over a million digits
            raise NotationError(f"{quoted(word)} is not a die: dice show 1 to 6")
    return check_dice(int(w) for w in words)


_ONE_SEAT = {"timeout": Timeout, "reroll": Reroll, "retire": Retire}


def parse_event(line: str):
    """One event line (no comment) -> event."""
    words = line.split()
    head = words[0]
    if head in ("rules", "seats"):
        raise NotationError(f"`{head}` comes once, at the top of the record")
    if head in ("rolloff", "roll"):
        if len(words) < 3:
            raise NotationError(f"write `{head} NAME DICE...`, like `{head} ana 6 2`")
        dice = _dice(words[2:])
        if head == "rolloff" and len(dice) != 2:
            raise NotationError(f"a roll-off is two dice, not {len(dice)}")
        return (Rolloff if head == "rolloff" else Roll)(words[1], dice)
    if head == "shot":
        if len(words) != 3 or words[2] not in ("safe", "dead"):
            raise NotationError("write `shot NAME safe` or `shot NAME dead`")
        return Shot(words[1], words[2] == "dead")
    if head in _ONE_SEAT:
        if len(words) != 2:
            raise NotationError(f"write `{head} NAME`")
        return _ONE_SEAT[head](words[1])
    verb = words[1].lower() if len(words) == 3 else None  # `ana Bids 3X5`, as typed at the hub
    if verb == "bids":
        return Move(head, Bid.parse(words[2]))
    if verb == "calls":
        call = parse_call(words[2])  # liar or spot; spot also as `exact` or `calza`, printed back as spot
        if call is None:
            raise NotationError(f"{quoted(words[2])} is not a call: a player calls liar or spot (exact, calza)")
        return Move(head, call)
    raise NotationError(f"can't read {quoted(line)}: expected a bid (`ana bids 3x5`), a call (`ben calls liar`), "
                        "or a roll, rolloff, shot, timeout, reroll or retire line")


def event_parser(rules: Rules):
    """The reader of a record's event lines, by the rules' game kind (poker dice has its own: rules/poker/)."""
    return engine(rules).parse_event


def parse_lines(text: str):
    """-> ((rules, seats), [(line number, event), ...]); RecordError names the line of the first problem."""
    header = []
    events = []
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors on Windows write
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            if len(header) == 0:
                header.append(_rules_line(line))
            elif len(header) == 1:
                header.append(_seats_line(line))
            else:
                events.append((number, event_parser(header[0])(line)))
        except DicecupError as error:
            raise RecordError(number, str(error)) from None
    if len(header) < 2:
        raise RecordError(max(1, len(text.splitlines())),
                          "a record starts with a `rules` line and a `seats` line")
    return tuple(header), events


def _rules_line(line: str) -> Rules:
    words = line.split()
    if words[0] != "rules":
        raise NotationError("a record starts with a `rules` line, like `rules dudo palifico=off`")
    if len(words) < 2:
        raise NotationError("`rules` needs a preset, like `rules dudo`")
    return Rules.from_words(words[1], words[2:])


def _seats_line(line: str) -> tuple:
    words = line.split()
    if words[0] != "seats":
        raise NotationError("the second line names the seats, clockwise: `seats ana ben cy`")
    seats = tuple(check_name(w) for w in words[1:])
    if len(set(seats)) != len(seats):
        raise NotationError("two seats have the same name")
    return seats
