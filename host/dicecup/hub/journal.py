"""The journal: the game record, written line by line as the game happens and flushed to disk at once.

It is a game record (`dicecup referee` checks it) plus comment lines for what the record does not need but a
resumed hub does. Those start with `#@` and carry one fact each:

    #@ cup ana id=3405691582 board=sim fw=0.1 port=serial:/dev/pts/3    which cup sits in which seat
    #@ bot cy kind=hard                           a seat played by a bot on the hub
    #@ round 3 deal=5 nonce=9f2c...               the hub's nonce for deal 5, in round 3 (hex)
    #@ opener ben deal=1                          dudo's first opener, drawn by the hub when the deal starts
    #@ commit ana 5e1b...                         ana's commitment to a secret seed for this deal (hex SHA-256)
    #@ entropy ana 3c9a... check=1f2e3d4c         the entropy the hub sent ana after it (docs/protocol.md, Fair dice)
    #@ seed ana 0011...                           ana's seed, written with ana's revealed dice
    #@ note ana's cup lost its dice: round re-rolled
    #@ vouch ana 5f3c9e0a1b2c3d4e                 ana's cup's tag over its deal, sent with its reveal (cuptags.py)
    #@ vouch-secret 5 5f3c9e0a1b2c3d4e            poker: the cup's tag over its round secret drawn at sub-deal 5
    #@ signed hub=1a2b... key=... sig=...         the hub's signature over every byte before it (hubkey.py),
                                                  the last line of a journal whose game ended

Everything a player must not learn early stays out: dice are written only at the reveal, as `roll` lines.
"""
import itertools
import os
import time
try:
    import fcntl
except ImportError:  # not on Windows: there a second hub is refused only by the cups' ports
    fcntl = None
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from dicecup.rules import Record, RecordError
from dicecup.rules.record import one_line

from .journalfacts import facts, journal_text

GAMES = "games"


class JournalError(Exception):
    """The journal can't be written (a full disk, a drive pulled out): the game can't go on without losing a
    line. The message says what is kept and what to run next, in a player's words."""

    def __init__(self, message, stopped: str = None, path=None):
        super().__init__(message)
        self.stopped, self.path = stopped, path  # what happened to a game under way, without the advice

    def unresumable(self) -> str:
        """The message for a game that can't be resumed (its virtual cups end with the process that ran them)."""
        if self.stopped is None:
            return str(self)
        return (f"{self.stopped} (`dicecup referee {self.path}` checks it); its virtual cups ended with it, so it "
                "can't be resumed: free some space, then start a new game")


class Journal:
    """Appends lines to one game's journal file, each written whole and fsynced before the hub goes on.

    If a line can't be written, the file is cut back to its last whole line (or to before the batch it was in),
    JournalError is raised, and every later line is refused too: a journal with a line missing in the middle
    would be a record that lies."""

    def __init__(self, path: Path, new: bool = False):
        """new: the file must not exist yet (FileExistsError if another hub made it first)."""
        self.path = Path(path)
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | (os.O_EXCL if new else 0), 0o600)
        except FileExistsError:  # only when new: another hub took this name first
            raise
        except OSError as error:
            raise JournalError(f"can't write the journal {self.path}: {error.strerror or error}") from None
        _hold(self._fd, self.path)
        self._kept = os.fstat(self._fd).st_size  # bytes known to be whole lines on disk
        self._batch_start = None
        self._batched = 0
        self._broken = None
        self._stopped = None  # what happened, without the advice (JournalError.unresumable)

    @classmethod
    def create(cls, data: Path, rules, seats) -> "Journal":
        folder = Path(data) / GAMES
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # the games' records are their players'
        except (FileExistsError, NotADirectoryError):
            raise JournalError(f"{folder} is a file, not a folder: the journals go there; move that file away, or "
                               "name another data folder with --data") from None
        except OSError as error:
            raise JournalError(f"can't make the journals' folder {folder}: {error.strerror or error}") from None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in itertools.count(1):  # two games started in the same second: each its own file, never one shared
            try:
                journal = cls(folder / f"{stamp}-{rules.preset.name}{f'-{n}' if n > 1 else ''}.txt", new=True)
                break
            except FileExistsError:
                continue
        journal.comment(f"dicecup journal, started {time.strftime('%Y-%m-%d %H:%M:%S')}")
        journal.line(f"rules {rules}")
        journal.line(f"seats {' '.join(seats)}")
        return journal

    def line(self, text: str) -> None:
        if self._broken:
            raise self._error()
        if self._fd is None:  # closed: its file descriptor's number may be another file's by now
            raise JournalError(f"the journal {self.path} was closed; nothing more is written to it")
        if self._deleted():
            self._put_back()
        data = (one_line(text) + "\n").encode("utf-8")  # one line, in the form every reader reads
        try:
            done = 0
            while done < len(data):  # a short write is followed by the rest, or by the error that stopped it
                done += os.write(self._fd, data[done:])
            if not self._batched:
                os.fsync(self._fd)
                self._kept += len(data)
        except OSError as error:
            self._fail(error)

    @contextmanager
    def batch(self):
        """Lines written together (a reveal's seeds and rolls), on disk once at the end: one fsync, not one each.
        The hub tells nobody what they say until the batch is over. On a failure none of them is kept."""
        if not self._batched:
            self._batch_start = self._kept
        self._batched += 1
        try:
            yield self
        finally:
            self._batched -= 1
            if not self._batched and not self._broken:
                try:
                    os.fsync(self._fd)
                    self._kept = os.fstat(self._fd).st_size
                except OSError as error:
                    self._fail(error)

    def _deleted(self) -> bool:
        try:
            return os.fstat(self._fd).st_nlink == 0
        except OSError:
            return False

    def _put_back(self):
        """The journal's file was deleted under the hub (its data folder removed mid-game): it is written again,
        whole, from the hub's own open copy, so the game's record does not go with the folder."""
        try:
            held = os.pread(self._fd, os.fstat(self._fd).st_size, 0)
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fresh = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o600)
        except OSError as error:
            self._fail(error)
        _hold(fresh, self.path)
        os.close(self._fd)
        self._fd = fresh
        try:
            while held:
                held = held[os.write(fresh, held):]
            os.fsync(fresh)
        except OSError as error:
            self._fail(error)
        self.comment("the journal's file was deleted during the game: the hub wrote it again from its own copy")

    def _fail(self, error):
        """Cut the file back to its last whole line (or batch), refuse every later line, and say so."""
        try:
            os.ftruncate(self._fd, self._batch_start if self._batched else self._kept)
        except OSError:
            pass
        self._stopped = (f"can't write the journal ({error.strerror or error}; is the disk full?): the game stops "
                         f"here; every line before is kept in {self.path}")
        self._broken = f"{self._stopped}: free some space, then go on with `dicecup resume {self.path}`"
        raise self._error() from None

    def _error(self) -> JournalError:
        return JournalError(self._broken, self._stopped, self.path)

    def event(self, event) -> None:
        self.line(str(event))

    def comment(self, text: str) -> None:
        self.line(f"# {text}")

    def fact(self, *words) -> None:
        self.line("#@ " + " ".join(str(w) for w in words))

    def sign(self, key) -> None:
        """The last line: the hub's signature (a hubkey.HubKey) over every line on disk before it."""
        if self._broken:
            raise self._error()
        self.line(key.signature_line(self.path.read_bytes()[:self._kept]))

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _hold(fd, path) -> None:
    """One hub at a time plays a game: the journal is locked for as long as its hub has it open, and the lock goes
    with the process however it ends (Ctrl-C, kill -9), so a stale lock is never left to refuse a real resume."""
    if fcntl is None:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise JournalError(in_play_words(path)) from None


def in_play(path) -> bool:
    """Whether another hub on this machine is playing the journal's game now (it holds the journal's lock)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


def in_play_words(path) -> str:
    return (f"the game is being played now by another dicecup on this machine ({path}: its hub holds the journal "
            "and the cups): go on at that hub; if it is stuck, stop it there (Ctrl-C), then resume")


RATED_TABLE_FACT = "rated-table"  # `#@ rated-table [db=URL]` at a rated table's opening (history/rated.py)
UNPAIRED_FACT = "unpaired-allowed"  # `#@ unpaired-allowed`: the host let cups it holds no key for sit (--allow-unpaired)
HANDS_FACT = "hands"  # `#@ hands SEAT kind=KIND`: a bot of KIND pressed that seat's cup (the demo): no person played it


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
    entropy: dict = None  # seat -> the entropy the hub gave it for that deal (None: a journal from before fair dice)
    rated_table: dict = None  # a rated table's `#@ rated-table` fields ({"db": URL}, or {} for the default history)
    unpaired_allowed: bool = False  # the table let unpaired cups sit: a resumed one does too
    deal_round: int = 0  # the round the last deal was for: once the game has moved past it, no deal is in progress


def read_journal(path, text: str = None) -> Resumed:
    """What a resumed hub needs of a journal: its record, its cups and bots, the deal in progress. `text`: the
    journal's text as already read (with a torn last line cut off: torn_line). RecordError names the first line
    that is not as the hub writes it: a record line, or a fact whose number or hex does not read."""
    text = journal_text(path) if text is None else text
    record = Record.parse(text)
    cups, bots, commits, entropy = {}, {}, {}, {}
    deal, nonce, opener, rated_table, unpaired, deal_round = 0, b"", None, None, False, 0
    for fact in facts(text):
        kind, words, fields = fact.kind, fact.words, fact.fields
        try:
            if kind == "round" and "deal" in fields and "nonce" in fields:
                deal, nonce, commits, entropy = int(fields["deal"]), bytes.fromhex(fields["nonce"]), {}, {}
                deal_round = int(words[0]) if words and words[0].isdigit() else 0
            elif kind == "commit" and len(words) == 2:
                commits[words[0]] = bytes.fromhex(words[1])
            elif kind == "entropy" and len(words) >= 2:
                entropy[words[0]] = bytes.fromhex(words[1])
        except ValueError:
            raise RecordError(fact.line, f"a `#@ {kind}` fact whose number or hex does not read: not as the hub "
                                         "writes it") from None
        if kind == "cup" and words:
            cups[words[0]] = fields
        elif kind == "bot" and words:
            bots[words[0]] = fields.get("kind", "normal")
        elif kind == "opener" and words:
            opener = words[0]
        elif kind == RATED_TABLE_FACT:
            rated_table = fields
        elif kind == UNPAIRED_FACT:
            unpaired = True
    return Resumed(Path(path), record, cups, bots, deal, nonce, commits, opener, entropy, rated_table, unpaired,
                   deal_round)


def torn_line(text: str) -> str:
    """The journal's last line if its writer died before finishing it, else "". Every line is written whole with
    its newline in one write (Journal.line), so a last line without one was never finished: not a move, not a
    fact, whatever it looks like (`bot2 bids KK` may be the start of `bot2 bids KKQQ`)."""
    if not text or text.endswith("\n"):
        return ""
    return text[text.rfind("\n") + 1:]


def cut_torn_line(path, torn: str) -> None:
    """Cut the journal's torn last line off (torn_line), so what is appended next starts a line of its own. By its
    bytes from the end: the file may hold what the one reading takes away (an editor's byte-order mark, "\r\n")."""
    os.truncate(path, os.path.getsize(path) - len(torn.encode("utf-8")))


KEPT_BESIDE = ("bots", "phones")  # what a resumed hub needs and the journal must never hold: secrets_path


def secrets_path(journal_path, what: str = "bots") -> Path:
    """Where the hub keeps a secret a resumed hub needs, never in the journal: its own bots' dice for the deal in
    progress ("bots"), its phone seats' links and keys ("phones", web/phonekeep.py)."""
    return Path(f"{journal_path}.{what}")


def kept_beside(journal_path) -> list:
    """Every private file kept beside this journal: gone once its game is over."""
    return [secrets_path(journal_path, what) for what in KEPT_BESIDE]


def keep_private(path: Path, data: bytes):
    """`data` in a private file (0600), whole or not at all: written aside, then put in place, so a full disk
    never leaves an empty or half file. OSError if it can't be."""
    partial = path.with_name(path.name + ".partial")
    try:
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            while data:
                data = data[os.write(fd, data):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(partial, path)
    except OSError:
        partial.unlink(missing_ok=True)
        raise


def unfinished_journals(data: Path) -> list:
    """Journals whose game has no winner yet, newest first."""
    from dicecup.rules import replay

    found = []
    for path in sorted((Path(data) / GAMES).glob("*.txt"), reverse=True):
        try:
            if replay(journal_text(path)).state.winner is None:
                found.append(path)
        except (RecordError, OSError, UnicodeDecodeError):
            continue
    return found
