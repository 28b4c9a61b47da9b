"""`dicecup cups rename` typed in a second terminal while a flash or a rekey of that cup runs (each takes seconds):
the rename stays. Before, the flash and the rekey wrote back the whole cup they had read at their start, so the
new name went back to the old one without a word. The real virtual board (MicroPython behind a pty, mpremote) and
the real registry file; the rename lands at a step the flash or rekey reports."""
import json

import pytest

from conftest import needs_micropython
from dicecup.cli import main
from dicecup.flash import micropython
from dicecup.flash.rekey import rekey
from dicecup.registry import Registry

pytestmark = [needs_micropython, pytest.mark.slow]


def _flashed_as_ana(board, data, pico_dist):
    assert main(["flash", "--board", "pico", "--port", board.path, "--data", str(data), "--name", "ana",
                 "--dist", str(pico_dist)]) == 0


def _renaming_at(step, data):
    """A progress callback that renames ana to zoe from another connection when the step is reported."""
    def progress(line):
        if step in line:
            with Registry.open(data) as other:
                other.rename("ana", "zoe")
    return progress


def _names(data):
    with Registry.open(data) as registry:
        return [cup.name for cup in registry.all()]


def test_a_rename_during_a_rekey_stays(board, tmp_path, pico_dist):
    data = tmp_path / "data"
    _flashed_as_ana(board, data, pico_dist)
    with Registry.open(data) as registry:
        cup = rekey(registry, "ana", progress=_renaming_at("the board holds its new key", data))
    assert _names(data) == ["zoe"]
    assert cup.name == "zoe"


@pytest.mark.parametrize("step", ["nothing to copy", "soft reset"], ids=["copying", "confirming"])
def test_a_rename_during_a_flash_stays(step, board, tmp_path, pico_dist):
    data = tmp_path / "data"
    _flashed_as_ana(board, data, pico_dist)
    manifest = json.loads((pico_dist / "manifest.json").read_text())
    with Registry.open(data) as registry:
        result = micropython.flash(board.path, "pico", pico_dist, manifest, registry,
                                   progress=_renaming_at(step, data))
    assert _names(data) == ["zoe"]
    assert result.cup.name == "zoe" and result.cup.firmware  # the flash's own fields are written too
