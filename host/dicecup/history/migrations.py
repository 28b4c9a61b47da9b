"""Schema changes, numbered: the database keeps the number of the last one applied (schema_version), and opening
it applies the ones after, in one transaction.

Why not Alembic: it would ship an env.py, an ini file and a versions folder as package data and bring Mako along,
for a handful of tables that change rarely. A list of numbered steps in one module does the same job here: each
step is plain SQLAlchemy Core DDL, runs inside the opening transaction (both SQLite and PostgreSQL roll DDL back),
and hubs opening the same database at once take turns (PostgreSQL: an advisory lock; SQLite: BEGIN IMMEDIATE).
A new step is appended, never edited: a database made by an older dicecup gets only the steps it lacks.
"""
import sqlalchemy as sa

from . import schema

_LOCK = 16_016  # the advisory lock's number on PostgreSQL


def _v1(conn):
    """The first tables: players, games, their seats and rounds, the revolver's shots, ratings, the league row."""
    tables = [schema.players, schema.games, schema.game_seats, schema.rounds, schema.shots, schema.ratings,
              schema.league]
    schema.metadata.create_all(conn, tables=tables)
    conn.execute(schema.league.insert().values(id=1, last_at=None, last_id=None, stale=False))


def _v2(conn):
    """Records a league can trust: the hubs it registered, and each game's content digest and signer.
    A database made at schema 2 got the two columns from _v1's create_all (it makes the tables as they are now)."""
    schema.metadata.create_all(conn, tables=[schema.hubs])
    have = {column["name"] for column in sa.inspect(conn).get_columns("games")}
    for column in ("digest VARCHAR(64)", "signed_by VARCHAR(16)"):
        if column.split()[0] not in have:
            conn.execute(sa.text(f"ALTER TABLE games ADD COLUMN {column}"))
    conn.execute(sa.text("CREATE UNIQUE INDEX IF NOT EXISTS games_digest ON games (digest)"))


MIGRATIONS = [
    (1, _v1),
    (2, _v2),
]
LATEST = MIGRATIONS[-1][0]


class NewerSchema(Exception):
    """The database was made by a newer dicecup: this one does not know its tables."""


def migrate(engine) -> int:
    """Bring the database up to LATEST; returns the version it was at."""
    version = schema.schema_version
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.text(f"SELECT pg_advisory_xact_lock({_LOCK})"))
        version.create(conn, checkfirst=True)
        current = conn.execute(sa.select(version.c.version).where(version.c.id == 1)).scalar() or 0
        if current > LATEST:
            raise NewerSchema(f"the history database is at schema {current}, newer than this dicecup knows "
                              f"({LATEST}): upgrade dicecup")
        for number, step in MIGRATIONS:
            if number > current:
                step(conn)
        if current == 0:
            conn.execute(version.insert().values(id=1, version=LATEST))
        elif current < LATEST:
            conn.execute(version.update().where(version.c.id == 1).values(version=LATEST))
    return current
