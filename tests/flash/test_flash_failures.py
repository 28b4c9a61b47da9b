"""Every failure of dicecup flash says what happened and what to do, in one line, and leaves a board that boots."""
import json

import pytest
import serial

from conftest import needs_micropython
from dicecup.cli import main
from dicecup.flash import FlashError
from dicecup.flash.probe import choose_port
from dicecup.link.usb import PortInfo
from virtualboard import VirtualBoard
from standin_ports import FakeCircuitPython, SilentBoard


def run_flash(capsys, *args):
    code = main(["flash", *([] if "--board" in args else ["--board", "pico"]), *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dicecup flash: "), err
    assert "Traceback" not in err
    return lines[0]


def test_no_port_found(capsys, monkeypatch, tmp_path, pico_dist):
    monkeypatch.setattr("dicecup.link.usb.candidate_ports", lambda include_unknown=False: [])
    monkeypatch.setattr("dicecup.flash.probe.candidate_ports", lambda include_unknown=False: [])
    code, _, err = run_flash(capsys, "--dist", pico_dist, "--data", tmp_path)
    line = one_line_error(err)
    assert code == 2 and "no board found" in line and "--port" in line and "dicecup ports" in line


def test_several_boards_and_no_port():
    boards = [PortInfo("/dev/ttyACM0", 0x2E8A, 0x0005, "Board in FS mode", "Raspberry Pi Pico (MicroPython)"),
              PortInfo("/dev/ttyUSB0", 0x1A86, 0x55D4, "USB Single Serial", "WCH USB-serial bridge")]
    with pytest.raises(FlashError) as caught:
        choose_port(None, lister=lambda: boards)
    assert "several boards" in str(caught.value) and "/dev/ttyACM0" in str(caught.value)
    assert "/dev/ttyUSB0" in str(caught.value) and "--port" in str(caught.value)
    assert choose_port("/dev/ttyUSB0", lister=lambda: boards) == "/dev/ttyUSB0"


@needs_micropython
def test_port_busy(capsys, board, tmp_path, pico_dist):
    with serial.Serial(board.path, exclusive=True):  # a serial monitor holds it
        code, _, err = run_flash(capsys, "--port", board.path, "--dist", pico_dist, "--data", tmp_path)
    line = one_line_error(err)
    assert code == 2 and "busy" in line and "close it" in line


@pytest.mark.slow
def test_board_without_micropython(capsys, tmp_path, pico_dist):
    with SilentBoard(chatter=True) as other:
        code, _, err = run_flash(capsys, "--port", other.path, "--dist", pico_dist, "--data", tmp_path)
    line = one_line_error(err)
    assert code == 2 and "doesn't run MicroPython" in line and "docs/flashing.md" in line


@pytest.mark.slow
def test_circuitpython_where_micropython_was_asked(capsys, tmp_path, pico_dist):
    with FakeCircuitPython() as cpb:  # STAND-IN: only CircuitPython's banner, not CircuitPython
        code, _, err = run_flash(capsys, "--port", cpb.path, "--dist", pico_dist, "--data", tmp_path)
    line = one_line_error(err)
    assert code == 2 and "runs CircuitPython" in line and "--board cpb" in line


@needs_micropython
def test_filesystem_full(capsys, tmp_path, pico_dist):
    # A board with a small flash: real LittleFS on a 24 KB image (VirtualBoard(flash_kb=...)), too small for the cup.
    with VirtualBoard(tmp_path / "unused", flash_kb=24) as small:
        code, _, err = run_flash(capsys, "--port", small.path, "--dist", pico_dist, "--data", tmp_path / "data")
        line = one_line_error(err)
        assert code == 2 and "filesystem is full" in line and "nothing was changed" in line
        # The board is left as it was: its REPL still answers and no half-copied file is left behind.
        with serial.Serial(small.path, timeout=0) as ser:
            from dicecup.flash.probe import interrupt

            assert interrupt(ser)[0] == "micropython"
    with open(tmp_path / "data" / "cups.sqlite", "rb"):
        pass
    assert main(["cups", "--data", str(tmp_path / "data"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []  # nothing registered for a flash that did not happen


def test_unknown_board(capsys, tmp_path):
    code, _, err = run_flash(capsys, "--board", "nano", "--data", tmp_path)
    assert code == 2


@needs_micropython
def test_a_dist_missing_one_of_its_files(capsys, board, tmp_path, pico_dist):
    import shutil

    dist = tmp_path / "pico"
    shutil.copytree(pico_dist, dist)
    (dist / "lib" / "cupcore" / "wire.mpy").unlink()
    code, _, err = run_flash(capsys, "--port", board.path, "--dist", dist, "--data", tmp_path / "data")
    line = one_line_error(err)
    assert code == 2 and "lib/cupcore/wire.mpy" in line and "dicecup build --board pico" in line
    assert "nothing was changed" in line
