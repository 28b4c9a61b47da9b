"""The virtual air for tests (dicecup.sim.air): real Bluetooth stacks on both ends, no radio. The hub's
dicecup.link.ble runs on Bumble's host in this process; each cup is a MicroPython built with `bluetooth`
(BTstack) on its own virtual controller, running the cups' real code."""
import contextlib
import os
import subprocess
import time

import pytest

from cupcore import wire
from dicecup.link import ble
from dicecup.link.peer import CupConnection
from dicecup.sim.air import VirtualAir, find_cups
from dicecup.sim.virtualcup import find_micropython_ble
from dicecup.shipped import cupcore_dir

HERE = os.path.dirname(os.path.abspath(__file__))
ECHO = os.path.join(HERE, "ble", "mp_echo.py")


def ble_micropython():
    runtime = find_micropython_ble()
    assert runtime, "the MicroPython with bluetooth (vendor/micropython-ble, linked into .venv/bin by dev.py) is " \
                    "a test dependency"
    return runtime


@contextlib.contextmanager
def hub_on_air(monkeypatch, skip=(), **hub_options):
    """A fresh virtual air (without the mends in `skip`) whose hub is this process's dicecup.link.ble, on Bumble's
    host with `hub_options` (e.g. mtu=); closed with everything on it."""
    monkeypatch.setattr(ble.BleSession, "sessions", {})
    with VirtualAir(skip=skip) as the_air:
        monkeypatch.setattr(ble, "backend", the_air.hub_backend(**hub_options))
        try:
            yield the_air
        finally:
            close_hub()


@pytest.fixture
def air(monkeypatch):
    """hub_on_air with every mend, its hub trying a dropped cup again soon."""
    monkeypatch.setattr(ble, "BACKOFF", (0.2, 0.4, 0.8))
    with hub_on_air(monkeypatch) as the_air:
        yield the_air


def close_hub():
    for session in list(ble.BleSession.sessions.values()):
        session.stopped = True
        ble.Radio.run(session.stop(), 5)
    ble.BleSession.sessions.clear()
    ble.Radio.run(ble.current_backend().close(), 5)


class Echo:
    """cupcore/nus.py on MicroPython, echoing frames (tests/ble/mp_echo.py), on a controller of its own."""

    def __init__(self, air, name, address):
        self.name = name
        env = {**os.environ, "MICROPYBTUART": air.hci_port(name, address)}
        self.process = subprocess.Popen([ble_micropython(), ECHO, str(cupcore_dir().parent), name], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def stop(self):
        self.process.kill()
        self.process.wait(5)
        self.process.stdout.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def found(count):
    """The hub's scans until `count` cups advertise: [(address, name)] (dicecup.sim.air.find_cups, as the demo)."""
    return find_cups(count, seconds=15.0)


def read_until(transport, size, seconds=5.0):
    got, deadline = b"", time.monotonic() + seconds
    while len(got) < size and time.monotonic() < deadline:
        got += transport.read(0.1)
    return got


def pair(transport, keys, seconds=10.0):
    """The hub's side of a cup's handshake over `transport`: a CupConnection once paired (`said_name`: the name
    its hello gave), or AssertionError."""
    hub = CupConnection(transport, keys=keys.get)
    hub.send(wire.WHO)
    got = exchange(hub, lambda got: hub.pairing == "paired", "the cup to pair", seconds)
    hub.said_name = [values[4] for mtype, values in got if mtype == wire.HELLO][0]
    return hub


def exchange(hub, until, what, seconds=10.0):
    got, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        got += hub.feed(hub.transport.read(0.02))
        got += hub.tick()
        if until(got):
            return got
    raise AssertionError(f"timed out waiting for {what}; the hub got {got}")
