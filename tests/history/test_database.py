"""Opening the history: where it is (--db, the setting, the data folder), migrations, and one plain line when it
can't be opened (never the password)."""
import pytest
import sqlalchemy as sa
from history_helpers import dicecup

from dicecup.history.db import database_url, open_engine
from dicecup.history.migrations import LATEST
from dicecup.history.options import HistoryError
from dicecup.history.schema import schema_version


def test_the_database_is_the_data_folders_unless_db_or_the_setting_says(tmp_path, monkeypatch):
    monkeypatch.delenv("DICECUP_DB", raising=False)
    assert database_url(None, tmp_path) == f"sqlite:///{tmp_path / 'history.sqlite'}"
    monkeypatch.setenv("DICECUP_DB", "postgresql://league@clubhost/dicecup")
    assert database_url(None, tmp_path) == "postgresql+psycopg://league@clubhost/dicecup"   # psycopg 3
    assert database_url("sqlite:////x/h.sqlite", tmp_path) == "sqlite:////x/h.sqlite"
    with pytest.raises(HistoryError, match="empty"):
        database_url("  ", tmp_path)


def test_migrations_run_once_and_a_newer_schema_is_refused(db_url):
    engine = open_engine(db_url)
    open_engine(db_url)   # a second hub opening it: nothing to do, nothing broken
    with engine.begin() as conn:
        assert conn.execute(sa.select(schema_version.c.version)).scalars().all() == [LATEST]
        conn.execute(schema_version.update().values(version=LATEST + 1))
    with pytest.raises(HistoryError, match="newer than this dicecup knows"):
        open_engine(db_url)


def test_a_league_out_of_reach_is_one_line_without_the_password():
    done = dicecup("ratings", "--db", "postgresql://league:s3cret@127.0.0.1:1/dicecup")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "s3cret" not in done.stderr and "league:***@127.0.0.1" in done.stderr
