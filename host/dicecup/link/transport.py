"""One interface for every way a cup is reached, with backends chosen by name and imported lazily (as mpremote
and bleak do), so an unused backend's dependency is never loaded.

A transport moves bytes; framing, acknowledgement and retransmission live above it in cupcore.link.Link, the
same code the cups run.

    transport = open_transport("serial", "/dev/ttyACM0")
    transport.write(frame)
    data = transport.read(0.05)     # b"" when nothing came in time; LinkDown when the cup is gone

A backend with a file descriptor also offers `fileno()` (the serial one does): the hub's thread then waits on it
in its selector with everything else and reads it with read(0) once it is readable, with no thread of its own.
One without (BLE, phones) is read by a thread that moves its bytes into the hub's inbox (link/peer.py).
"""
import importlib


class LinkDown(ConnectionError):
    """The cup can't be reached any more (unplugged, reset, out of range)."""


class Transport:
    """The two primitives every backend offers, plus close()."""

    kind = "?"

    def __init__(self, target: str):
        self.target = target

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.target}"

    def read(self, timeout: float) -> bytes:
        raise NotImplementedError

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def close(self) -> None:
        pass


BACKENDS = {
    "serial": ("dicecup.link.serial_port", "SerialTransport"),
    "ble": ("dicecup.link.ble", "BleTransport"),  # bleak, loaded only when a BLE cup is opened
    "phone": ("dicecup.web.phones", "PhoneTransport"),  # a phone seat's page, over the table screen's websocket
}


def open_transport(kind: str, target: str) -> Transport:
    try:
        module, name = BACKENDS[kind]
    except KeyError:
        raise ValueError(f"no transport named {kind!r}: choose one of {', '.join(BACKENDS)}") from None
    return getattr(importlib.import_module(module), name)(target)
