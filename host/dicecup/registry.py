"""The hub's cup registry: every cup `dicecup flash` provisioned, with its secret key (SQLite in the data directory).

    reg = Registry.open(data_dir(args.data))
    cup = reg.new_cup("ana", "pico")          # a fresh id and key
    reg.record(cup)                           # after the board holds the configuration
    reg.find("ana") or reg.get(cup.cup_id)

`dicecup cups` lists, renames and forgets them. A cup is named by its id (decimal, or hex as `0x1a2b3c4d`) or
its name.
"""
import secrets
import sqlite3
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from .datadir import private_file
from .rules.names import name_key, normal, seat_word

FILENAME = "cups.sqlite"
MAX_NAME = 16  # bytes: the wire's text limit (cupcore.wire.MAX_TEXT)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS cups (
    cup_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    board TEXT NOT NULL,
    key TEXT NOT NULL,
    firmware TEXT NOT NULL DEFAULT '',
    port TEXT NOT NULL DEFAULT '',
    flashed TEXT NOT NULL DEFAULT ''
)
"""


_COLUMNS = {"name", "board", "key", "firmware", "port", "flashed"}


def flashed_now() -> str:
    """When a cup is flashed, as the registry keeps it: UTC, ISO 8601."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class RegistryError(ValueError):
    """A cup asked for is not there, or a name can't be used; the message says which."""


@dataclass(frozen=True)
class RegisteredCup:
    """A cup this hub provisioned, as the registry keeps it (not the firmware's cupcore.cup.Cup, nor a seat)."""

    cup_id: int
    name: str
    board: str
    key: str  # hex, 32 bytes: the cup's own secret, also in its settings.toml
    firmware: str = ""  # "0.1" as the cup announced it
    port: str = ""
    flashed: str = ""  # UTC, ISO 8601

    def public(self) -> dict:
        """What may be shown: everything but the key."""
        return {"cup_id": self.cup_id, "id": f"{self.cup_id:08x}", "name": self.name, "board": self.board,
                "firmware": self.firmware, "port": self.port, "flashed": self.flashed}


def check_name(name: str) -> str:
    if not name or not name.strip():
        raise RegistryError("a cup's name can't be empty")
    try:
        name.encode()
    except UnicodeEncodeError:  # bytes from a terminal that is not UTF-8, kept by Python as lone surrogates
        shown = name.encode("utf-8", "replace").decode()
        raise RegistryError(f"{shown!r} is not UTF-8 text (is the terminal set to UTF-8?)") from None
    name = normal(name)  # `zoë` typed as `zoe` and a combining diaeresis: the same name, in fewer bytes
    if len(name.encode()) > MAX_NAME:
        raise RegistryError(f"{name!r} is too long: a cup's name is {MAX_NAME} bytes at most")
    if '"' in name or "\\" in name or any(ord(c) < 32 for c in name):
        raise RegistryError(f"{name!r}: a cup's name can't hold quotes, backslashes or control characters")
    if not seat_word(name):
        raise RegistryError(f"{name!r} has no letter or digit to seat the cup by")
    return name


def unreadable(path, error) -> "RegistryError":
    """The registry file can't be used: say which file and what to do, in words."""
    text = str(error)
    if Path(path).is_dir():  # sqlite's own words for it are "unable to open database file"
        return RegistryError(f"{path} is a folder where the cup registry goes: move it away, or name another data "
                             "folder with --data")
    if "locked" in text:
        return RegistryError(f"{path} is in use by another dicecup (flash or cups) that has not finished: wait for "
                             "it, then try again")
    if "unable to open" in text or "readonly" in text:
        return RegistryError(f"can't open the cup registry {path} for writing ({text}): check the data folder's "
                             "permissions, or name another with --data")
    return RegistryError(f"{path} is not a cup registry dicecup can read ({text}): move it away (keep it, it "
                         "holds the cups' keys) and run again; then `dicecup flash` registers each cup anew")


def _connect_to_read(path: Path):
    """The registry opened for reading only; none yet is an empty one (nothing is created in the folder)."""
    if not path.exists():
        return sqlite3.connect(":memory:")
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)


class Registry:
    def __init__(self, path, read_only=False):
        self.path = Path(path)
        if not read_only and not self.path.is_dir():
            private_file(self.path)  # every cup's key: its owner's alone
        try:
            self._db = _connect_to_read(self.path) if read_only else sqlite3.connect(self.path, timeout=10)
            self._db.execute(_SCHEMA)
            self._db.commit()
            self._db.execute("SELECT cup_id, name, board, key, firmware, port, flashed FROM cups LIMIT 1").fetchall()
        except sqlite3.Error as error:  # DatabaseError (not SQLite), OperationalError (locked, unreadable)
            raise unreadable(self.path, error) from None

    @classmethod
    def open(cls, data_dir, read_only=False):
        """read_only: only to list, so a data folder one may read but not write (a backup, another user's) works."""
        return cls(Path(data_dir) / FILENAME, read_only)

    def close(self):
        self._db.close()

    def set_busy_timeout(self, seconds: float):
        """How long to wait for another dicecup (a second flash) to finish with the file before giving up."""
        self._db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")

    def _sql(self, statement: str, values=(), change=False) -> list:
        """Run one statement; any SQLite failure is a RegistryError naming the file (no sqlite3 traceback)."""
        try:
            rows = self._db.execute(statement, values).fetchall()
            if change:
                self._db.commit()
            return rows
        except sqlite3.Error as error:
            if change:
                self._db.rollback()
            raise unreadable(self.path, error) from None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def all(self) -> list:
        rows = self._sql("SELECT cup_id, name, board, key, firmware, port, flashed FROM cups ORDER BY name, cup_id")
        return [RegisteredCup(*row) for row in rows]

    def get(self, cup_id: int):
        rows = self._sql("SELECT cup_id, name, board, key, firmware, port, flashed FROM cups WHERE cup_id = ?",
                         (cup_id,))
        return RegisteredCup(*rows[0]) if rows else None

    def find(self, which: str) -> RegisteredCup:
        """The cup named by id (decimal or 0x-hex or its 8 hex digits as listed) or by name."""
        which = which.strip()
        for parse in (lambda s: int(s, 0), lambda s: int(s, 16) if len(s) == 8 else None):
            try:
                cup_id = parse(which)
            except ValueError:
                continue
            if cup_id is not None and (cup := self.get(cup_id)):
                return cup
        named = [cup for cup in self.all() if name_key(cup.name) == name_key(which)]
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            ids = ", ".join(f"{cup.cup_id:08x}" for cup in named)
            raise RegistryError(f"several cups are named {which!r} ({ids}): name one by its id")
        raise RegistryError(f"no cup {which!r} in the registry (`dicecup cups` lists them)")

    def new_cup(self, name: str, board: str) -> RegisteredCup:
        """A cup with an id no other registered cup has and a fresh secret key (not recorded yet)."""
        check_name(name)
        while True:
            cup_id = secrets.randbits(32)
            if cup_id and self.get(cup_id) is None:
                return RegisteredCup(cup_id, normal(name), board, secrets.token_hex(32))

    def record(self, cup: RegisteredCup, **changes) -> RegisteredCup:
        cup = replace(cup, **changes) if changes else cup
        check_name(cup.name)
        if not cup.flashed:
            cup = replace(cup, flashed=flashed_now())
        self._sql("INSERT OR REPLACE INTO cups (cup_id, name, board, key, firmware, port, flashed) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)",
                  (cup.cup_id, cup.name, cup.board, cup.key, cup.firmware, cup.port, cup.flashed), change=True)
        return cup

    def update(self, cup: RegisteredCup, **fields) -> RegisteredCup:
        """Change only these fields of a recorded cup: what another dicecup changed meanwhile stays (a rename typed
        while a flash or a rekey, which take seconds, still works on the copy it read). The cup as now recorded."""
        unknown = set(fields) - _COLUMNS
        if unknown:
            raise ValueError(f"no such field: {sorted(unknown)}")
        if "name" in fields:
            fields["name"] = check_name(fields["name"])
        settings = ", ".join(f"{column} = ?" for column in fields)
        self._sql(f"UPDATE cups SET {settings} WHERE cup_id = ?", (*fields.values(), cup.cup_id), change=True)
        now = self.get(cup.cup_id)
        if now is None:
            raise RegistryError(f"cup {cup.cup_id:08x} {cup.name!r} was forgotten (`dicecup cups forget`) while this "
                                "ran: `dicecup flash` provisions it again")
        return now

    def rename(self, which: str, new_name: str) -> RegisteredCup:
        return self.update(self.find(which), name=new_name)

    def forget(self, which: str) -> RegisteredCup:
        cup = self.find(which)
        self._sql("DELETE FROM cups WHERE cup_id = ?", (cup.cup_id,), change=True)
        return cup
