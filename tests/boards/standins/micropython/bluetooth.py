"""STAND-IN for MicroPython's low-level `bluetooth` (tests/boards only): one BLE object recording what the
board layer registers, advertises and notifies; the test plays the hub by calling its irq handler."""
FLAG_READ = 0x02
FLAG_WRITE_NO_RESPONSE = 0x04
FLAG_WRITE = 0x08
FLAG_NOTIFY = 0x10
RADIOS = []


class UUID:
    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return isinstance(other, UUID) and other.value == self.value


class BLE:
    def __init__(self):
        self.on = False
        self.config_args = {}
        self.services = None
        self.handler = None
        self.adverts = []  # (interval, adv_data, resp_data)
        self.notified = []  # (conn, handle, bytes)
        self.values = {}
        RADIOS.append(self)

    def active(self, on=None):
        if on is not None:
            self.on = on
        return self.on

    def config(self, **kwargs):
        self.config_args.update(kwargs)

    def gatts_register_services(self, services):
        self.services = services
        return tuple(tuple(10 + 2 * i + j for j in range(len(chars))) for i, (_, chars) in enumerate(services))

    def gatts_set_buffer(self, handle, size, append=False):
        pass

    def irq(self, handler):
        self.handler = handler

    def gap_advertise(self, interval, adv_data=None, resp_data=None):
        self.adverts.append((interval, bytes(adv_data), bytes(resp_data)))

    def gatts_read(self, handle):
        return self.values.get(handle, b"")

    def gatts_notify(self, conn, handle, data):
        self.notified.append((conn, handle, bytes(data)))

    # -- the hub's side, for the test --
    def hub_writes(self, conn, handle, packet):
        self.values[handle] = bytes(packet)
        self.handler(3, (conn, handle))
