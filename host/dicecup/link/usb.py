"""Which serial ports look like cups: USB vendor/product ids of the boards dicecup runs on. A match is only a
candidate; the protocol handshake (HELLO) confirms it."""
from typing import NamedTuple

# vendor id -> (who, {product id: what} or None for any product)
KNOWN_VENDORS = {
    0x2E8A: ("Raspberry Pi", {0x0005: "Pico (MicroPython)", 0x000A: "Pico (C SDK)", 0x000F: "Pico 2"}),
    0x239A: ("Adafruit", None),
    0x303A: ("Espressif", None),
    0xF055: ("MicroPython", {0x9800: "pyboard / generic MicroPython"}),
    0x1A86: ("WCH USB-serial bridge (ESP32 boards, M5Stack)", None),
    0x10C4: ("Silicon Labs CP210x bridge (ESP32 boards)", None),
    0x0403: ("FTDI bridge (M5Stack and others)", None),
}


class PortInfo(NamedTuple):
    device: str
    vid: int
    pid: int
    description: str
    maker: str        # who made the chip, from KNOWN_VENDORS; "" when unknown

    @property
    def ids(self) -> str:
        return f"{self.vid:04x}:{self.pid:04x}" if self.vid is not None else "-"


def candidate_ports(include_unknown: bool = False) -> list:
    """Serial ports whose USB ids belong to a board dicecup supports (all USB serial ports with include_unknown)."""
    from serial.tools import list_ports

    found = []
    for port in sorted(list_ports.comports(), key=lambda p: p.device):
        maker = ""
        if port.vid in KNOWN_VENDORS:
            who, products = KNOWN_VENDORS[port.vid]
            maker = who if products is None else f"{who} {products.get(port.pid, '')}".strip()
        if maker or (include_unknown and port.vid is not None):
            found.append(PortInfo(port.device, port.vid, port.pid, port.description or "", maker))
    return found
