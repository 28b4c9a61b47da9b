"""The journal: the game record, written line by line as the game happens and flushed to disk at once.

It is a game record (`dicecup referee` checks it) plus comment lines for what the record does not need but a
resumed hub does. Those start with `#@` and carry one fact each:

    #@ cup ana id=3405691582 board=sim fw=0.1 port=serial:/dev/pts/3    which cup sits in which seat
    #@ bot cy kind=hard                           a seat played by a bot on the hub
    #@ round 3 deal=5 nonce=9f2c...               the hub's nonce for deal 5, in round 3 (hex)
    #@ opener ben deal=1                          dudo's first opener, drawn by the hub when the deal starts
    #@ commit ana 5e1b...                         ana's commitment for the current round (hex SHA-256)
    #@ salt ana 0011...                           ana's salt, written with ana's revealed dice
    #@ note ana's cup lost its dice: round re-rolled

Everything a player must not learn early stays out: dice are written only at the reveal, as `roll` lines.
"""
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from dicecup.rules import Record

GAMES = "games"


class Journal:
    """Appends lines to one game's journal file, each flushed and fsynced before the hub goes on."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._file = open(self.path, "a", encoding="utf-8")
        self._batched = 0

    @classmethod
    def create(cls, data: Path, rules, seats) -> "Journal":
        folder = Path(data) / GAMES
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stamp}-{rules.preset.name}.txt"
        n = 1
        while path.exists():  # two games started in the same second
            n += 1
            path = folder / f"{stamp}-{rules.preset.name}-{n}.txt"
        journal = cls(path)
        journal.comment(f"dicecup journal, started {time.strftime('%Y-%m-%d %H:%M:%S')}")
        journal.line(f"rules {rules}")
        journal.line(f"seats {' '.join(seats)}")
        return journal

    def line(self, text: str) -> None:
        self._file.write(text + "\n")
        self._file.flush()
        if not self._batched:
            os.fsync(self._file.fileno())

    @contextmanager
    def batch(self):
        """Lines written together (a reveal's salts and rolls), on disk once at the end: one fsync, not one each.
        The hub tells nobody what they say until the batch is over."""
        self._batched += 1
        try:
            yield self
        finally:
            self._batched -= 1
            if not self._batched:
                os.fsync(self._file.fileno())

    def event(self, event) -> None:
        self.line(str(event))

    def comment(self, text: str) -> None:
        self.line(f"# {text}")

    def fact(self, *words) -> None:
        self.line("#@ " + " ".join(str(w) for w in words))

    def close(self) -> None:
        self._file.close()


class Resumed(NamedTuple):
    """What a journal tells a new hub process."""

    path: Path
    record: Record
    cups: dict        # seat -> {"id": "3405691582", "board": "sim", "fw": "0.1", "port": "serial:/dev/pts/3"}
    bots: dict        # seat -> the bot playing it on the hub (`normal`, `hard`, `module:Name`)
    deal: int         # the last deal the cups were sent (0 if none)
    nonce: bytes      # its nonce
    commits: dict     # seat -> commitment for that deal
    opener: str = None  # the seat the hub drew to open (dudo's first round), if it drew one


def read_journal(path) -> Resumed:
    text = Path(path).read_text(encoding="utf-8")
    cups, bots, commits = {}, {}, {}
    deal, nonce, opener = 0, b"", None
    for raw in text.splitlines():
        if not raw.startswith("#@ "):
            continue
        words = raw[3:].split()
        fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
        if words[0] == "cup" and len(words) >= 2:
            cups[words[1]] = fields
        elif words[0] == "bot" and len(words) >= 2:
            bots[words[1]] = fields.get("kind", "normal")
        elif words[0] == "round" and "deal" in fields and "nonce" in fields:
            deal, nonce, commits = int(fields["deal"]), bytes.fromhex(fields["nonce"]), {}
        elif words[0] == "commit" and len(words) == 3:
            commits[words[1]] = bytes.fromhex(words[2])
        elif words[0] == "opener" and len(words) >= 2:
            opener = words[1]
    return Resumed(Path(path), Record.parse(text), cups, bots, deal, nonce, commits, opener)


def secrets_path(journal_path) -> Path:
    """Where the hub keeps its own bots' dice for the deal in progress (never in the journal)."""
    return Path(str(journal_path) + ".bots")


def unfinished_journals(data: Path) -> list:
    """Journals whose game has no winner yet, newest first."""
    from dicecup.rules import RecordError, replay

    found = []
    for path in sorted((Path(data) / GAMES).glob("*.txt"), reverse=True):
        try:
            if replay(path.read_text(encoding="utf-8")).state.winner is None:
                found.append(path)
        except (RecordError, OSError, UnicodeDecodeError):
            continue
    return found
