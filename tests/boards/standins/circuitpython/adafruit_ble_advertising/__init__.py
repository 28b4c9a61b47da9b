"""STAND-IN for adafruit_ble.advertising (tests/boards only). test_boards runs the pinned adafruit_ble itself on
the unix port (its BLERadio, services, characteristics, UUIDs: where a packet's size is decided), with this
package in place of its advertising one, which needs CircuitPython's bytes(x) calling x.__bytes__ (the unix
port's does not; it does take any iterable, as these Advertisements are). What the cup advertises is not what
these tests are about: the fields cpbble sets, encoded as the library does (length, type, data)."""
_FLAGS = 0x01
_COMPLETE_NAME = 0x09


class Advertisement:
    def __init__(self, *, entry=None):
        self.fields = {}  # AD type -> bytes
        self.connectable = False

    @property
    def complete_name(self):
        return self.fields[_COMPLETE_NAME].decode() if _COMPLETE_NAME in self.fields else None

    @complete_name.setter
    def complete_name(self, value):
        self.fields[_COMPLETE_NAME] = value.encode()

    def __bytes__(self):
        out = bytearray()
        for kind, data in self.fields.items():
            out += bytes((1 + len(data), kind)) + data
        return bytes(out)

    def __iter__(self):
        return iter(self.__bytes__())

    def __len__(self):
        return len(self.__bytes__())
