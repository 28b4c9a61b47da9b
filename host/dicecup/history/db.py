"""Opening the history database: SQLite in the data folder by default, or any URL (`--db`, else the setting
DICECUP_DB), such as postgresql://league@clubhost/dicecup for a club whose hubs share one league.

Writers take turns: every transaction on SQLite is BEGIN IMMEDIATE (the write lock at once, waiting up to a
minute for it, instead of failing halfway as a deferred transaction can), and on PostgreSQL a writer locks the
league row first (`writing`). So hubs writing at once lose nothing and never rate a game twice.
"""
import os
import re
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError

from dicecup.datadir import private_file

from . import schema
from .migrations import NewerSchema, migrate
from .errors import SETTING, HistoryError

FILE_NAME = "history.sqlite"
WAIT_SECONDS = 60  # how long a writer waits for another hub's transaction


def database_url(db=None, data=None) -> str:
    """`--db`, else the setting, else SQLite in the data folder."""
    url = db or os.environ.get(SETTING)
    if url is not None and not url.strip():
        raise HistoryError("the database URL is empty: give one like postgresql://user@host/dicecup, or leave "
                           "--db out for the data folder's SQLite file")
    if url:
        return _with_driver(url.strip())
    from dicecup.datadir import data_dir

    return f"sqlite:///{Path(data_dir(data)) / FILE_NAME}"


def _with_driver(url: str) -> str:
    """postgresql:// (as psql and libpq write it) means psycopg 3 here, the driver dicecup installs."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


# A query parameter whose name says it holds a secret (libpq's password and sslpassword, a token, an API key):
# libpq takes `?password=` as readily as `user:password@`, so both are credentials.
_SECRET_PARAMETER = re.compile(r"pass|pwd|secret|token|key|auth|cred", re.IGNORECASE)
_USER_PASSWORD = re.compile(r"^((?:[^:/?#]*://)?[^:/@?#]*):([^@/?#]*)@")


def without_credentials(url: str, mask: str = None) -> str:
    """`url` with every credential in it (the `:password` of `user:password@`, a secret's query parameter) shown
    as `mask`, or left out when mask is None (for a journal, which travels). Read as plain text, not by
    SQLAlchemy, so a URL it can't read hides its credentials all the same."""
    url = _USER_PASSWORD.sub(lambda found: f"{found.group(1)}:{mask}@" if mask else f"{found.group(1)}@",
                             url.replace("+psycopg://", "://", 1))
    base, sign, query = url.partition("?")
    kept = []
    for pair in filter(None, re.split(r"[&;]", query)):
        name = pair.partition("=")[0]
        if _SECRET_PARAMETER.search(name):
            if mask is None:
                continue
            pair = f"{name}={mask}"
        kept.append(pair)
    return base + (sign + "&".join(kept) if kept else "")


def shown(url: str) -> str:
    """The URL as people may see it (an error line): its credentials as ***."""
    return without_credentials(url, "***")


def credentials_in(url: str) -> list:
    """The secret values in `url` (its password, a secret parameter's value), to scrub from a driver's words."""
    password = _USER_PASSWORD.search(url)
    found = [password.group(2)] if password else []
    for pair in re.split(r"[&;]", url.partition("?")[2]):
        name, _, value = pair.partition("=")
        if _SECRET_PARAMETER.search(name):
            found.append(value)
    return [secret for secret in found if secret]


def open_engine(url: str) -> sa.Engine:
    """An engine on `url`, its schema brought up to date. Raises HistoryError."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        raise HistoryError(f"{shown(url)!r} is not a database URL: write sqlite:///path/history.sqlite or "
                           "postgresql://user@host/dicecup") from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise HistoryError(f"{shown(url)}: the history lives in SQLite or PostgreSQL, not "
                           f"{parsed.get_backend_name()}")
    try:
        if parsed.get_backend_name() == "sqlite":
            if parsed.database and parsed.database != ":memory:" and not Path(parsed.database).is_dir():
                private_file(Path(parsed.database))  # who played whom, and how: the owner's alone
            engine = sa.create_engine(url, connect_args={"timeout": WAIT_SECONDS})
            _immediate_transactions(engine)
        else:
            engine = sa.create_engine(url, pool_pre_ping=True)
        migrate(engine)
    except NoSuchModuleError as error:
        raise HistoryError(f"{shown(url)}: no driver for it ({reason(error, url)})") from None
    except NewerSchema as error:
        raise HistoryError(str(error)) from None
    except (DBAPIError, SQLAlchemyError) as error:
        raise HistoryError(f"can't open the history database {shown(url)}: {reason(error, url)}") from None
    return engine


def reason(error, url: str = "") -> str:
    """The driver's own first line, which says what went wrong (no such host, password refused, locked), with any
    credential of `url` in it (a driver may quote its connection string) as ***."""
    original = getattr(error, "orig", None) or error
    text = str(original).strip().splitlines()
    line = text[0] if text else type(original).__name__
    for secret in credentials_in(url):
        line = line.replace(secret, "***")
    return line


def _immediate_transactions(engine):
    """pysqlite starts transactions late and on its own; hand them to SQLAlchemy and make them IMMEDIATE, so a
    writer holds the lock from its first statement (SQLAlchemy's documented recipe for SQLite)."""
    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE")


@contextmanager
def writing(engine):
    """A transaction that holds the league's lock: one writer at a time, across hubs."""
    with engine.begin() as conn:
        query = sa.select(schema.league.c.id).where(schema.league.c.id == 1)
        if conn.dialect.name == "postgresql":
            query = query.with_for_update()
        conn.execute(query)
        yield conn
