"""Reading a journal: its file (journal_text, the one reading of rules/record.py), its `#@` facts (Fact, facts),
what its dice check says (Checked) and the error naming its first bad line: shared by the dice checks (fairness.py,
poker/verify.py), resume (journal.read_journal, poker/resume.py), verify, referee and the history (history/games.py)."""
from pathlib import Path
from typing import NamedTuple

from dicecup.rules.record import canonical_text, record_lines


class Fact(NamedTuple):
    """One `#@ KIND WORD ... KEY=VALUE ...` line (journal.py lists them): something the hub knew that the record
    does not say."""
    line: int     # its number in the journal, from 1
    kind: str     # the word after `#@`: cup, bot, round, commit, dice, ...
    words: tuple  # the words after the kind

    @classmethod
    def of(cls, number: int, raw: str):
        """The fact on journal line `number`, or None when it is not one (a record line, a plain comment)."""
        words = raw[3:].split() if raw.startswith("#@ ") else ()
        return cls(number, words[0], tuple(words[1:])) if words else None

    @property
    def fields(self) -> dict:
        """Its KEY=VALUE words as a dict (a seat's name, the first word of most facts, has no `=`)."""
        return dict(word.split("=", 1) for word in self.words if "=" in word)


def journal_text(path) -> str:
    """A journal's file, read as every reader reads it: its bytes through the one reading (rules/record.py), never
    as text with the platform's newline translation. OSError, UnicodeDecodeError (not UTF-8), RecordError (a
    character the canonical form has not, naming its line)."""
    return canonical_text(Path(path).read_bytes())


def facts(text: str):
    """Every `#@` fact of a journal's text, in order."""
    for number, raw in enumerate(record_lines(text), 1):
        fact = Fact.of(number, raw)
        if fact is not None:
            yield fact


class FairnessError(ValueError):
    def __init__(self, line: int, message: str):
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}")


class Vouch(NamedTuple):
    """One roll a cup's tag may vouch for (cupcore/vouch.py): a seat's roll, or a poker round's secret."""
    line: int       # the roll's line (the round secret's, at poker dice)
    name: str       # the seat, or "the table's cup"
    who: str        # "cup ID" or "bot KIND", as Checked.who says it
    message: bytes  # what the cup's tag covers, from the journal's facts
    tag: bytes      # the journaled tag, or None: there is none
    tag_line: int   # the `#@ vouch` line, or None
    what: str = "roll"  # what it is, in a report's words


class Checked(NamedTuple):
    scheme: str        # "fair" (seeds and entropy: every die rechecked), "salted" (before fair dice), "bare"
    deals: int         # deals whose rolls were rechecked
    rolls: int         # rolls rechecked (a seat's dice in one deal)
    faces: dict        # who -> [count of 1s, 2s, ... 6s] over every rechecked die
    unrevealed: int    # commitments never revealed (a round rolled again, a seat retired): nothing to check
    who: dict          # seat name -> "cup ID" or "bot KIND", from the journal's facts
    poker: bool = False  # a poker-dice journal: its faces are told 9 T J Q K A (a die's six faces, in order)
    vouches: tuple = ()  # a Vouch for every checked roll of a seat (every round secret, at poker dice)
    unfinished: int = 0  # of `unrevealed`, those of the journal's last round: the game stopped before its reveal


def field(words, key, number):
    for word in words:
        if word.startswith(key + "="):
            return word[len(key) + 1:]
    raise FairnessError(number, f"no {key}= on this line")


def hex_bytes(text, size, number, what):
    try:
        value = bytes.fromhex(text)
    except ValueError:
        raise FairnessError(number, f"the {what} is not hex") from None
    if len(value) != size:
        raise FairnessError(number, f"the {what} has {len(value)} bytes, not {size}")
    return value


def seat_fact(kind, words, who) -> bool:
    """`#@ cup NAME id=...` or `#@ bot NAME kind=...`: who plays the seat, into `who`; False for another fact."""
    if kind not in ("cup", "bot") or len(words) < 2:
        return False
    fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
    who[words[1]] = f"cup {cup_id_words(fields.get('id', '?'))}" if kind == "cup" else \
        f"bot {fields.get('kind', '?')}"
    return True


def cup_id_words(written: str) -> str:
    """A cup's id as people read it everywhere (`dicecup cups`, `flash`: 8 hex digits) from the journal's `id=`,
    which keeps it in decimal."""
    return f"{int(written):08x}" if written.isdigit() else written
