"""The Pico running CircuitPython (board picocp), on an emulated RP2040 with the real CircuitPython 10.2.1: flashed
by the real `dicecup flash --board picocp --drive DIR`, booted, and a round played on it against a hub bot,
refereed by the real hub in this process and verified from its journal.

The drive: rp2040js has no USB mass storage, so DIR is a folder on the host made into the FAT image in the
emulated flash while the board is off, and read back out of it when it stops (dicecup.sim.chip.drive: a STAND-IN
for USB MSC only). Everything else is the board's own: boot.py enabling usb_cdc.data (the cup's frames come on the
second pty), code.py compiled on the chip, settings.toml read by CircuitPython's os.getenv, hashlib.new,
supervisor.ticks_ms, a drive the code can't write while USB holds it, microcontroller.cpu.uid reading zeros.
"""
import io
import json
import sys
import threading
import time
from pathlib import Path

import pytest
from rich.console import Console

from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from dicecup.sim.chip import EmulatedPico, chip_missing
from dicecup.sim.chip.drive import read_image, write_image
from dicecup.sim.players import BotPlayers
from processes import checked_but_seeded, dicecup

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "boards"))
from boardpaths import stubs  # noqa: E402  - the pinned Adafruit libraries, installed once for the type check

RULES = "dudo dice=1 palifico=off"  # two players with a die each: one round decides the game


@pytest.fixture(scope="module")
def chip_here():
    problem = chip_missing()
    if problem:
        pytest.fail(f"the CircuitPython chip tests can't run: {problem}")


def bundle(tmp_path) -> Path:
    """An Adafruit-bundle-like folder holding the library the picocp cup needs (neopixel), at the pinned version."""
    folder = tmp_path / "bundle" / "lib"
    folder.mkdir(parents=True)
    (folder / "neopixel.py").write_bytes((stubs("cpb") / "neopixel.py").read_bytes())
    return folder.parent


def power_off_and_read(pico, drive):
    pico.power_off()
    read_image(pico.fs_image, drive)


def test_flash_boot_and_play_a_round_on_circuitpython(chip_here, tmp_path):
    drive, data = tmp_path / "CIRCUITPY", tmp_path / "data"
    pico = EmulatedPico(name="cp1", workdir=tmp_path / "chip", firmware="circuitpython", board="picocp",
                        data_link=True)
    try:
        # A board fresh from its CircuitPython install: it formats CIRCUITPY itself and writes boot_out.txt.
        pico.start()
        power_off_and_read(pico, drive)
        boot_out = (drive / "boot_out.txt").read_text()
        assert "Raspberry Pi Pico" in boot_out
        # The emulated chip's UID is zeros (every emulated board alike): the id must come from settings.toml, and
        # the hub seats the cup under the id `dicecup flash` registered (play_one_round).
        assert "UID:0000000000000000" in boot_out

        flashed = dicecup("flash", "--board", "picocp", "--drive", str(drive), "--bundle", str(bundle(tmp_path)),
                          "--data", str(data), "--name", "ana", "--json", timeout=300)
        assert flashed.returncode == 0, flashed.stderr
        cup = json.loads(flashed.stdout.splitlines()[-1])["cup"]
        pico.cup_id = cup["cup_id"]
        assert (drive / "lib" / "neopixel.py").exists() and (drive / "lib" / "picocpboard.py").exists()

        write_image(drive, pico.fs_image)
        booted = time.monotonic()
        pico.power_on()
        play_one_round(pico, data, booted)
    finally:
        pico.stop()
    # What the board wrote while it ran is on the drive once it is off (boot.py's output in boot_out.txt).
    read_image(pico.fs_image, drive)
    assert "boot.py output:" in (drive / "boot_out.txt").read_text()


def play_one_round(pico, data, booted):
    output = io.StringIO()
    table = TableSetup(Rules.parse(RULES), data=data, seed="picocp", bots=1, result_pause=0.05,
                       screen=Screen(console=Console(file=output, width=100), brief=True))
    hub = table.make_hub(expect_cups=1)
    hub.bot_delay = 0.0
    watch = hub.watch()
    table.connect([pico.data_path])
    players = BotPlayers([pico], watch, table.stop, seed="picocp").start()
    thread = threading.Thread(target=table.play, kwargs={"timeout": 400}, daemon=True)
    thread.start()
    try:
        hello = watch.wait(lambda s: pico.cup_id in s.waiting_cups or s.seat_of_cup(pico.cup_id), timeout=90)
        assert hello, f"the cup never said HELLO on usb_cdc.data; the table said:\n{output.getvalue()[-2000:]}"
        print(f"picocp: power-on to HELLO at the hub {time.monotonic() - booted:.1f} s")
        thread.join(400)
        final = watch.get()
        assert final.finished, (f"the game did not finish: phase {final.phase}, deal {final.deal}, leds "
                                f"{pico.leds()!r}; the table said:\n{output.getvalue()[-3000:]}")
    finally:
        table.stop.set()
        thread.join(10)
        table.close()
        errors = players.join()
    assert not errors, errors
    seat = final.seat_of_cup(pico.cup_id)
    assert seat is not None and seat.name == "ana"
    journal = final.journal.read_text()
    print("".join(line for line in journal.splitlines(keepends=True) if not line.startswith("#")))
    assert f"roll {seat.name}" in journal and "calls" in journal  # rolled, bid, called and revealed
    checked = dicecup("verify", str(final.journal), timeout=120)
    assert checked_but_seeded(checked), checked.stdout + checked.stderr  # its table is seeded
