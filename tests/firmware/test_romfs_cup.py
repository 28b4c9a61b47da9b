"""The cup's code from a ROMFS image, run in place from outside the heap (as on a board with a ROMFS partition
or frozen modules), versus the same code as .mpy files loaded into the heap. The image is built by mpremote's
own `romfs build` and mounted by the real VfsRom of the MicroPython unix port; only the flash mapping is a
stand-in (bench/romfs/romcup.py holds the image in memory outside MicroPython's heap). The ROMFS cup is a
bench helper (bench/heapcup.py), so this test takes it from there."""
import subprocess
import sys
from pathlib import Path

import pytest

from cupcore import commit, wire
from dicecup.link.peer import CupPeer

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from heapcup import HeapCup, build_lib, build_romfs  # noqa: E402

# Between what the cup needs with its code in the heap (about 70 KB on this 64-bit port) and with its code
# in ROM (about 45 KB since fair dice and pairing): bench/firmware_heap.py measures both.
HEAP = "54K"
NONCE = bytes(range(8))
SEAT = 1


@pytest.fixture(scope="module")
def code(tmp_path_factory):
    folder = tmp_path_factory.mktemp("code")
    image = folder / "cup.romfs"
    assert build_romfs(image) > 0
    build_lib(folder / "lib")
    return image, folder / "lib"


def start(**where):
    cup = HeapCup(name="rom", fast=True, heapsize=HEAP, **where)
    cup.start()
    return cup


@pytest.mark.slow
def test_the_cup_plays_from_a_romfs_image_in_a_heap_too_small_for_its_code(code):
    image, _ = code
    cup = start(romfs=image)
    try:
        with CupPeer(cup.path) as peer:
            peer.send(wire.WHO)
            assert peer.expect(wire.HELLO)[5] == "sim"
            peer.send(wire.WELCOME, (wire.VERSION, SEAT, 2))
            for round_id in (1, 2, 3):
                peer.send(wire.DEAL, (round_id, 5, NONCE))
                _, digest = peer.expect(wire.COMMIT, where=lambda v: v[0] == round_id)
                peer.send(wire.ENTROPY, (round_id, bytes(16)))  # fair dice: the entropy after the commitment
                peer.send(wire.REVEAL_REQ, (round_id,))
                _, dice, seed, _ = peer.expect(wire.REVEAL, where=lambda v: v[0] == round_id)
                assert commit.verify(digest, NONCE, SEAT, len(dice), seed)
                peer.send(wire.RESULT, (round_id, 0, 5, 0, wire.PLAYING))
            peer.settle()
        assert cup.alive(), cup.stderr()
        assert cup.stderr() == ""
    finally:
        cup.stop()


def test_the_same_code_loaded_into_that_heap_runs_out_of_memory(code):
    _, lib = code
    cup = start(mpy_dir=lib)
    try:
        try:
            cup.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass  # still running: it fit, and the assertion below says so
        assert "MemoryError" in cup.stderr(), (
            f"the firmware as .mpy started in {HEAP}: if it shrank that much, lower HEAP (bench/firmware_heap.py "
            f"has the figures); stderr: {cup.stderr()!r}")
    finally:
        cup.stop()
