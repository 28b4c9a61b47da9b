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


def shown(url: str) -> str:
    """The URL as people may see it, its password as ***: also one SQLAlchemy can't read (a port that
    is not a number), whose `user:password@` is masked by hand."""
    try:
        return make_url(url).render_as_string(hide_password=True).replace("+psycopg://", "://", 1)
    except (ArgumentError, ValueError):
        return re.sub(r"^((?:[^:/]*://)?[^:/@]*):[^@]*@", r"\1:***@", url.replace("+psycopg://", "://", 1))


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
        raise HistoryError(f"{shown(url)}: no driver for it ({error})") from None
    except NewerSchema as error:
        raise HistoryError(str(error)) from None
    except (DBAPIError, SQLAlchemyError) as error:
        raise HistoryError(f"can't open the history database {shown(url)}: {reason(error)}") from None
    return engine


def reason(error) -> str:
    """The driver's own first line, which says what went wrong (no such host, password refused, locked)."""
    original = getattr(error, "orig", None) or error
    text = str(original).strip().splitlines()
    return text[0] if text else type(original).__name__


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
