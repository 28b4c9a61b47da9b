"""BLE on the Circuit Playground Bluefruit: the Nordic UART Service through adafruit_ble, one packet at a time.

adafruit_ble's UARTService turns writes into a byte FIFO, which would hide where a packet was lost; here both
characteristics are `_bleio.PacketBuffer`s (as adafruit_ble_midi does), so cupcore.chunks sees whole packets.
"""
import _bleio
from adafruit_ble import BLERadio
from adafruit_ble.advertising import Advertisement
from adafruit_ble.advertising.standard import ProvideServicesAdvertisement
from adafruit_ble.attributes import Attribute
from adafruit_ble.characteristics import Characteristic, ComplexCharacteristic
from adafruit_ble.services import Service
from adafruit_ble.uuid import VendorUUID

from cupcore import wire
from cupcore.chunks import Chunker, Reassembler

NUS = "6E400001-B5A3-F393-E0A9-E50E24DCCA9E"
NAME_PREFIX = "dicecup-"
PACKET = 1 + wire.MAX_FRAME  # the longest packet ever needed: its sequence byte and one whole frame


class Packets(ComplexCharacteristic):
    """A characteristic whose value holds the longest packet. _bleio negotiates any MTU up to 512 and has no cap
    (ports/nordic/common-hal/_bleio/Connection.c), so the hub, asking 517, sends a whole packet in one write;
    the SoftDevice ignores a write longer than max_length, and the PacketBuffer never sees it."""

    def __init__(self, uuid, properties):
        super().__init__(uuid=uuid, properties=properties, read_perm=Attribute.OPEN, write_perm=Attribute.OPEN,
                         max_length=PACKET, fixed_length=False)

    def bind(self, service):
        return _bleio.PacketBuffer(super().bind(service), buffer_size=8)


class CupService(Service):
    uuid = VendorUUID(NUS)
    tx = Packets(VendorUUID("6E400003-B5A3-F393-E0A9-E50E24DCCA9E"), Characteristic.NOTIFY)
    rx = Packets(VendorUUID("6E400002-B5A3-F393-E0A9-E50E24DCCA9E"),
                 Characteristic.WRITE | Characteristic.WRITE_NO_RESPONSE)


def packets(service, name):
    """The PacketBuffer a Packets characteristic became when the service was made (adafruit_ble binds it)."""
    buffer: _bleio.PacketBuffer = getattr(service, name)
    return buffer


class CupRadio:
    def __init__(self, name):
        self._radio = BLERadio()
        self._radio.name = (NAME_PREFIX + name)[:29]
        self._service = CupService()
        self._tx = packets(self._service, "tx")
        self._rx = packets(self._service, "rx")
        self._adv = ProvideServicesAdvertisement(self._service)
        self._resp = Advertisement()
        self._resp.complete_name = self._radio.name
        self._packet = bytearray(PACKET)  # readinto() loses a packet longer than the buffer
        self._chunker = Chunker(self._notify)
        self._reasm = Reassembler()
        self._was_connected = False

    def tick(self):
        connected = self._radio.connected
        if connected and not self._was_connected:
            self._chunker.reset()
            self._reasm.reset()
        if not connected and not self._radio.advertising:
            self._radio.start_advertising(self._adv, scan_response=self._resp)
        self._was_connected = connected

    def poll(self, feed):
        if not self._was_connected:
            return
        while True:
            n = self._rx.readinto(self._packet)
            if n <= 0:
                return
            self._reasm.feed(memoryview(self._packet)[:n], feed)

    def write(self, frame):
        if not self._was_connected:
            return
        try:
            size = self._tx.outgoing_packet_length
        except ValueError:
            return  # connected, but the hub has not subscribed yet: a notification would reach no one
        self._chunker.set_mtu(size + 3)
        self._chunker.write(frame)

    def _notify(self, packet):
        # While one notification is on its way, PacketBuffer.write appends to the next one as long as the bytes
        # fit, the header only at its start (ports/nordic/common-hal/_bleio/PacketBuffer.c, write): two packets
        # can leave as one. So the sequence byte goes as the header, and a packet that was appended (no header
        # written) gives its number back: the hub sees one packet, its bytes in order, and no gap.
        try:
            written = self._tx.write(packet[1:], header=bytes(packet[:1]))
        except (OSError, _bleio.BluetoothError):
            return  # lost: the link's retransmission covers it
        if written == len(packet) - 1:
            self._chunker.seq = (self._chunker.seq - 1) & 0xFF
