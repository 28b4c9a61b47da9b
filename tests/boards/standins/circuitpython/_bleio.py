"""STAND-IN for CircuitPython's `_bleio` on the nRF52840 (the Circuit Playground Bluefruit), tests/boards only.

`_bleio` is C over Nordic's S140 SoftDevice and has no host build, so the CPB's BLE layer (cpbble.py, on the real
adafruit_ble library) runs on this. It keeps the limits of the real one, read from CircuitPython 10.1.4
(ports/nordic/common-hal/_bleio/*.c, shared-bindings/_bleio/PacketBuffer.c; "PB.c" below is the nordic
PacketBuffer.c), so a packet that the board would lose is lost here too:

- the ATT MTU: 23 until the central asks; then min(its ask, 512) (Connection.c:102-121), a packet MTU - 3;
- a write longer than the characteristic's max_length never reaches the PacketBuffer (the SoftDevice keeps at
  most max_len bytes of a value, Service.c:154; a Write Command that does not fit is ignored, a Write Request
  answered with Invalid Attribute Value Length: Bluetooth Core 5.3 Vol 3 Part F 3.4.5.1 and 3.4.5.3);
- a PacketBuffer's incoming ring of buffer_size * (2 + max_packet_size) bytes that drops the oldest packets to
  make room (PB.c:25-46, 280); readinto() into a buffer shorter than the packet loses the packet and raises;
- outgoing packets of min(MTU - 3, max_packet_size, max_length) bytes, known only once the central has
  subscribed (PB.c:423-451; the binding raises ValueError before, shared-bindings PacketBuffer.c:183-190); a
  write while unsubscribed is lost and returns 0; one notification in flight, and a write while it is in flight
  is APPENDED to the pending one when it fits (PB.c:352-389): two writes can reach the central as one
  notification, the header given to write() only at the start of it.

Not modelled: radio timing (a connection event is one call of Central.connection_event()), connection
parameters, PHY and data length, bonding and security, several centrals at once, scanning and the central role.

The hub's side, for the test: Central() connects to `adapter`, asks for an MTU, subscribes, writes and reads
notifications as a GATT client would.
"""
# Characteristic properties and security modes: shared-module/_bleio/Characteristic.h and Attribute.h.
_BROADCAST, _INDICATE, _NOTIFY, _READ, _WRITE, _WRITE_NO_RESPONSE = 1, 2, 4, 8, 16, 32
_ATT_MTU_DEFAULT = 23  # BLE_GATT_ATT_MTU_DEFAULT
_VAR_ATTR_LEN_MAX = 512  # BLE_GATTS_VAR_ATTR_LEN_MAX: the largest value, and the MTU the CPB offers (Adapter.c:157)
_FIX_ATTR_LEN_MAX = 510  # BLE_GATTS_FIX_ATTR_LEN_MAX
_LEGACY_ADV_MAX = 31
ATT_INVALID_ATTRIBUTE_VALUE_LENGTH = 0x0D
ATT_WRITE_NOT_PERMITTED = 0x03


class BluetoothError(Exception):
    pass


class Attribute:
    NO_ACCESS = 0x00
    OPEN = 0x11
    ENCRYPT_NO_MITM = 0x21
    ENCRYPT_WITH_MITM = 0x31
    LESC_ENCRYPT_WITH_MITM = 0x41
    SIGNED_NO_MITM = 0x12
    SIGNED_WITH_MITM = 0x22


class UUID:
    def __init__(self, value):
        if isinstance(value, int):
            self.size, self.uuid16, self.uuid128 = 16, value, None
        else:
            if isinstance(value, str):
                value = bytes(reversed(bytes.fromhex(value.replace("-", ""))))  # kept little-endian, as on air
            self.size, self.uuid16, self.uuid128 = 128, value[12] | value[13] << 8, bytes(value)

    def _key(self):
        return self.uuid16 if self.size == 16 else self.uuid128

    def __eq__(self, other):
        return isinstance(other, UUID) and other._key() == self._key()

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        if self.size == 16:
            return "UUID(0x%04x)" % self.uuid16
        return "UUID('%s')" % bytes(reversed(self.uuid128)).hex()

    def pack_into(self, buffer, offset=0):
        if self.size == 16:
            buffer[offset] = self.uuid16 & 0xFF
            buffer[offset + 1] = self.uuid16 >> 8
        else:
            buffer[offset : offset + 16] = self.uuid128


class Service:
    def __init__(self, uuid, *, secondary=False):
        self.uuid = uuid
        self.secondary = secondary
        self.remote = False
        self.characteristics = ()
        adapter.services.append(self)


class Characteristic:
    BROADCAST = _BROADCAST
    INDICATE = _INDICATE
    NOTIFY = _NOTIFY
    READ = _READ
    WRITE = _WRITE
    WRITE_NO_RESPONSE = _WRITE_NO_RESPONSE

    def __init__(self, service, uuid, properties, read_perm, write_perm, max_length, fixed_length, initial_value):
        # Characteristic.c:97-101: the SoftDevice's largest value.
        most = _FIX_ATTR_LEN_MAX if fixed_length else _VAR_ATTR_LEN_MAX
        if max_length < 0 or max_length > most:
            raise ValueError("max_length must be 0-%d when fixed_length is %s" % (most, fixed_length))
        self.service = service
        self.uuid = uuid
        self.properties = properties
        self.read_perm = read_perm
        self.write_perm = write_perm
        self.max_length = max_length
        self.fixed_length = fixed_length
        self.value = bytes(initial_value or b"")
        self.handle = adapter.next_handle()
        self.cccd_handle = adapter.next_handle() if properties & (_NOTIFY | _INDICATE) else None
        service.characteristics += (self,)

    @classmethod
    def add_to_service(cls, service, uuid, *, properties=0, read_perm=Attribute.OPEN, write_perm=Attribute.OPEN,
                       max_length=20, fixed_length=False, initial_value=None, user_description=None):
        return cls(service, uuid, properties, read_perm, write_perm, max_length, fixed_length, initial_value)


class Connection:
    def __init__(self, handle, central):
        self.handle = handle
        self.central = central
        self.mtu = 0  # Adapter.c:251: none asked for yet
        self.connected = True
        self.in_flight = []  # notifications handed to the SoftDevice, sent at the next connection event

    def max_packet_length(self):
        return (self.mtu or _ATT_MTU_DEFAULT) - 3  # Connection.c:368-369


class Adapter:
    def __init__(self):
        self.reset()

    def reset(self):
        """A board switched on: no services, no connection, not advertising."""
        self.name = "CIRCUITPY0000"
        self.services = []
        self.adverts = []  # (advertising data, scan response) each time advertising started
        self.advertising = False
        self.connection = None
        self._handlers = []
        self._handles = 0

    def next_handle(self):
        self._handles += 1
        return self._handles

    @property
    def connected(self):
        return self.connection is not None and self.connection.connected

    @property
    def connections(self):
        return (self.connection,) if self.connected else ()

    def start_advertising(self, data, *, scan_response=None, connectable=True, anonymous=False, timeout=0,
                          interval=0.1, tx_power=0, directed_to=None):
        scan_response = bytes(scan_response or b"")
        if self.advertising:
            raise BluetoothError("Already advertising.")  # Adapter.c:862-863
        if len(data) > _LEGACY_ADV_MAX and scan_response:  # Adapter.c:874-876
            raise BluetoothError("Extended advertisements with scan response not supported.")
        self.adverts.append((bytes(data), scan_response))
        self.advertising = True

    def stop_advertising(self):
        self.advertising = False

    # -- the SoftDevice's events, for Central --
    def add_handler(self, handler):
        self._handlers.append(handler)

    def event(self, name, *args):
        for handler in self._handlers:
            handler(name, *args)

    def attribute(self, handle):
        for service in self.services:
            for characteristic in service.characteristics:
                if handle in (characteristic.handle, characteristic.cccd_handle):
                    return characteristic
        return None


adapter = Adapter()


class PacketBuffer:
    def __init__(self, characteristic, *, buffer_size, max_packet_size=None):
        if buffer_size < 1:
            raise ValueError("buffer_size must be >= 1")
        if max_packet_size is None:
            max_packet_size = characteristic.max_length  # shared-bindings PacketBuffer.c:58-61
        self.max_packet_size = min(max_packet_size, _VAR_ATTR_LEN_MAX - 3)  # PB.c:267
        self._characteristic = characteristic
        props = characteristic.properties
        self._incoming = props & (_WRITE | _WRITE_NO_RESPONSE)
        self._outgoing = props & (_NOTIFY | _INDICATE)
        self._ring_size = buffer_size * (2 + self.max_packet_size) if self._incoming else 0  # PB.c:280
        self._ring = []  # packets, each taking 2 + len bytes of the ring
        self._ring_used = 0
        self._conn = None  # BLE_CONN_HANDLE_INVALID: set when a central subscribes or writes (PB.c:141-155)
        self._pending = bytearray()
        self._queued = False
        adapter.add_handler(self._on_event)

    # -- PB.c:131-190, the events of a server's PacketBuffer --
    def _on_event(self, name, conn, handle=None, data=None):
        characteristic = self._characteristic
        if name == "write" and handle == characteristic.handle:
            if self._conn is None:
                self._conn = conn
            elif self._conn is not conn:
                return  # the first central's only
            self._write_to_ring(data)
        elif name == "write" and handle == characteristic.cccd_handle:
            self._conn = conn if data[0] & 1 else None  # BLE_GATT_HVX_NOTIFICATION
        elif name == "disconnected" and self._conn is conn:
            self._conn = None
        elif name == "hvn_tx_complete":
            self._queue_next_write()

    def _write_to_ring(self, data):  # PB.c:25-46
        if len(data) + 2 > self._ring_size:
            return
        while self._ring_size - self._ring_used < len(data) + 2:  # make room: the oldest packets go
            self._ring_used -= 2 + len(self._ring.pop(0))
        self._ring.append(bytes(data))
        self._ring_used += 2 + len(data)

    def _queue_next_write(self):  # PB.c:48-88, a server's: one notification at a time
        self._queued = False
        if self._pending:
            self._conn.in_flight.append(bytes(self._pending))  # sd_ble_gatts_hvx
            self._pending = bytearray()
            self._queued = True

    def readinto(self, buf):  # PB.c:296-327 and shared-bindings PacketBuffer.c:84-97
        if not self._ring:
            return 0
        packet = self._ring.pop(0)
        self._ring_used -= 2 + len(packet)
        if len(packet) > len(buf):
            raise ValueError("Buffer too short by %d bytes" % (len(packet) - len(buf)))  # the packet is gone
        buf[: len(packet)] = packet
        return len(packet)

    def write(self, data, *, header=None):  # PB.c:329-391; shared-bindings PacketBuffer.c:134-148
        if not self._outgoing:
            raise BluetoothError("Writes not supported on Characteristic")
        header = bytes(header or b"")
        if self._conn is None:
            return 0
        length = self.outgoing_packet_length
        if len(data) + len(header) > length:
            raise ValueError("Total data to write is larger than outgoing_packet_length")
        if self._pending and len(data) + len(self._pending) > length:
            # No room to append: the board runs its background tasks until the notification in flight has gone
            # and the pending one took its place. Here: the next connection event.
            self._conn.central.connection_event()
        written = 0
        if not self._pending:
            self._pending += header
            written += len(header)
        self._pending += data
        written += len(data)
        if not self._queued:
            self._queue_next_write()
        return written

    @property
    def incoming_packet_length(self):
        return self._characteristic.max_length  # PB.c:420: a server's, connected or not

    @property
    def outgoing_packet_length(self):  # PB.c:435-451
        if self._conn is None:
            raise ValueError("No connection: length cannot be determined")
        return min(self._conn.max_packet_length(), self.max_packet_size, self._characteristic.max_length)

    def deinit(self):
        pass


class Central:
    """The hub's side of the air (not part of `_bleio`): a GATT client connected to the board."""

    def __init__(self):
        if adapter.connected:
            raise BluetoothError("the stand-in takes one central at a time")
        self.connection = Connection(adapter.next_handle(), self)
        self.received = []  # notifications, in the order they arrived
        self.ignored = 0  # writes the SoftDevice did not take
        adapter.connection = self.connection
        adapter.advertising = False  # Adapter.c:716-719: connecting stops the advertisement
        self.att_mtu = _ATT_MTU_DEFAULT

    def exchange_mtu(self, client_rx_mtu):
        """The central's ATT Exchange MTU Request; the MTU both sides then use (Connection.c:102-121: the board
        keeps the first it agreed, and answers with 512 as its own)."""
        conn = self.connection
        if not conn.mtu:
            conn.mtu = max(_ATT_MTU_DEFAULT, min(_VAR_ATTR_LEN_MAX, client_rx_mtu))
        self.att_mtu = conn.mtu
        return self.att_mtu

    def find(self, uuid):
        want = UUID(uuid)
        for service in adapter.services:
            for characteristic in service.characteristics:
                if characteristic.uuid == want:
                    return characteristic
        raise KeyError(uuid)

    def subscribe(self, characteristic):
        self.write_descriptor(characteristic.cccd_handle, b"\x01\x00")

    def write_descriptor(self, handle, value):
        adapter.event("write", self.connection, handle, bytes(value))

    def write(self, characteristic, data, with_response=False):
        """A Write Command (or Request); the ATT error a Request would get back, 0 when written."""
        if len(data) > self.att_mtu - 3:
            raise ValueError("%d bytes don't fit one ATT packet at MTU %d" % (len(data), self.att_mtu))
        wanted = _WRITE if with_response else _WRITE_NO_RESPONSE
        if not characteristic.properties & wanted or characteristic.write_perm == Attribute.NO_ACCESS:
            self.ignored += 1
            return ATT_WRITE_NOT_PERMITTED
        too_long = len(data) > characteristic.max_length
        if too_long or (characteristic.fixed_length and len(data) != characteristic.max_length):
            # The SoftDevice holds max_len bytes of the value (Service.c:154): a Write Command that does not fit
            # is dropped with no event and no answer (Core 5.3 Vol 3 Part F 3.4.5.3), a Write Request answered
            # with this error (3.4.5.1). cpbble's PacketBuffer never sees it.
            self.ignored += 1
            return ATT_INVALID_ATTRIBUTE_VALUE_LENGTH
        characteristic.value = bytes(data)
        adapter.event("write", self.connection, characteristic.handle, bytes(data))
        return 0

    def connection_event(self):
        """One connection event: what the board handed the SoftDevice reaches the central, and each PacketBuffer
        hears that its notification went (BLE_GATTS_EVT_HVN_TX_COMPLETE), so its pending one goes next."""
        conn = self.connection
        sent, conn.in_flight = conn.in_flight, []
        self.received.extend(sent)
        for _ in sent:
            adapter.event("hvn_tx_complete", conn)
        return len(sent)

    def settle(self):
        """Connection events until the board has nothing left to send."""
        while self.connection_event():
            pass

    def take(self):
        """The notifications received since the last take()."""
        got, self.received = self.received, []
        return got

    def disconnect(self):
        conn = self.connection
        conn.connected = False
        adapter.event("disconnected", conn)
