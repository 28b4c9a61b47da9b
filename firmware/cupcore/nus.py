"""The Nordic UART Service on MicroPython's low-level `bluetooth` module: the BLE byte stream of every MicroPython
cup (the Pico W on BTstack, the ATOM Matrix on NimBLE), one of the board's streams beside its USB serial.

Advertises the service UUID (scanners filter on it) and, in the scan response, the name `dicecup-<name>`. Writes
from the hub arrive as packets (cupcore.chunks); frames go out as notifications of at most MTU - 3 bytes.

Two limits of the stack decide whether a frame arrives whole, and both are set here, once, for every board:
- the RX characteristic's value buffer: MicroPython gives it 20 bytes unless told otherwise, and a longer write is
  cut to fit, so a hub that raised the MTU (BlueZ asks for 517 at every connect) would lose every packet's tail;
- the ATT MTU the cup accepts: capped at what that buffer holds, so the hub never sends a longer packet.
A central that never sends a frame the cup takes (the hub authenticates at once) is let go after GRACE_MS, so a
stranger who connects first can't keep the cup from its hub: MicroPython's stacks hold one connection at a time.
"""
from cupcore.chunks import Chunker, Reassembler
from cupcore.compat import const, ticks_diff, ticks_ms

_IRQ_CENTRAL_CONNECT = const(1)
_IRQ_CENTRAL_DISCONNECT = const(2)
_IRQ_GATTS_WRITE = const(3)
_IRQ_MTU_EXCHANGED = const(21)
_ADV_INTERVAL_US = const(250_000)
_LOOK_MS = const(1)  # while a hub is connected, look for its packets this often
_QUEUE = const(8)  # packets held between two polls of the main loop
PACKET = const(70)  # the longest packet ever needed: its sequence byte and one whole frame (1 + wire.MAX_FRAME)
RX_BUFFER = const(PACKET)  # the RX value buffer holds the longest packet...
MTU = const(PACKET + 3)  # ... and the MTU the cup agrees to is no larger (ATT's header is 3 bytes)
GRACE_MS = const(5000)  # a central that sends nothing the cup takes for this long is disconnected
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
    """One stream of the board (poll(feed), write(frame)); `connected` while a central holds the cup."""

    def __init__(self, bluetooth, name, clock=ticks_ms):
        self._clock = clock
        self._ble = bluetooth.BLE()
        self._ble.active(True)
        self._ble.config(gap_name=(NAME_PREFIX + name)[:29], mtu=MTU)
        tx = (bluetooth.UUID(NUS_TX), bluetooth.FLAG_READ | bluetooth.FLAG_NOTIFY)
        rx = (bluetooth.UUID(NUS_RX), bluetooth.FLAG_WRITE | bluetooth.FLAG_WRITE_NO_RESPONSE)
        ((self._tx, self._rx),) = self._ble.gatts_register_services(((bluetooth.UUID(NUS), (tx, rx)),))
        self._ble.gatts_set_buffer(self._rx, RX_BUFFER)
        self._conn = None
        self._since = 0
        self.taken = False  # set by the cup's Runner once a frame from this stream was taken (authenticated)
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
            self._since = self._clock()
            self.taken = False
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
        conn = self._conn
        if conn is not None and not self.taken and ticks_diff(self._clock(), self._since) > GRACE_MS:
            self._let_go(conn)

    def _let_go(self, conn):
        """A central that has not proved itself the cup's hub: disconnected, so the hub can come (back) in."""
        self._since = self._clock()  # one try per grace period, whatever the stack says
        try:
            self._ble.gap_disconnect(conn)
        except OSError:
            pass  # gone meanwhile

    def write(self, frame):
        if self._conn is not None:
            self._chunker.write(frame)

    def _notify(self, packet):
        try:
            self._ble.gatts_notify(self._conn, self._tx, packet)
        except OSError:
            pass  # the stack's queue is full: a lost packet, which the link's retransmission covers


def wait_for_input(usb, ble, ms):
    """Until a byte arrives on USB, a BLE packet arrives, or ms have passed (a board's wait with both streams)."""
    if ble is None or not ble.connected:
        usb.wait(ms)
        return
    # BLE packets come in by interrupt, which can't end a poll on USB: look for them every millisecond.
    while ms > 0 and not ble.pending and not usb.wait(min(ms, _LOOK_MS)):
        ms -= _LOOK_MS


def radio(name):
    """The cup's BLE peripheral named for its owner, or None: no name (a cup on USB only) or no radio (a Pico)."""
    if not name:
        return None
    try:
        import bluetooth
    except ImportError:
        return None
    return Peripheral(bluetooth, name)
