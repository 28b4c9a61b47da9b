"""The chip tests run the boards' own firmware on rp2040js, which needs Node.js (dev.py test installs it, and
dicecup.sim.chip fetches rp2040js from npm once). Without it they fail with the reason: a missing emulator is a
gap to fix, never a pass."""
import pytest

from dicecup.sim.chip import chip_missing


@pytest.fixture(autouse=True)
def _the_chip_can_run():
    problem = chip_missing()
    if problem:
        pytest.fail(problem)
