"""One way to open a serial port: the hub's transport, `dicecup ports` and `dicecup flash` say the same thing
about a port that is busy or missing, because they all open it through dicecup.link.serial_port.open_port."""
import os

import pytest
import serial

from dicecup.flash import FlashError
from dicecup.flash.micropython import MicroPythonBoard
from dicecup.flash.probe import check_free, identify
from dicecup.link.serial_port import PortUnavailable, open_port
from dicecup.link.transport import LinkDown, open_transport
from dicecup.sim.ptyrelay import open_raw_pty


@pytest.fixture
def port():
    master, slave = open_raw_pty()
    yield os.ttyname(slave)
    os.close(master)
    os.close(slave)


def every_opener(path):
    """What each of the three users says when it can't open `path`."""
    said = []
    for opener, failure in ((lambda: open_transport("serial", path), LinkDown), (lambda: check_free(path), FlashError),
                            (lambda: MicroPythonBoard(path), FlashError)):
        with pytest.raises(failure) as caught:
            opener()
        said.append(str(caught.value))
    said.append(identify(path, probe_repl=False)["error"])
    return said


def test_a_busy_port_is_told_the_same_way_everywhere(port):
    with open_port(port):  # a serial monitor holds it
        said = every_opener(port)
    assert len(set(said)) == 1, said
    assert said[0].startswith(f"{port} is busy") and "close it" in said[0]


def test_a_missing_port_is_told_the_same_way_everywhere(tmp_path):
    missing = str(tmp_path / "ttyACM9")
    said = every_opener(missing)
    assert len(set(said)) == 1, said
    assert "no such port" in said[0] and "dicecup ports" in said[0]


def test_the_opener_holds_the_port_exclusively(port):
    with open_port(port) as held:
        assert held.is_open
        with pytest.raises(PortUnavailable):
            open_port(port)
        with pytest.raises(serial.SerialException):
            serial.Serial(port, exclusive=True)
