"""The Nordic UART Service on MicroPython's low-level `bluetooth` module: the cup's BLE byte stream (Pico W).

Advertises the service UUID (so scanners filter on it) and, in the scan response, the name `dicecup-<name>`.
Writes from the hub arrive as packets (cupcore.chunks); frames go out as notifications of at most MTU - 3 bytes.
"""
from cupcore.chunks import Chunker, Reassembler
from cupcore.compat import const

_IRQ_CENTRAL_CONNECT = const(1)
_IRQ_CENTRAL_DISCONNECT = const(2)
_IRQ_GATTS_WRITE = const(3)
_IRQ_MTU_EXCHANGED = const(21)
_ADV_INTERVAL_US = const(250_000)
_QUEUE = const(8)  # packets held between two polls of the main loop
NUS = "6E400001-B5A3-F393-E0A9-E50E24DCCA9E"
NUS_RX = "6E400002-B5A3-F393-E0A9-E50E24DCCA9E"  # the hub writes here
NUS_TX = "6E400003-B5A3-F393-E0A9-E50E24DCCA9E"  # the cup notifies here
NAME_PREFIX = "dicecup-"


def uuid128_le(text):
    """A 128-bit UUID's bytes as advertised: little-endian."""
    raw = bytes(int(text.replace("-", "")[i : i + 2], 16) for i in range(0, 32, 2))
    return bytes(reversed(raw))


def adv_field(kind, value):
    return bytes((len(value) + 1, kind)) + value


def advertisement(name):
    """(advertising data, scan response): flags + the complete 128-bit service list; the complete name."""
    adv = adv_field(0x01, b"\x06") + adv_field(0x07, uuid128_le(NUS))
    resp = adv_field(0x09, (NAME_PREFIX + name).encode()[:29])
    return adv, resp


class Peripheral:
    def __init__(self, bluetooth, name):
        self._ble = bluetooth.BLE()
        self._ble.active(True)
        self._ble.config(gap_name=(NAME_PREFIX + name)[:29], mtu=1 + 3 + 57)
        tx = (bluetooth.UUID(NUS_TX), bluetooth.FLAG_READ | bluetooth.FLAG_NOTIFY)
        rx = (bluetooth.UUID(NUS_RX), bluetooth.FLAG_WRITE | bluetooth.FLAG_WRITE_NO_RESPONSE)
        ((self._tx, self._rx),) = self._ble.gatts_register_services(((bluetooth.UUID(NUS), (tx, rx)),))
        self._ble.gatts_set_buffer(self._rx, 64)
        self._conn = None
        self._packets = []
        self._chunker = Chunker(self._notify)
        self._reasm = Reassembler()
        self._adv = advertisement(name)
        self._ble.irq(self._irq)
        self.advertise()

    def advertise(self):
        self._ble.gap_advertise(_ADV_INTERVAL_US, adv_data=self._adv[0], resp_data=self._adv[1])

    def _irq(self, event, data):
        if event == _IRQ_CENTRAL_CONNECT:
            self._conn = data[0]
            self._chunker.reset()
            self._reasm.reset()
            self._packets = []
        elif event == _IRQ_CENTRAL_DISCONNECT:
            self._conn = None
            self.advertise()
        elif event == _IRQ_GATTS_WRITE and data[1] == self._rx:
            if len(self._packets) < _QUEUE:
                self._packets.append(self._ble.gatts_read(self._rx))
        elif event == _IRQ_MTU_EXCHANGED:
            self._chunker.set_mtu(data[1])

    @property
    def connected(self):
        return self._conn is not None

    @property
    def pending(self):
        """Packets have arrived that the next poll will take."""
        return bool(self._packets)

    def poll(self, feed):
        while self._packets:
            self._reasm.feed(self._packets.pop(0), feed)

    def write(self, frame):
        if self._conn is not None:
            self._chunker.write(frame)

    def _notify(self, packet):
        try:
            self._ble.gatts_notify(self._conn, self._tx, packet)
        except OSError:
            pass  # the stack's queue is full: a lost packet, which the link's retransmission covers
