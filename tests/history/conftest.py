"""Every history test runs twice: on SQLite in a temporary folder and on a real PostgreSQL server, one for the
session (pgserver.py), a fresh database per test."""
import os
import subprocess

import pytest

from pgserver import NoPostgres, ThrowawayServer


@pytest.fixture(scope="session")
def postgres():
    try:
        server = ThrowawayServer().start()
    except NoPostgres as error:
        if os.environ.get("DICECUP_NO_POSTGRES"):  # said on purpose: a machine where it can't be installed
            pytest.skip(str(error))
        pytest.fail(str(error))
    except subprocess.CalledProcessError as error:
        pytest.fail(f"PostgreSQL did not start: {error.stderr or error.stdout}")
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'history.sqlite'}"
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture
def hub(tmp_path):
    """A hub's key (made as the hub makes it, in a data folder): the sample games are signed with it."""
    from dicecup.hub.hubkey import HubKey

    folder = tmp_path / "hub-data"
    folder.mkdir()
    return HubKey.in_folder(folder)
