"""A booting cup is never taken for a bare board (issue 22), off the chip: a bare MicroPython REPL (the virtual
board, real MicroPython) is told at once by what it answers, a silent port is waited out to the boot deadline
rather than knocked on, and a cup that sits at its REPL (knocked there at a bad moment) is restarted and found as
the cup. The same on the emulated chip, from the moment of power-on: tests/chip/test_flash_chip.py."""
import os
import re
import time

import pytest

from conftest import needs_micropython
from dicecup.cli import main
from dicecup.flash.micropython import BOOT_PY, GUARD
from dicecup.flash.probe import hear_hello, identify, interrupt, read_for, restart
from dicecup.link.serial_port import open_port
from dicecup.shipped import boards_dir
from dicecup.sim.ptyrelay import open_raw_pty


def first_code(text: str) -> str:
    """The text from its first statement on (the docstring and comments left out)."""
    text = re.sub(r'^"""(.|\n)*?"""\n', "", text)
    lines = text.splitlines(keepends=True)
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        lines.pop(0)
    return "".join(lines)


def test_boot_py_and_every_micropython_main_py_switch_ctrl_c_off_before_anything_else():
    assert first_code(BOOT_PY).startswith(GUARD)
    for board in ("pico", "atom"):
        assert first_code((boards_dir() / board / "main.py").read_text()).startswith(GUARD), board


def silent_port():
    """A pty nobody answers on: what a cup that is still booting looks like to the host."""
    master, slave = open_raw_pty()
    return master, slave, os.ttyname(slave)


@pytest.mark.slow
def test_a_silent_port_is_waited_out_to_the_deadline_and_never_knocked_on():
    master, slave, path = silent_port()
    try:
        started = time.monotonic()
        heard = hear_hello(path, 1.5, answer=0.2)
        waited = time.monotonic() - started
        assert heard.hello is None and not heard.repl and waited >= 1.4, (heard, waited)
        time.sleep(0.05)
        sent = os.read(master, 4096)
        assert sent and b"\r\x03" not in sent and b"\x02" not in sent, sent  # WHO frames only: no knock
    finally:
        os.close(master)
        os.close(slave)


@needs_micropython
def test_a_bare_micropython_repl_is_told_at_once_not_after_the_boot_deadline(board):
    started = time.monotonic()
    found = identify(board.path, boot_wait=20.0)
    assert found["runtime"] == "micropython" and found["cup"] is None, found
    assert time.monotonic() - started < 10.0  # it answered the first WHO like a REPL: no 20 s wait


@needs_micropython
@pytest.mark.slow
def test_a_cup_left_at_its_repl_is_restarted_and_found_as_the_cup(board, tmp_path, pico_dist):
    assert main(["flash", "--board", "pico", "--port", board.path, "--data", str(tmp_path / "data"),
                 "--name", "ana", "--dist", str(pico_dist)]) == 0
    with open_port(board.path) as ser:  # knocked into its REPL, as an old hub's WHO at boot did
        assert interrupt(ser)[0] == "micropython"
    found = identify(board.path)
    assert found["cup"] is not None and found["cup"]["name"] == "ana", found


@needs_micropython
@pytest.mark.slow
def test_a_cup_restarted_from_its_raw_repl_runs_its_program_again(board, tmp_path, pico_dist):
    """A WHO's 0x01 (Ctrl-A) puts a REPL in raw mode, where a soft reset skips main.py: restart() leaves it by
    Ctrl-B first (seen once under load: a cup knocked, restarted, and never heard from again)."""
    assert main(["flash", "--board", "pico", "--port", board.path, "--data", str(tmp_path / "data"),
                 "--name", "ana", "--dist", str(pico_dist)]) == 0
    with open_port(board.path) as ser:
        assert interrupt(ser)[0] == "micropython"
        ser.write(b"\r\x01")
        assert b"raw REPL" in read_for(ser, 10.0, until=b"raw REPL; CTRL-B to exit")
        restart(ser.write, lambda ends, seconds: read_for(ser, seconds, ends))
    heard = hear_hello(board.path, 20.0, ask_after=1.5)
    assert heard.hello is not None and heard.hello[4] == "ana", heard
