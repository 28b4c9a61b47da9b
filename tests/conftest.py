"""Suite-wide settings. CI (`.ci/run`) runs hypothesis derandomized and without per-example deadlines, so a run
on a busy shared machine is repeatable; run locally with the default profile to explore new examples.

This folder is on the path (pytest puts a conftest's folder there), so helpers shared by several test folders
live here: processes.py (a real dicecup process), inprocess.py (dicecup run here, through cli.main)."""
import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("DICECUP_HYPOTHESIS", "default"))


# The chip tests (tests/chip) run the boards' own firmware on rp2040js, which needs Node.js (dev.py test installs
# it, and dicecup.sim.chip fetches rp2040js from npm once). Without it they fail with the reason: a missing
# emulator is a gap to fix, never a pass. Kept here, not in a tests/chip/conftest.py: tests/flash imports its own
# conftest by name, which a second conftest module could shadow.
CHIP_TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chip")


@pytest.fixture(autouse=True)
def _the_chip_can_run(request):
    if not str(request.path).startswith(CHIP_TESTS + os.sep):
        return
    from dicecup.sim.chip import chip_missing

    problem = chip_missing()
    if problem:
        pytest.fail(problem)


# `slow` (pyproject.toml): a test that starts what takes seconds. Marked here by what it starts, so a new test of
# that kind is marked too: an emulated chip (tests/chip), Chromium (the `browser` fixture), the PostgreSQL server
# (the postgresql row of `db_url`). Whole games, the wheel and the like carry the mark in their own files.
def _starts_something_slow(item) -> bool:
    params = getattr(getattr(item, "callspec", None), "params", {})
    return (str(item.path).startswith(CHIP_TESTS + os.sep) or "browser" in item.fixturenames
            or params.get("db_url") == "postgresql")


def pytest_collection_modifyitems(items):
    for item in items:
        if _starts_something_slow(item):
            item.add_marker(pytest.mark.slow)


# No run leaves a `dicecup-*` folder or a process behind (tests/leftovers.py): private temporary and data folders
# for the run, checked once every test is done.
def pytest_configure(config):
    import leftovers

    leftovers.start(config)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    import leftovers

    leftovers.finish(session)
