"""dicecup flash checks the board is the kind asked for before changing anything (issue 12 item 7): a Pico cup
flashed with `--board atom` (ESP32 firmware) would stop answering."""
import pytest

from conftest import flash_cli, needs_micropython
from dicecup.build import build
from dicecup.flash import FlashError
from dicecup.registry import Registry
from virtualboard import VirtualBoard

pytestmark = needs_micropython

PICO = "Raspberry Pi Pico W with RP2040"
ESP32 = "Generic ESP32 module with ESP32"


@pytest.fixture(scope="module")
def atom_dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist") / "atom"
    build("atom", out)
    return out


def test_the_virtual_board_says_what_it_is(tmp_path):
    with VirtualBoard(tmp_path / "b", machine=ESP32) as board:
        import subprocess

        from dicecup.sim.virtualcup import tool
        proc = subprocess.run([tool("mpremote"), "connect", board.path, "exec",
                               "import os; print(os.uname().machine)"], capture_output=True, text=True, timeout=30)
    assert ESP32 in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.slow
def test_atom_firmware_onto_a_pico_is_refused_and_nothing_changes(tmp_path, atom_dist):
    with VirtualBoard(tmp_path / "board", machine=PICO) as board:
        (board.folder / "main.py").write_text("# the cup that works\n")
        before = board.files()
        boots = board.boots
        proc = flash_cli("--board", "atom", "--port", board.path, "--dist", atom_dist, "--data", tmp_path / "data")
        after = board.files()
        assert board.wait_boots(boots + 1), "left stopped at its REPL"  # stopped to be asked what it is, then given its program back
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert PICO in lines[0] and "atom" in lines[0] and "--force" in lines[0] and "not changed" in lines[0]
    assert after == before
    with Registry.open(tmp_path / "data") as registry:
        assert registry.all() == []


def test_the_kinds_each_board_takes():
    from dicecup.flash.micropython import check_kind

    check_kind("pico", PICO, "/dev/ttyACM0")
    check_kind("pico", "Raspberry Pi Pico2 W with RP2350", "/dev/ttyACM0")
    check_kind("atom", "M5Stack ATOM Lite with ESP32", "/dev/ttyUSB0")
    with pytest.raises(FlashError, match="ESP32"):
        check_kind("pico", ESP32, "/dev/ttyUSB0")
    with pytest.raises(FlashError, match="PYBv1.1 with STM32F405RG"):
        check_kind("atom", "PYBv1.1 with STM32F405RG", "/dev/ttyACM0")
    check_kind("atom", "Generic ESP32S3 module with ESP32S3", "/dev/ttyACM0")  # Xtensa too
    with pytest.raises(FlashError, match="ESP32C3"):  # RISC-V: the atom's xtensawin .mpy files can't run there
        check_kind("atom", "ESP32C3 module with ESP32C3", "/dev/ttyACM0")
    check_kind("atom", PICO, "/dev/ttyACM0", force=True)  # the user said so
