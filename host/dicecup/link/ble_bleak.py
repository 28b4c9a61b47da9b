"""The hub's Bluetooth host on this computer's own Bluetooth, through bleak (BlueZ on Linux, CoreBluetooth,
WinRT): the default of dicecup.link.ble. bleak is imported when a scan or a connection needs it, never before."""
from cupcore.chunks import DEFAULT_SIZE

from .ble import CONNECT_TIMEOUT, NAME_PREFIX, NUS_RX, NUS_SERVICE, NUS_TX


class BleakBackend:
    """The only code that touches bleak: scanning, and one connection's connect / write / close."""

    async def scan(self, timeout):
        """[(address, name)] of the cups in range: the NUS service advertised and a dicecup- name."""
        from bleak import BleakScanner

        found = await BleakScanner.discover(timeout=timeout, return_adv=True, service_uuids=[NUS_SERVICE])
        cups = []
        for address, (device, adv) in found.items():
            name = adv.local_name or device.name or ""
            if name.startswith(NAME_PREFIX) and NUS_SERVICE in [u.lower() for u in adv.service_uuids]:
                cups.append((address, name))
        return sorted(cups)

    async def connect(self, address, on_packet, on_gone):
        """Connect and subscribe; returns (write(packet) coroutine, close() coroutine, packet size)."""
        from bleak import BleakClient

        client = BleakClient(address, disconnected_callback=lambda _client: on_gone(), timeout=CONNECT_TIMEOUT)
        await client.connect()
        await client.start_notify(NUS_TX, lambda _char, data: on_packet(bytes(data)))
        rx = client.services.get_characteristic(NUS_RX)
        size = rx.max_write_without_response_size if rx is not None else client.mtu_size - 3

        async def write(packet):
            await client.write_gatt_char(NUS_RX, packet, response=False)

        async def close():
            await client.disconnect()

        return write, close, max(DEFAULT_SIZE, size)

    async def close(self):
        """Nothing to let go: BlueZ (or the OS) owns the adapter."""
