"""The hub's Bluetooth host on Bumble: a BLE controller driven directly over HCI, with no BlueZ.

    BumbleBackend("usb:0")                  a USB Bluetooth dongle (`dicecup play --ble-hci usb:0`)
    BumbleBackend("serial:/dev/ttyACM0")    an HCI UART controller (an nRF52 running Zephyr's hci_uart, ...)
    BumbleBackend(device=make)              any Bumble Device: dicecup.sim.air's hub on the virtual air

The transport names are Bumble's own (bumble.transport.open_transport). Runs on dicecup.link.ble.Radio's asyncio
loop, as the bleak host does, and asks every cup for the MTU BlueZ asks for (517), so a cup meets here what it
meets from a laptop. bumble is imported with this module, which dicecup.link.ble loads only when it is chosen.
"""
import asyncio

from bumble.core import UUID, AdvertisingData
from bumble.device import Device, Peer
from bumble.hci import Address
from bumble.transport import open_transport

from cupcore.chunks import DEFAULT_SIZE

from .ble import CONNECT_TIMEOUT, NAME_PREFIX, NUS_RX, NUS_SERVICE, NUS_TX, WANT_MTU
from .transport import LinkDown

HUB_ADDRESS = "F0:D1:CE:00:00:01"  # the hub's own (random static) address on a dongle that has none of its own
ATT_DEFAULT_MTU = 23


def advertised_name(data):
    for kind in (AdvertisingData.COMPLETE_LOCAL_NAME, AdvertisingData.SHORTENED_LOCAL_NAME):
        value = data.get(kind)
        if value:
            return value.decode(errors="replace") if isinstance(value, bytes) else str(value)
    return None


class BumbleBackend:
    def __init__(self, transport=None, device=None, mtu=WANT_MTU):
        """transport: Bumble's name of an HCI controller; or device: a coroutine function making a Device.
        mtu: the ATT MTU asked for at connect; 0: no exchange at all (as some centrals do), 23 stays."""
        if (transport is None) == (device is None):
            raise ValueError("BumbleBackend takes an HCI transport name or a device, not both")
        self._spec, self._make, self.mtu = transport, device, mtu
        self._device = None
        self._hci = None
        self._seen = {}  # address text -> bumble Address, as scanned (it knows public from random)

    async def device(self):
        if self._device is None:
            if self._make is not None:
                device = await self._make()
            else:
                self._hci = await self._open()
                device = Device.with_hci("dicecup-hub", Address(HUB_ADDRESS), self._hci.source, self._hci.sink)
            await device.power_on()
            self._device = device
        return self._device

    async def _open(self):
        try:
            return await open_transport(self._spec)
        except Exception as error:  # noqa: BLE001 - libusb's, pyserial's, a bad name: each said the same way
            reason = str(error) or type(error).__name__
            raise LinkDown(f"no Bluetooth controller at {self._spec} ({reason}): is the dongle plugged in and yours "
                           "to open (a udev rule; BlueZ holding it: sudo systemctl stop bluetooth)?") from None

    async def scan(self, timeout):
        """[(address, name)] of the cups in range: the NUS service advertised and a dicecup- name. A cup puts its
        name in the scan response, so the reports are gathered over the whole scan."""
        device = await self.device()
        seen = {}

        def on_advertisement(advert):
            entry = seen.setdefault(str(advert.address), [advert.address, None, False])
            entry[1] = advertised_name(advert.data) or entry[1]
            uuids = advert.data.get(AdvertisingData.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS) or []
            entry[2] = entry[2] or UUID(NUS_SERVICE) in uuids

        device.on("advertisement", on_advertisement)
        try:
            await device.start_scanning(active=True, filter_duplicates=False)
            await asyncio.sleep(timeout)
            await device.stop_scanning()
        finally:
            device.remove_listener("advertisement", on_advertisement)
        cups = []
        for key, (address, name, nus) in seen.items():
            if nus and name and name.startswith(NAME_PREFIX):
                self._seen[key] = address
                cups.append((key, name))
        return sorted(cups)

    async def connect(self, address, on_packet, on_gone):
        """Connect, ask for the MTU, find the service and subscribe: (write, close, packet size)."""
        device = await self.device()
        connection = await device.connect(self._seen.get(address) or Address(address), timeout=CONNECT_TIMEOUT)
        connection.on("disconnection", lambda _reason: on_gone())
        try:
            peer = Peer(connection)
            mtu = await peer.request_mtu(self.mtu) if self.mtu else ATT_DEFAULT_MTU
            await peer.discover_services([UUID(NUS_SERVICE)])
            services = peer.get_services_by_uuid(UUID(NUS_SERVICE))
            if not services:
                raise ConnectionError(f"{address}: no Nordic UART Service")
            await services[0].discover_characteristics()
            rx = services[0].get_characteristics_by_uuid(UUID(NUS_RX))[0]
            tx = services[0].get_characteristics_by_uuid(UUID(NUS_TX))[0]
            await tx.subscribe(lambda value: on_packet(bytes(value)))
        except BaseException:
            try:
                await connection.disconnect()
            except Exception:  # noqa: BLE001 - gone already: the first error is the one to tell
                pass
            raise

        async def write(packet):
            await rx.write_value(bytes(packet), with_response=False)

        async def close():
            await connection.disconnect()

        return write, close, max(DEFAULT_SIZE, mtu - 3)

    async def close(self):
        """Power the host off and let its controller go."""
        if self._device is not None:
            await self._device.power_off()
            self._device = None
        if self._hci is not None:
            await self._hci.close()
            self._hci = None
