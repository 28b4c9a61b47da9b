"""`dicecup flash` and the host steps around it, against the stock MicroPython v1.27.0 firmware of the Pico on an
emulated RP2040 (dicecup.sim.chip): a first flash, an unchanged reflash, power lost in the middle of a flash,
rekey over the real REPL, a hub probing a cup from the moment it powers on, and Ctrl-C on the line while the cup
boots (issue 22: every WHO frame carries 0x03, Ctrl-C to MicroPython, and used to knock a booting cup into the
REPL)."""
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from chiphelpers import Repl
from cupcore import wire
from dicecup.build import build, rehash
from dicecup.flash import FlashError
from dicecup.flash.micropython import MicroPythonBoard
from dicecup.flash.probe import hear_hello, identify
from dicecup.registry import Registry
from dicecup.sim.chip import EmulatedPico
from dicecup.sim.chip.flashed import FlashedPicos
from processes import wait_for

WHO_FRAME = bytes(wire.encode(wire.WHO))  # what a hub sends every second until a cup says hello: 00 03 01 18 ...


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist") / "pico"
    build("pico", out)
    return out


@pytest.fixture
def pico(tmp_path):
    with EmulatedPico(workdir=tmp_path / "pico") as board:
        yield board


@pytest.fixture
def ana(tmp_path, shelf):
    """A board `dicecup flash` flashed as ana (booted from the shelf's copy: conftest.py), and the data folder
    holding its key."""
    with FlashedPicos(["ana"], tmp_path / "boards", saved=shelf) as picos:
        yield picos[0], picos.registry_dir


def flash(pico, dist, data, timeout=120):
    """A real `dicecup flash` process; (exit status, its output, seconds)."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "dicecup", "flash", "--board", "pico", "--port", pico.path,
                           "--data", str(data), "--dist", str(dist), "--name", "ana"],
                          capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout + done.stderr, time.monotonic() - started


def flashed(pico, dist, data):
    code, said, seconds = flash(pico, dist, data)
    assert code == 0, said
    assert "flashed cup" in said and "'ana'" in said, said
    return said, seconds


def registered(data):
    with Registry.open(data) as registry:
        return registry.find("ana")


def board_files(pico):
    """(the names in /.dicecup, the installed list, what waits in /.dicecup/new) through the real REPL; the
    board is soft-reset after, so its cup runs again."""
    with Repl(pico.path) as repl:
        repl.run("import os")
        names = repl.run("print(sorted(os.listdir('/.dicecup')))")
        installed = repl.run("print(open('/.dicecup/installed').read().split())")
        staged = repl.run("print(os.listdir('/.dicecup/new'))")
        repl.serial.write(b"\x04")
    return names, installed, staged


def test_a_first_flash_then_an_unchanged_reflash_that_copies_nothing(pico, dist, tmp_path):
    said, first = flashed(pico, dist, tmp_path / "data")
    assert "committed" in said
    said, again = flashed(pico, dist, tmp_path / "data")
    assert "nothing to copy" in said, said
    print(f"first flash {first:.1f} s, unchanged reflash {again:.1f} s")
    hello = hear_hello(pico.path, 20.0).hello
    assert hello is not None and hello[3] == registered(tmp_path / "data").cup_id


def test_power_cut_while_copying_leaves_a_board_that_flashes_again(pico, dist, tmp_path):
    data = tmp_path / "data"
    process = subprocess.Popen([sys.executable, "-m", "dicecup", "flash", "--board", "pico", "--port", pico.path,
                                "--data", str(data), "--dist", str(dist), "--name", "ana"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for line in process.stdout:
            if "[12/" in line:  # half the files are in /.dicecup/new
                pico.power_cut()
                break
        else:
            pytest.fail("the flash never got to its twelfth file")
        process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    assert process.returncode != 0
    pico.power_on()
    flashed(pico, dist, data)
    names, installed, staged = board_files(pico)
    assert names == "['installed', 'new']" and "'main.py'" in installed and staged == "[]", (names, staged)


def test_power_cut_once_the_commit_journal_is_in_place_then_boot_finishes_the_commit(ana, dist, tmp_path,
                                                                                       monkeypatch):
    """The cut lands between the journal's rename and its renames: the board's own boot.py (dicecup's, put
    first) must carry out the journal, so the board boots the new firmware whole and answers as the cup."""
    pico, data = ana  # dicecup's boot.py is on the board: a second flash of a changed build follows
    changed = tmp_path / "dist2"
    build("pico", changed)
    (changed / "main.py").write_text((changed / "main.py").read_text() + "# release 2\n")
    rehash(changed)
    real_run = MicroPythonBoard.run

    def run_then_cut(board, code):
        if code == "_dicecup_commit()":
            pico.power_cut()  # the journal is in place, none of its renames done
            raise FlashError("power cut")
        return real_run(board, code)

    monkeypatch.setattr(MicroPythonBoard, "run", run_then_cut)
    from dicecup.flash.micropython import flash as flash_board
    from dicecup.build import previous_manifest

    with Registry.open(data) as registry, pytest.raises(FlashError):
        flash_board(pico.path, "pico", changed, previous_manifest(changed), registry, name="ana",
                    progress=lambda line: None)
    monkeypatch.setattr(MicroPythonBoard, "run", real_run)
    pico.power_on()
    hello = hear_hello(pico.path, 20.0).hello
    assert hello is not None and hello[4] == "ana", "the cup did not boot after the cut"
    with Repl(pico.path) as repl:
        assert repl.run("print(open('main.py').read().endswith('# release 2\\n'))") == "True"
        repl.serial.write(b"\x04")
    names, _, staged = board_files(pico)
    assert names == "['installed', 'new']" and staged == "[]", (names, staged)  # no journal left
    said, _ = flashed(pico, dist, data)  # back to the first build: main.py differs, nothing else
    assert "copied main.py" in said and "[1/" in said, said


def test_rekey_over_the_real_repl_gives_the_cup_a_key_it_pairs_with(ana):
    pico, data = ana
    old = registered(data)
    done = subprocess.run([sys.executable, "-m", "dicecup", "cups", "rekey", "ana", "--port", pico.path,
                           "--data", str(data)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    new = registered(data)
    assert new.key != old.key
    heard = hear_hello(pico.path, 20.0, keys={new.cup_id: bytes.fromhex(new.key)}.get)
    assert heard.pairing == "paired", heard


class AtPowerOn(threading.Thread):
    """Runs probe(path) the instant the board's port appears, while the test's own thread powers it on (the
    emulator must be started by a thread that outlives it: it ends with the thread that spawned it)."""

    def __init__(self, path, probe):
        super().__init__(name="probe at power-on", daemon=True)
        self.path, self.probe, self.found = path, probe, None
        self.start()

    def run(self):
        deadline = time.monotonic() + 60
        while not Path(self.path).exists() and time.monotonic() < deadline:
            time.sleep(0.001)
        self.found = self.probe(self.path)

    def result(self):
        self.join(60)
        return self.found


def ports_command(path):
    return subprocess.run([sys.executable, "-m", "dicecup", "ports", "--port", path], capture_output=True,
                          text=True, timeout=60)


def test_a_hub_probing_from_the_moment_of_power_on_finds_the_cup(ana):
    pico, data = ana
    cup_id = registered(data).cup_id
    for _ in range(3):
        pico.power_off()
        probe = AtPowerOn(pico.path, identify)
        pico.power_on()
        found = probe.result()
        assert found["cup"] is not None and found["cup"]["cup_id"] == cup_id, found
    pico.power_off()
    probe = AtPowerOn(pico.path, ports_command)  # the command, started as the board powers on
    pico.power_on()
    done = probe.result()
    assert f"cup {cup_id:08x} 'ana'" in done.stdout, done.stdout + done.stderr


class Hammer(threading.Thread):
    """Ctrl-C on the line without a pause: WHO frames (each holds 0x03) and bare 0x03 bytes, written to the port
    from the moment it appears and through power cycles, as a hub that keeps asking and a careless terminal
    would. reboot() breaks into the cup and soft-resets it, the hammer going on through its boot."""

    def __init__(self, path, ear):
        super().__init__(name="hammer", daemon=True)
        self.path, self.ear, self.stopping = path, ear, threading.Event()
        self.rebooting = threading.Event()
        self.rebooted = threading.Event()

    def run(self):
        import serial

        while not self.stopping.is_set():
            try:
                with serial.Serial(self.path, timeout=0) as port:
                    while not self.stopping.is_set():
                        port.write(WHO_FRAME + b"\x03")
                        if self.rebooting.is_set():
                            mark = len(self.ear.heard)
                            port.write(b"\x00\r\x03")  # the break-in (cupcore/breakin.py): the cup stops
                            self._hammer_until_prompt(port, mark)
                            port.write(b"\r\x04")  # Ctrl-D at its REPL: a soft reset, boot.py then main.py
                            self.rebooting.clear()
                            self.rebooted.set()
                        self.stopping.wait(0.003)
            except (OSError, ValueError):
                self.stopping.wait(0.001)  # the board is off: its port comes back at power-on

    def _hammer_until_prompt(self, port, mark, timeout=30.0):
        """Ctrl-C on the line until the board is at a REPL (a WHO frame holds 0x01, so that is often the raw REPL),
        then Ctrl-B to its friendly REPL's prompt: a Ctrl-D sooner, while the cup was still stopping, was lost."""
        deadline = time.monotonic() + timeout
        while not any(p in self.ear.heard[mark:] for p in (b">>> ", b"raw REPL")) and time.monotonic() < deadline:
            port.write(WHO_FRAME + b"\x03")
            if self.stopping.wait(0.01):
                return
        mark = len(self.ear.heard)
        port.write(b"\x03\x02")  # Ctrl-B: out of the raw REPL, to the prompt
        while b">>> " not in self.ear.heard[mark:] and time.monotonic() < deadline:
            if self.stopping.wait(0.01):
                return

    def reboot(self):
        self.rebooting.set()
        # the hammer's own step may take its whole 30 s on a loaded machine (an emulated chip slowed down)
        assert self.rebooted.wait(60), "the hammer never reached the port"

    def stop(self):
        self.stopping.set()
        self.join(10)


class Ear(threading.Thread):
    """Everything the board says, kept from the moment its port appears (through power cycles)."""

    def __init__(self, path):
        super().__init__(name="ear", daemon=True)
        self.path, self.stopping, self.heard = path, threading.Event(), bytearray()

    def run(self):
        import serial

        while not self.stopping.is_set():
            try:
                with serial.Serial(self.path, timeout=0.02) as port:
                    while not self.stopping.is_set():
                        self.heard += port.read(4096)
            except (OSError, ValueError):
                self.stopping.wait(0.001)

    def hellos(self, after=0) -> int:
        """HELLO frames heard since byte `after`."""
        decoder, count = wire.Decoder(), 0
        for byte in bytes(self.heard[after:]):
            if decoder.push(byte) and decoder.type == wire.HELLO:
                count += 1
        return count

    def wait_hello(self, after=0, timeout=30.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.hellos(after):
                return True
            if b">>> " in self.heard[after:]:
                return False  # at its REPL: knocked out of its boot
            time.sleep(0.05)
        return False

    def wait_for(self, text, after=0, timeout=30.0) -> int:
        """Where `text` ends, once heard after byte `after`."""
        at = wait_for(lambda: self.heard.find(text, after) + 1,
                      lambda: f"never heard {text!r}: {bytes(self.heard[after:][-300:])!r}", timeout) - 1
        return at + len(text)

    def stop(self):
        self.stopping.set()
        self.join(10)


def test_ctrl_c_on_the_line_while_the_cup_boots_does_not_stop_it(ana):
    """Fails without the first lines of boot.py and main.py (micropython.kbd_intr(-1): flash/micropython.py
    GUARD): a Ctrl-C that came during their imports put the board at its REPL (or skipped main.py)."""
    pico, _ = ana
    pico.power_off()
    ear = Ear(pico.path)
    hammer = Hammer(pico.path, ear)
    ear.start()
    hammer.start()
    try:
        pico.power_on()  # main.py starts under the hammer (USB comes up after boot.py)
        assert ear.wait_hello(), f"after power-on: {bytes(ear.heard[-300:])!r}"
        mark = len(ear.heard)
        hammer.reboot()  # break in, soft reset: boot.py and main.py under the hammer
        mark = ear.wait_for(b"soft reboot", after=mark)
        assert ear.wait_hello(after=mark), f"after a soft reset: {bytes(ear.heard[mark:][-300:])!r}"
    finally:
        hammer.stop()
        ear.stop()
