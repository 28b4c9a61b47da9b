"""The chips the tests boot, flashed once a run: a board flashed by `dicecup flash` is saved (its flash image and
the registry holding its key) and every test that needs a flashed board boots a copy of it, as a shelf of
flashed boards would be. Flashing itself is tested where it is the point (test_flash_chip.py's first flash)."""
import fcntl
import shutil

import pytest

from dicecup.flash.probe import hear_hello
from dicecup.sim.chip.flashed import FlashedPicos

SHELF = ("ana", "ben")  # the boards on the shelf: every chip test seats some of these


@pytest.fixture(scope="session")
def shelf(tmp_path_factory, worker_id):
    """The workdir of FlashedPicos that flashed SHELF once for the whole run (every xdist worker shares it)."""
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
