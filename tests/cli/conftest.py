"""Fixtures for the command tests (the helpers are in clirun.py)."""
import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data directory of the test's own (XDG_DATA_HOME), so nothing of the user's is touched."""
    data = tmp_path / "xdg"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    return data
