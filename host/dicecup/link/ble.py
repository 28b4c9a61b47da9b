"""Cups over Bluetooth LE: the Nordic UART Service through a Bluetooth host (bleak or Bumble, chosen by name), as a
blocking Transport for the hub.

The hosts are asyncio; the hub is threads. One asyncio loop runs in its own daemon thread for every BLE cup; a
transport hands it coroutines and waits. Bytes go out in packets of at most MTU - 3 bytes (20 when nothing
larger was negotiated), numbered by cupcore.chunks, the same code the cups run; notifications coming in are put
back together there, so a lost or reordered notification costs frames (the link resends them) and never makes a
wrong one.

A cup that drops (out of range, switched off) makes read() raise LinkDown, as a pulled USB cable does, and is
then reconnected in the background with backoff (0.5 s, 1 s, 2 s ... 8 s). The hub's retries (open_transport
again) return at once: the reconnected cup when it is back, LinkDown while it is not, so the table never waits
on the radio. A host's library is imported only when that host is chosen, and this module only when BLE is used.
"""
import asyncio
import importlib
import queue
import threading
import time

from cupcore.chunks import DEFAULT_SIZE, Chunker, Reassembler

from .transport import LinkDown, Transport

NUS_SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
NUS_RX = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"  # the hub writes here
NUS_TX = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"  # the cup notifies here
NAME_PREFIX = "dicecup-"
WANT_MTU = 517  # what BlueZ asks every peripheral for at connect: the hub's every host asks the same
CONNECT_TIMEOUT = 10.0
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)


class Radio:
    """The one asyncio loop, in a daemon thread, that every BLE call runs on."""

    _lock = threading.Lock()
    _loop = None

    @classmethod
    def loop(cls):
        with cls._lock:
            if cls._loop is None:
                cls._loop = asyncio.new_event_loop()
                threading.Thread(target=cls._loop.run_forever, name="ble", daemon=True).start()
            return cls._loop

    @classmethod
    def run(cls, coro, timeout):
        return asyncio.run_coroutine_threadsafe(coro, cls.loop()).result(timeout)

    @classmethod
    def spawn(cls, coro):
        return asyncio.run_coroutine_threadsafe(coro, cls.loop())


# The hub's Bluetooth hosts, by name, imported only when chosen (as link/transport.py picks transports):
# bleak drives this computer's own Bluetooth (BlueZ, CoreBluetooth, WinRT); Bumble's host drives a USB dongle or
# a serial HCI controller directly (no BlueZ), and the virtual air of dicecup.sim.air. One contract:
#   await scan(timeout) -> [(address, name)]
#   await connect(address, on_packet, on_gone) -> (write(packet) coroutine, close() coroutine, packet size)
BACKENDS = {
    "bleak": ("dicecup.link.ble_bleak", "BleakBackend"),
    "bumble": ("dicecup.link.ble_bumble", "BumbleBackend"),
}

backend = None  # the host in use; bleak unless use_backend() chose another (tests put a loopback radio here)


def use_backend(name, *args, **options):
    """Choose the hub's Bluetooth host by name: use_backend("bumble", "usb:0")."""
    global backend
    try:
        module, cls = BACKENDS[name]
    except KeyError:
        raise ValueError(f"no Bluetooth host named {name!r}: choose one of {', '.join(BACKENDS)}") from None
    backend = getattr(importlib.import_module(module), cls)(*args, **options)
    return backend


BLE_HCI_HELP = ("drive a Bluetooth controller directly with Bumble's host instead of this computer's Bluetooth "
                "service: usb:0 (the first USB dongle), serial:/dev/ttyACM0 (an HCI UART controller), or the "
                "hub's port `dicecup sim N --ble` prints; implies --ble")


def use_hci(transport):
    """--ble-hci TRANSPORT: the hub's Bluetooth is Bumble's host on that controller (None: bleak, the default)."""
    if transport:
        try:
            use_backend("bumble", transport)
        except ImportError as error:
            raise LinkDown(unavailable(error)) from None


def current_backend():
    return backend if backend is not None else use_backend("bleak")


class BleSession:
    """One cup's connection on the asyncio side, kept across drops so it can be revived in the background."""

    sessions = {}  # address -> BleSession
    _lock = threading.Lock()

    def __init__(self, address):
        self.address = address
        self.packets = queue.Queue()  # bytes, or None: the cup went away
        self.up = False
        self.owned = False  # a transport holds it
        self.stopped = False
        self.next_try = 0.0
        self.size = DEFAULT_SIZE
        self._write = self._close = None

    async def connect(self):
        self.packets = queue.Queue()
        host = current_backend()
        self._write, self._close, self.size = await host.connect(self.address, self.packets.put, self._gone)
        self.up = True

    def _gone(self):
        if self.up:
            self.up = False
            self.packets.put(None)
            if not self.stopped:
                Radio.spawn(self.revive())

    async def revive(self):
        attempt = 0
        while not self.stopped and not self.up and BleSession.sessions.get(self.address) is self:
            delay = BACKOFF[min(attempt, len(BACKOFF) - 1)]
            attempt += 1
            self.next_try = time.monotonic() + delay
            await asyncio.sleep(delay)
            try:
                await asyncio.wait_for(self.connect(), CONNECT_TIMEOUT)
            except Exception:  # noqa: BLE001 - any radio failure is one more try later
                pass

    async def write(self, packet):
        if self.up:
            try:
                await self._write(packet)
            except Exception:  # noqa: BLE001 - a write on a dying link: the drop is reported by read()
                pass

    async def stop(self):
        self.stopped = True
        if self.up and self._close is not None:
            self.up = False
            try:
                await self._close()
            except Exception:  # noqa: BLE001
                pass


def scan(timeout=5.0):
    """[(address, name)] of the dicecup cups advertising in range."""
    try:
        return Radio.run(current_backend().scan(timeout), timeout + 5)
    except LinkDown:
        raise  # said already, in words
    except Exception as error:  # noqa: BLE001 - no adapter, BlueZ not running, permissions
        raise LinkDown(unavailable(error)) from None


def unavailable(error) -> str:
    """Why Bluetooth can't be used, in words (bleak's own are "[Errno 2] No such file or directory" when BlueZ's
    D-Bus socket is missing, "No Bluetooth adapters found.", a D-Bus error name...)."""
    text = str(error).lower()
    if isinstance(error, ImportError):
        missing = error.name or "bleak"
        return f"Bluetooth is not available: {missing} is not installed (pip install {missing}); or play over USB"
    if isinstance(error, (FileNotFoundError, ConnectionRefusedError)) or "dbus" in text or "d-bus" in text:
        return ("Bluetooth is not available: the Bluetooth service (BlueZ) is not running on this computer; "
                "start it (sudo systemctl start bluetooth) or play over USB")
    if isinstance(error, PermissionError) or "not authorized" in text or "permission" in text:
        return "Bluetooth is not available: this user may not use Bluetooth; or play over USB"
    if "adapter" in text or "powered" in text:
        return "Bluetooth is not available: no Bluetooth adapter is switched on; switch one on or play over USB"
    return f"Bluetooth is not available ({type(error).__name__}); check Bluetooth is on, or play over USB"


class BleTransport(Transport):
    kind = "ble"

    def __init__(self, target: str):
        super().__init__(target)
        with BleSession._lock:
            session = BleSession.sessions.get(target)
            if session is not None and session.owned:
                raise LinkDown(f"{target}: already open")
            if session is None:
                session = BleSession.sessions[target] = BleSession(target)
                try:
                    Radio.run(session.connect(), CONNECT_TIMEOUT + 2)
                except Exception as error:  # noqa: BLE001
                    Radio.spawn(session.revive())
                    if isinstance(error, LinkDown):  # the host said why (a dongle that is not there)
                        raise LinkDown(f"{target}: {error}") from None
                    if isinstance(error, (ImportError, FileNotFoundError, ConnectionRefusedError, PermissionError)):
                        raise LinkDown(f"{target}: {unavailable(error)}") from None  # this computer's side
                    raise LinkDown(f"{target}: can't connect over Bluetooth; is the cup on and in range?") from None
            elif not session.up:
                wait = max(0.0, session.next_try - time.monotonic())
                raise LinkDown(f"{target}: out of range; trying again in {wait:.1f} s")
            session.owned = True
        self._session = session
        self._owns = True
        self._reasm = Reassembler()
        self._chunker = Chunker(self._send, session.size)
        self._out = bytearray()

    def _send(self, packet):
        Radio.spawn(self._session.write(bytes(packet)))

    def _collect(self, buf, n):
        self._out += buf[:n]

    def read(self, timeout: float) -> bytes:
        try:
            packet = self._session.packets.get(timeout=timeout)
        except queue.Empty:
            return b""
        while True:
            if packet is None:
                self._let_go()  # this transport is done; the hub opens a new one once the cup is back
                raise LinkDown(f"{self.target}: the cup went out of Bluetooth range")
            self._reasm.feed(packet, self._collect)
            try:
                packet = self._session.packets.get_nowait()
            except queue.Empty:
                break
        out, self._out = bytes(self._out), bytearray()
        return out

    def write(self, data: bytes) -> None:
        if not self._session.up:
            self._let_go()
            raise LinkDown(f"{self.target}: the cup went out of Bluetooth range")
        self._chunker.write(data)

    def _let_go(self):
        """The session is no longer this transport's: once only, so a late close() can't free a newer owner's."""
        if self._owns:
            self._owns = False
            self._session.owned = False

    def close(self) -> None:
        session = self._session
        owned = self._owns
        self._let_go()
        if owned and session.up:  # the game is over: let the cup go; a dropped cup stays in revival for the next open
            with BleSession._lock:
                BleSession.sessions.pop(session.address, None)
            try:
                Radio.run(session.stop(), 5)
            except Exception:  # noqa: BLE001
                pass
