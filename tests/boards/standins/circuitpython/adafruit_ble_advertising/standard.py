"""STAND-IN for adafruit_ble.advertising.standard (tests/boards only; see the package's docstring)."""
from . import _FLAGS, Advertisement

_VENDOR_SERVICES = 0x07  # the complete list of 128-bit service UUIDs


class ProvideServicesAdvertisement(Advertisement):
    def __init__(self, *services, entry=None):
        super().__init__(entry=entry)
        uuids = bytearray(16 * len(services))
        for i, service in enumerate(services):
            service.uuid.pack_into(uuids, 16 * i)
        self.fields[_FLAGS] = b"\x06"  # general discovery, LE only
        self.fields[_VENDOR_SERVICES] = bytes(uuids)
        self.connectable = True
