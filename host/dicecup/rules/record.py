"""The game record (contract): one event per line, `#` starts a comment.

    rules dudo palifico=off
    seats ana ben cy
    roll ana 3 5 5 1 2
    ana bids 3x5
    ben calls liar

`Record.parse(str(record)) == record`. Comments are for people (a journal writes commitments and nonces in
them) and are not part of the value.

A record or journal is read one way only, by record_lines (docs/protocol.md, "One reading of a journal"): every
reader -- the referee, verify, the dice checks, the facts, resume, the history's digest, the hub's signature --
sees the same lines, so no line can be one reader's and hidden from another.
"""
import re
import unicodedata
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


# -- the one reading of a record or journal --------------------------------------------------------------------------
# The canonical form: UTF-8, each line ended by "\n" alone, no byte-order mark, no control character but the tab,
# no Unicode line or paragraph separator. What an editor adds to a file it saves (Notepad: a byte-order mark and
# "\r\n") is read as the canonical text it stands for: the same lines, the same game, the same signature. Anything
# else str.splitlines() would break a line at (\v, \f, \x1c-\x1e, U+0085, U+2028, U+2029, a lone \r) -- and every
# other control character -- is refused, naming its line: the hub never writes one (one_line), and a reader
# splitting at "\n" and another at all of them would read two different journals from one file.
BYTE_ORDER_MARK = "\ufeff"
_NOT_CANONICAL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def canonical_text(source) -> str:
    """The one reading of a record or journal: its bytes (UTF-8; UnicodeDecodeError if they are not) or its text
    -> its canonical text, every line ended by "\n" but a last one cut off. RecordError names the first line with
    a character the canonical form has not (journals are written in it: a file with one was made elsewhere)."""
    text = bytes(source).decode("utf-8") if isinstance(source, (bytes, bytearray, memoryview)) else source
    text = text.removeprefix(BYTE_ORDER_MARK).replace("\r\n", "\n")
    odd = _NOT_CANONICAL.search(text)
    if odd:
        raise RecordError(text.count("\n", 0, odd.start()) + 1,
                          f"{character_name(odd.group())} in the line: a record's lines end at a newline alone and "
                          "hold no other control character than the tab (nor a Unicode line separator)")
    return text


def record_lines(source) -> list:
    """The lines of a record or journal (bytes or text), as every reader reads them: canonical_text split at "\n"."""
    lines = canonical_text(source).split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def canonical_bytes(source) -> bytes:
    """The canonical form's bytes, every line ended by "\n": what a hub's signature covers (hub/hubkey.py)."""
    return lines_bytes(record_lines(source))


def lines_bytes(lines) -> bytes:
    """Lines as the one reading gave them -> the canonical form's bytes, every line ended by "\n"."""
    return "".join(line + "\n" for line in lines).encode("utf-8")


def one_line(text: str) -> str:
    """`text` as one canonical line (what the hub writes into a journal): a newline or another character the
    reading refuses is written as its escape (`\\u2028`), so nothing a cup or a player said becomes a line."""
    return _NOT_CANONICAL.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"),
                              text.replace("\n", "\\n"))


def character_name(character: str) -> str:
    """`U+2028 (LINE SEPARATOR)`, `U+000B (a control character)`."""
    return f"U+{ord(character):04X} ({unicodedata.name(character, 'a control character')})"


def parse_lines(text: str):
    """-> ((rules, seats), [(line number, event), ...]); RecordError names the line of the first problem."""
    header = []
    events = []
    lines = record_lines(text)
    for number, raw in enumerate(lines, 1):
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
        raise RecordError(max(1, len(lines)),
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
