"""Suite-wide settings. CI (`.ci/run`) runs hypothesis derandomized and without per-example deadlines, so a run
on a busy shared machine is repeatable; run locally with the default profile to explore new examples.

This folder is on the path (pytest puts a conftest's folder there), so helpers shared by several test folders
live here: processes.py (a real dicecup process), inprocess.py (dicecup run here, through cli.main)."""
import fcntl
import os
import shutil

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


# The chips the tests boot, flashed once a run: boards flashed by `dicecup flash` are saved (their flash images and
# the registry holding their keys) and every test that needs a flashed board boots a copy, as a shelf of flashed
# boards would be. Flashing itself is tested where it is the point (tests/chip/test_flash_chip.py's first flash).
SHELF = ("ana", "ben")  # the boards on the shelf: every chip test seats some of these


@pytest.fixture(scope="session")
def shelf(tmp_path_factory, worker_id):
    """The workdir of FlashedPicos that flashed SHELF once for the whole run (every xdist worker shares it)."""
    from dicecup.flash.probe import hear_hello
    from dicecup.sim.chip.flashed import FlashedPicos

    root = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        root = root.parent
    saved = root / "flashed-picos"
    with open(root / "flashed-picos.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker flashes; the others wait for its boards
        if not (saved / "done").exists():
            shutil.rmtree(saved, ignore_errors=True)  # a flash that failed earlier in the run: start clean
            picos = FlashedPicos(SHELF, saved, progress=lambda line: None, keep=True).start()
            try:  # switched off only once each has booted as a cup: a board cut mid-boot may not boot again
                for pico in picos:
                    assert hear_hello(pico.path, 60.0).hello is not None, f"{pico.name} never said hello"
            finally:
                picos.stop()
            (saved / "done").touch()
    return saved


# `slow` (pyproject.toml): a test that starts what takes seconds. Marked here by what it starts, so a new test of
# that kind is marked too: an emulated chip (tests/chip), Chromium (the `browser` fixture), the PostgreSQL server
# (the postgresql row of `db_url`). Whole games, the wheel and the like carry the mark in their own files.
def _starts_something_slow(item) -> bool:
    params = getattr(getattr(item, "callspec", None), "params", {})
    return (str(item.path).startswith(CHIP_TESTS + os.sep) or "browser" in item.fixturenames
            or params.get("db_url") == "postgresql")


# Four workers share two cores (dev.py: --dist loadgroup), so the heaviest take turns instead of starving each
# other: every emulated-chip test runs on one worker (an emulated RP2040 keeps a core busy, and a starved one
# misses its wall-clock deadlines), and so does every test that drives Chromium. Any other file stays whole on one
# worker, as --dist loadfile keeps it: its module fixtures made once, its tests in their order.
def _worker_group(item) -> str:
    if str(item.path).startswith(CHIP_TESTS + os.sep):
        return "chip"
    if "browser" in item.fixturenames:
        return "chromium"
    return os.path.relpath(item.path, os.path.dirname(CHIP_TESTS))


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items):
    for item in items:
        if _starts_something_slow(item):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(_worker_group(item)))


# No run leaves a `dicecup-*` folder or a process behind (tests/leftovers.py): private temporary and data folders
# for the run, checked once every test is done.
def pytest_configure(config):
    import leftovers

    leftovers.start(config)
    _stopping_signals_as_at_a_terminal()


def _stopping_signals_as_at_a_terminal():
    """A run started in the background (`cmd &` without job control, `nohup`) inherits SIGINT or SIGHUP ignored,
    and so would every hub the tests start: their Ctrl-C and `kill -HUP` tests would then test nothing. Each
    process the tests start gets them as a terminal's shell gives them."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for signum in (signal.SIGHUP, signal.SIGQUIT):
        if signal.getsignal(signum) is signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Each `dicecup-*` folder still there after a test is put down to the test it appeared in, so the run's end
    names who left it (a folder seen once under load could not be traced to its test)."""
    import leftovers

    before = leftovers.folders_here()
    yield
    leftovers.note_new(before, item.nodeid)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    import leftovers

    leftovers.finish(session)
