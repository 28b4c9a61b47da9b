"""dicecup ports: what runs on each port, and the cup that answers; cupcore's break-in that lets a cup be flashed."""
import json

import pytest

from conftest import needs_micropython
from cupcore import wire
from cupcore.breakin import BreakIn
from dicecup.cli import main
from dicecup.flash.probe import interrupt
from dicecup.link.serial_port import open_port
from standin_ports import BusyMicroPython, FakeCircuitPython, SilentBoard


def ports(capsys, monkeypatch, *paths):
    monkeypatch.setattr("dicecup.link.usb.candidate_ports", lambda include_unknown=False: [])
    args = ["ports", "--json"]
    for path in paths:
        args += ["--port", path]
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)


@needs_micropython
def test_ports_tells_micropython_and_the_cup(capsys, monkeypatch, board, tmp_path, pico_dist):
    (row,) = ports(capsys, monkeypatch, board.path)
    assert row["runtime"] == "micropython" and row["banner"].startswith("MicroPython") and row["cup"] is None
    assert main(["flash", "--board", "pico", "--port", board.path, "--name", "hal", "--dist", str(pico_dist),
                 "--data", str(tmp_path)]) == 0
    capsys.readouterr()
    (row,) = ports(capsys, monkeypatch, board.path)
    assert row["cup"]["name"] == "hal" and row["cup"]["board"] == "pico" and row["cup"]["firmware"] == "0.1"


@pytest.mark.slow
def test_ports_tells_circuitpython_and_nothing(capsys, monkeypatch):
    with FakeCircuitPython() as cpb, SilentBoard() as other:
        rows = ports(capsys, monkeypatch, cpb.path, other.path)
    assert [r["runtime"] for r in rows] == ["circuitpython", None]
    assert "CircuitPython 10" in rows[0]["banner"]


def test_a_banner_that_comes_a_moment_after_the_first_prompt_is_waited_for():
    # Seen under load: the prompt the CR gets came in one read, the banner in the next, and the board was
    # called "no MicroPython REPL answered".
    with BusyMicroPython() as busy, open_port(busy.path) as ser:
        assert interrupt(ser) == ("micropython", BusyMicroPython.BANNER.splitlines()[0].decode())


def test_no_ports(capsys, monkeypatch):
    monkeypatch.setattr("dicecup.link.usb.candidate_ports", lambda include_unknown=False: [])
    assert main(["ports"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dicecup ports: no board found") and len(err.strip().splitlines()) == 1


def test_break_in_only_between_frames():
    def stops(data):
        b = BreakIn()
        return any(b.see(x) for x in data)

    assert stops(b"\r\x03")  # first thing on the line
    assert stops(b"garbage\x00\r\x03")
    assert not stops(b"garbage\r\x03")  # inside something that is not a frame boundary
    # No frame the hub sends ever contains it: any seq and ack, a CR as the COBS code byte included.
    for seq in range(256):
        for ack in range(0, 256, 5):
            frame = wire.encode(wire.WHO, (), seq=seq, ack=ack)
            assert not stops(frame + frame), (seq, ack)


@pytest.mark.slow
def test_ctrl_c_while_probing_gives_the_board_its_program_back():
    # `dicecup ports` stops a board's program to read its REPL banner; Ctrl-C right then must not leave it stopped.
    import signal
    import subprocess
    import sys
    import threading

    from standin_ports import SilentBoard

    class Recorder(SilentBoard):
        def __init__(self):
            super().__init__()
            self.seen = b""
            self.asked_banner = threading.Event()
            self.reset = threading.Event()

        def answer(self, data):
            self.seen += data
            if b"\x02" in self.seen:
                self.asked_banner.set()
            if self.asked_banner.is_set() and b"\x04" in self.seen.split(b"\x02", 1)[1]:
                self.reset.set()

    with Recorder() as board:
        proc = subprocess.Popen([sys.executable, "-m", "dicecup", "ports", "--port", board.path],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert board.asked_banner.wait(30)
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
        assert proc.returncode == 130 and "Traceback" not in err, err
        assert board.reset.wait(5), board.seen
