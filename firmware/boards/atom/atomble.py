"""BLE on the ATOM Matrix: the Nordic UART Service with aioble (micropython-lib), packets through cupcore.chunks.

The service UUID is advertised (scanners filter on it), the name `dicecup-<name>` too (aioble moves what does
not fit into the scan response). Written packets are captured in order (capture=True) so none is overwritten.
"""
import asyncio

import aioble
import bluetooth

from cupcore.chunks import Chunker, Reassembler
from cupcore.compat import const

_ADV_INTERVAL_US = const(250_000)
_QUEUE = const(8)
NUS = bluetooth.UUID("6E400001-B5A3-F393-E0A9-E50E24DCCA9E")
NAME_PREFIX = "dicecup-"


class CupRadio:
    def __init__(self, name):
        self.name = (NAME_PREFIX + name)[:29]
        service = aioble.Service(NUS)
        self._tx = aioble.Characteristic(service, bluetooth.UUID("6E400003-B5A3-F393-E0A9-E50E24DCCA9E"),
                                         read=True, notify=True)
        self._rx = aioble.Characteristic(service, bluetooth.UUID("6E400002-B5A3-F393-E0A9-E50E24DCCA9E"),
                                         write=True, write_no_response=True, capture=True)
        aioble.register_services(service)
        self._conn = None
        self._packets = []
        self._chunker = Chunker(self._notify)
        self._reasm = Reassembler()

    async def serve(self):
        """Advertise, serve one hub until it goes, advertise again; forever."""
        while True:
            conn = await aioble.advertise(_ADV_INTERVAL_US, name=self.name, services=[NUS])
            self._chunker.reset()
            self._reasm.reset()
            self._packets = []
            self._conn = conn
            receiving = asyncio.create_task(self._receive())
            await conn.disconnected(timeout_ms=None)
            self._conn = None
            receiving.cancel()

    async def _receive(self):
        while True:
            _, data = await self._rx.written()
            if len(self._packets) < _QUEUE:
                self._packets.append(data)

    @property
    def connected(self):
        return self._conn is not None

    def poll(self, feed):
        while self._packets:
            self._reasm.feed(self._packets.pop(0), feed)

    def write(self, frame):
        conn = self._conn
        if conn is not None:
            mtu = getattr(conn, "mtu", None)
            if mtu:
                self._chunker.set_mtu(mtu)
            self._chunker.write(frame)

    def _notify(self, packet):
        try:
            self._tx.notify(self._conn, packet)
        except (OSError, ValueError):
            pass  # lost: the link's retransmission covers it
