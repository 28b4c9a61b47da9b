"""The virtual air: Bluetooth LE on real stacks, with no radio.

Every party has a Bumble virtual controller, and the controllers share one link (Bumble's LocalLink) as radios
share the air:
  - a virtual cup on BLE (VirtualCup(air=...)) is the real cup firmware on a MicroPython built with its
    `bluetooth` module on BTstack (the host the Pico W runs), speaking HCI over a pseudo-terminal to its own
    controller, as a board's MicroPython speaks to its radio chip;
  - the hub is dicecup.link.ble with Bumble's host (link/ble_bumble.py) on a controller in this process;
  - tests add strangers: another central, another peripheral.
Nothing above HCI is simulated: advertising, connection, the ATT MTU exchange, GATT discovery, write without
response and notifications are the two real hosts' own. What the air itself can't give (loss, reordering, a
connection interval) stays with tests/ble's stand-in.

Everything runs on the hub's BLE loop (dicecup.link.ble.Radio), which the controllers' timers and the ptys'
readers need: the methods here are called from any thread and wait for it.

Bumble 0.0.236's virtual controller has four defects that a BTstack host meets; each is mended here, which is
why bumble's version is pinned (tests/ble/test_air.py fails with any mend taken out):
  1. vendor command 0xFC09, which BTstack's chipset start-up sends, crashes its command parser and is never
     answered: `ble.active(True)` times out (HciMends);
  2. a command it does not implement (LE Encrypt, sent by BTstack's Security Manager at start-up) gets no
     reply at all, which stalls BTstack's command queue: no advertising is ever enabled (HciMends);
  3. LocalLink sends LE data "from" the sender's random address, so a peripheral on its public address (every
     board has one) has its data dropped (Air.send_acl_data);
  4. no SCAN_REQ / SCAN_RSP: a scanner's reports carry the advertising data twice and the advertiser's scan
     response never, so a name put only there (the cups put theirs there) is never seen (real_scan_responses).
"""
import asyncio
import dataclasses
import os
import tempfile
from pathlib import Path

from bumble import hci
from bumble.controller import Controller
from bumble.core import PhysicalTransport
from bumble.device import Device
from bumble.host import Host
from bumble.link import LocalLink
from bumble.transport import open_transport
from bumble.transport.common import AsyncPipeSink

from dicecup.link.ble import Radio
from dicecup.link.ble_bumble import HUB_ADDRESS, BumbleBackend
from dicecup.sim.virtualcup import VirtualCupError

OUT_OF_RANGE = hci.HCI_ErrorCode.CONNECTION_TIMEOUT_ERROR  # a link lost to distance ends by supervision timeout
_COMMAND_COMPLETE = 0x0E
_HCI_COMMAND, _HCI_EVENT = 0x01, 0x04
_ZEPHYR_READ_STATIC_ADDRESSES = 0xFC09
_LE_ENCRYPT = 0x2017
_UNKNOWN_COMMAND = hci.HCI_ErrorCode.UNKNOWN_HCI_COMMAND_ERROR


def cup_address(number):
    """The public address of the cup numbered `number` (a board's radio chip has one from its maker)."""
    return f"D1:CE:00:00:{number >> 8:02X}:{number & 0xFF:02X}"


def _le_encrypt(parameters):
    """HCI LE Encrypt (Core Vol 4 Part E 7.8.22): AES-128 of the plaintext under the key, both little-endian."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    key, plaintext = parameters[:16][::-1], parameters[16:32][::-1]
    encryptor = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return b"\x00" + (encryptor.update(plaintext) + encryptor.finalize())[::-1]


# The mends, by name: VirtualAir(skip=...) leaves one out, for the tests that show each is needed.
MENDS = ("vendor_command", "le_encrypt", "acl_source", "scan_responses")


class HciMends:
    """Between a host's HCI (the pty) and its Bumble controller: answers the two commands the controller gets
    wrong for BTstack (defects 1 and 2 above), passes everything else on."""

    def __init__(self, controller, host_sink, mends=MENDS):
        self.controller, self.host_sink, self.mends = controller, host_sink, mends

    def _complete(self, opcode, return_parameters):
        body = bytes((0x01, opcode & 0xFF, opcode >> 8)) + return_parameters
        self.host_sink.on_packet(bytes((_HCI_EVENT, _COMMAND_COMPLETE, len(body))) + body)

    def on_packet(self, packet):
        if packet[0] == _HCI_COMMAND:
            opcode = packet[1] | packet[2] << 8
            if opcode == _ZEPHYR_READ_STATIC_ADDRESSES and "vendor_command" in self.mends:
                return self._complete(opcode, bytes((_UNKNOWN_COMMAND,)))  # as a controller without it answers
            if opcode == _LE_ENCRYPT and "le_encrypt" in self.mends:  # answered, with real AES-128
                return self._complete(opcode, _le_encrypt(packet[4:]))
        self.controller.on_packet(packet)


class Air(LocalLink):
    """Bumble's link between controllers, with defect 3 mended and a range: a controller out of range neither
    hears nor is heard."""

    def __init__(self, mends=MENDS):
        super().__init__()
        self.mends = mends
        self.away = set()  # controllers out of range

    def send_acl_data(self, sender_controller, destination_address, transport, data):
        if sender_controller in self.away:
            return
        connection = sender_controller.le_connections.get(destination_address)
        if transport != PhysicalTransport.LE or connection is None or "acl_source" not in self.mends:
            return super().send_acl_data(sender_controller, destination_address, transport, data)
        destination = self.find_le_controller(destination_address)
        if destination is None or destination in self.away:
            return
        # Defect 3: sent from the address this connection was made with, public or random.
        source = connection.self_address
        asyncio.get_running_loop().call_soon(destination.on_link_acl_data, source, transport, data)

    def send_advertising_pdu(self, sender_controller, packet):
        if sender_controller in self.away:
            return
        loop = asyncio.get_running_loop()
        for controller in self.controllers:
            if controller is not sender_controller and controller not in self.away:
                loop.call_soon(controller.on_ll_advertising_pdu, packet)

    def scan_response_of(self, address):
        for controller in self.controllers:
            advertiser = controller.le_legacy_advertiser
            if controller not in self.away and address in (controller.random_address, controller.public_address):
                return bytes(advertiser.scan_response_data)
        return None

    def cut(self, controller, reason=OUT_OF_RANGE):
        """End every connection of `controller` on both sides, as a lost link does: each host is told."""
        for connection in list(controller.le_connections.values()):
            other = self.find_le_controller(connection.peer_address)
            controller.on_le_disconnected(connection, reason)
            if other is not None:
                mirror = other.le_connections.get(connection.self_address)
                if mirror is not None:
                    other.on_le_disconnected(mirror, reason)


def real_scan_responses(controller, air):
    """Defect 4: this scanning controller's scan-response reports carry the advertiser's real scan response
    data (looked up on the same air), not its advertising data again."""
    original = controller.on_advertising_pdu

    def on_advertising_pdu(pdu):
        sent = []
        send = controller.send_hci_packet
        controller.send_hci_packet = sent.append
        try:
            original(pdu)
        finally:
            controller.send_hci_packet = send
        response = air.scan_response_of(pdu.advertiser_address)
        for packet in sent:
            if response is not None and isinstance(packet, hci.HCI_LE_Advertising_Report_Event):
                rsp = hci.HCI_LE_Advertising_Report_Event.EventType.SCAN_RSP
                packet = type(packet)([dataclasses.replace(report, data=response) if report.event_type == rsp
                                       else report for report in packet.reports])
            elif response is not None and isinstance(packet, hci.HCI_LE_Extended_Advertising_Report_Event):
                rsp = hci.HCI_LE_Extended_Advertising_Report_Event.EventType.SCAN_RESPONSE
                packet = type(packet)([dataclasses.replace(report, data=response) if report.event_type & rsp
                                       else report for report in packet.reports])
            send(packet)

    controller.on_advertising_pdu = on_advertising_pdu


@dataclasses.dataclass
class _Radio:
    """One host's controller on the air: a pty a MicroPython host opens, or an in-process Bumble host."""

    controller: Controller
    transport: object = None  # the pty's Bumble transport, for a host in another process


class VirtualAir:
    """The link and its controllers; `with VirtualAir() as air:` removes every controller and pty it made."""

    def __init__(self, skip=()):
        """skip: mends (MENDS) to leave out, so Bumble's defect shows (the tests that show each mend is needed)."""
        unknown = set(skip) - set(MENDS)
        if unknown:
            raise ValueError(f"no mend named {', '.join(sorted(unknown))}: the mends are {', '.join(MENDS)}")
        self.mends = tuple(m for m in MENDS if m not in skip)
        self.folder = Path(tempfile.mkdtemp(prefix="dicecup-air-"))
        self.radios = {}  # name -> _Radio
        self.air = Radio.run(self._make_air(), 10)

    async def _make_air(self):
        return Air(self.mends)

    cup_address = staticmethod(cup_address)

    # -- hosts on the air ----------------------------------------------------------------------------------

    def hci_port(self, name, address):
        """A fresh controller (switched on) at `address` for the host named `name`, on a pty: returns the path
        its host opens ($MICROPYBTUART). One already there under that name is switched off first."""
        self.switch_off(name)
        return Radio.run(self._hci_port(name, address), 10)

    async def _hci_port(self, name, address):
        path = self.folder / f"{name}.hci"
        path.unlink(missing_ok=True)
        transport = await open_transport(f"pty:{path}")
        controller = Controller(name, host_sink=transport.sink, link=self.air, public_address=address)
        transport.source.set_packet_sink(HciMends(controller, transport.sink, self.mends))
        self.radios[name] = _Radio(controller, transport)
        return str(path)

    def hub_port(self):
        """A controller for a hub in another process, on a pty it opens as a serial HCI controller (Bumble's
        `serial:PATH`, as `dicecup play --ble-hci` takes it): returns the path."""
        path = self.hci_port("hub", HUB_ADDRESS)
        if "scan_responses" in self.mends:
            real_scan_responses(self.radios["hub"].controller, self.air)
        return path

    def device(self, name, address):
        """A Bumble host in this process on its own controller (the hub, a stranger); not yet powered on."""
        return Radio.run(self._device(name, address), 10)

    async def _device(self, name, address):
        controller = Controller(name, link=self.air)
        if "scan_responses" in self.mends:
            real_scan_responses(controller, self.air)
        self.radios[name] = _Radio(controller)
        return Device(name, hci.Address(address), host=Host(controller, AsyncPipeSink(controller)))

    def hub_backend(self, **options):
        """The hub's Bluetooth host on this air, a link.ble backend (options: BumbleBackend's, e.g. mtu=)."""
        async def make():
            return await self._device("hub", HUB_ADDRESS)

        return BumbleBackend(device=make, **options)

    # -- what happens to a radio ---------------------------------------------------------------------------

    def out_of_range(self, name):
        """The host walks away: its links are lost (each side told, as by a supervision timeout), and it neither
        hears nor is heard until in_range."""
        radio = self.radios[name]
        Radio.run(self._away(radio.controller), 5)

    async def _away(self, controller):
        self.air.away.add(controller)
        self.air.cut(controller)

    def in_range(self, name):
        self.air.away.discard(self.radios[name].controller)

    def in_reach(self, name):
        radio = self.radios.get(name)
        return radio is not None and radio.controller not in self.air.away

    def switch_off(self, name):
        """The radio loses power: its links end (as out of range), it leaves the air and its pty is closed."""
        radio = self.radios.pop(name, None)
        if radio is not None:
            Radio.run(self._switch_off(radio), 5)

    async def _switch_off(self, radio):
        self.air.cut(radio.controller)
        self.air.away.discard(radio.controller)
        self.air.remove_controller(radio.controller)
        if radio.transport is not None:
            await radio.transport.close()

    def close(self):
        for name in list(self.radios):
            self.switch_off(name)
        try:
            os.rmdir(self.folder)
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def find_cups(count, seconds=20.0):
    """[(address, name)] of `count` cups found by the hub's scans, as `dicecup play --ble` finds them; VirtualAirError
    if fewer advertise within `seconds` (their MicroPython failed to start its stack)."""
    import time

    from dicecup.link import ble

    deadline = time.monotonic() + seconds
    found = []
    while time.monotonic() < deadline:
        found = ble.scan(0.3)
        if len(found) >= count:
            return found
    raise VirtualAirError(f"only {len(found)} of {count} virtual cups advertised within {seconds:.0f} s")


class VirtualAirError(VirtualCupError):
    """The virtual air could not be set up or a cup on it never came up."""
