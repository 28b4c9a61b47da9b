"""Raw library errors are said in words (issue 12 item 13): a plain file or a folder given as a port, a port
another program holds, a cup that goes away mid-read, a board that answers in bytes that are not text, and a
computer without Bluetooth. Through real processes where a command is involved, on real ptys and files."""
import os
import select
import threading
import tty

import pytest
import serial

from clirun import dicecup, one_plain_line
from dicecup.link.transport import LinkDown

RAW = ("Errno", "ioctl", "readiness to read", "codec", "Could not")


def plain(text):
    assert not any(word in text for word in RAW), text
    return text


class Pty:
    """A pseudo-terminal whose far end this test holds: `answer(data)` is what it says back to each write."""

    def __init__(self, answer=None):
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self.slave = slave
        self.answer = answer
        self._stop = False
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self):
        while not self._stop:
            readable, _, _ = select.select([self.master], [], [], 0.05)
            if not readable:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            reply = self.answer(data) if self.answer else None
            if reply == "hang up":
                self.hang_up()
                return
            if reply:
                os.write(self.master, reply)

    def hang_up(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def close(self):
        self._stop = True
        self._thread.join(2)
        self.hang_up()


@pytest.fixture
def pty():
    ptys = []

    def make(answer=None):
        ptys.append(Pty(answer))
        return ptys[-1]

    yield make
    for one in ptys:
        one.close()


def test_a_plain_file_given_as_the_port(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    line = plain(one_plain_line(dicecup("flash", "--board", "pico", "--port", path, "--data", tmp_path / "d",
                                        timeout=120), "flash"))
    assert f"{path} is not a serial port" in line
    proc = dicecup("ports", "--port", path)
    assert f"{path} is not a serial port" in plain(proc.stdout), proc.stdout + proc.stderr


def test_a_folder_given_as_the_port(tmp_path):
    proc = dicecup("ports", "--port", tmp_path)
    assert f"{tmp_path} is a folder, not a serial port" in plain(proc.stdout), proc.stdout + proc.stderr


def test_a_port_another_program_holds(pty, tmp_path):
    port = pty()
    with serial.Serial(port.path, exclusive=True):
        line = plain(one_plain_line(dicecup("flash", "--board", "pico", "--port", port.path, "--data",
                                            tmp_path / "d", timeout=120), "flash"))
    assert f"{port.path} is busy" in line


def test_a_board_that_goes_away_while_flashing(pty, tmp_path):
    port = pty(answer=lambda data: "hang up")
    line = plain(one_plain_line(dicecup("flash", "--board", "pico", "--port", port.path, "--data", tmp_path / "d",
                                        timeout=120), "flash"))
    assert "went away" in line and "flash again" in line


def test_the_hubs_transport_when_the_cup_goes_away(pty):
    from dicecup.link.serial_port import SerialTransport

    port = pty()
    transport = SerialTransport(port.path)
    try:
        port.close()
        with pytest.raises(LinkDown) as caught:
            for _ in range(20):
                transport.read(0.05)
    finally:
        transport.close()
    assert plain(str(caught.value)) == f"the cup on {port.path} went away (unplugged, reset, or another program " \
                                       "is reading its port); plug it back in"


@pytest.mark.slow
def test_a_board_that_answers_bytes_that_are_not_text(pty, tmp_path):
    # It looks like MicroPython's REPL to the banner check, then answers the raw REPL in bytes that are not UTF-8.
    def answer(data):
        if b"\x01" in data:
            return b"\r\nraw REPL; CTRL-B to exit\r\n>"
        if b"\x04" in data or b"\x05" in data:
            return b"OK\xb2\xb2\x04\xb2\xff\x04>"
        if b"\x02" in data or b"\x03" in data:
            return b"\r\nMicroPython v1.24.0 on 2024-10-25; Raspberry Pi Pico W with RP2040\r\n>>> "
        return None

    port = pty(answer)
    line = plain(one_plain_line(dicecup("flash", "--board", "pico", "--port", port.path, "--data", tmp_path / "d",
                                        timeout=120), "flash"))
    assert port.path in line


def test_no_bluetooth_on_this_computer():
    from dicecup.link import ble

    for error in (FileNotFoundError(2, "No such file or directory"), Exception("No Bluetooth adapters found."),
                  PermissionError(13, "Permission denied"), ImportError("No module named 'bleak'")):
        text = plain(ble.unavailable(error))
        assert text.startswith("Bluetooth is not available: ") and "USB" in text
    assert "BlueZ" in ble.unavailable(FileNotFoundError(2, "No such file or directory"))
