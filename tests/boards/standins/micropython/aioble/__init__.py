"""STAND-IN for micropython-lib's aioble (tests/boards only): services and characteristics that record what the
board layer registers and notifies; the test plays the hub: it connects, writes packets, disconnects."""
import asyncio

SERVICES = []
ADVERTS = []  # (interval, name, services)
HUB = None  # the Connection the next advertise() returns when the test lets it


class Service:
    def __init__(self, uuid):
        self.uuid = uuid
        self.characteristics = []


class Characteristic:
    def __init__(self, service, uuid, read=False, write=False, write_no_response=False, notify=False,
                 indicate=False, initial=None, capture=False):
        self.uuid = uuid
        self.flags = dict(read=read, write=write, write_no_response=write_no_response, notify=notify, capture=capture)
        self.notified = []
        self.captured = []
        service.characteristics.append(self)

    def notify(self, connection, data=None):
        self.notified.append(bytes(data))

    async def written(self, timeout_ms=None):
        while not self.captured:
            await asyncio.sleep_ms(1)
        return self.captured.pop(0)


class Connection:
    def __init__(self, mtu=None):
        self.mtu = mtu
        self.gone = False

    async def disconnected(self, timeout_ms=None):
        while not self.gone:
            await asyncio.sleep_ms(1)


def register_services(*services):
    SERVICES.extend(services)


async def advertise(interval_us, name=None, services=None, **kwargs):
    global HUB
    ADVERTS.append((interval_us, name, services))
    while HUB is None:
        await asyncio.sleep_ms(1)
    conn, HUB = HUB, None
    return conn
