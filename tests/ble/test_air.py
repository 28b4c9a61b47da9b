"""Bluetooth LE on real stacks (dicecup.sim.air): the cups' NUS peripheral (cupcore/nus.py) on MicroPython's own
`bluetooth` module (BTstack) against the hub's dicecup.link.ble on Bumble's host, each on a virtual controller,
the controllers on one link. No radio, no stand-in above HCI: advertising, the MTU exchange, discovery, writes and
notifications are the stacks' own. Each of the air's mends of Bumble's virtual controller is shown needed."""
import time

import pytest

from airhelpers import Echo, air, ble_micropython, exchange, found, hub_on_air, pair, read_until  # noqa: F401
from cupcore import nus, wire
from dicecup.link import ble
from dicecup.link.transport import LinkDown
from dicecup.sim.air import MENDS, VirtualAir, cup_address
from dicecup.sim.virtualcup import VirtualCups


def frame_of(length):
    """A frame stream of `length` bytes: `00`, nonzero bytes, `00` (what the link writes)."""
    return b"\x00" + bytes(1 + i % 255 for i in range(length - 2)) + b"\x00"


def test_the_peripheral_takes_the_longest_packet_whole():
    # The buffer and MTU nus.py sets are MicroPython consts (plain numbers): held here to the frame they carry.
    assert nus.PACKET == 1 + wire.MAX_FRAME
    assert nus.RX_BUFFER >= nus.PACKET and nus.MTU == nus.PACKET + 3


@pytest.mark.parametrize("mtu, packet", [(0, 20), (23, 20), (247, nus.PACKET), (517, nus.PACKET)],
                         ids=["no-exchange", "mtu23", "mtu247", "mtu517-as-bluez"])
def test_frames_of_every_length_cross_both_stacks_both_ways_at_every_mtu(monkeypatch, mtu, packet):
    with hub_on_air(monkeypatch, mtu=mtu) as the_air, Echo(the_air, "echo", cup_address(1)):
        ((address, name),) = found(1)
        assert name == "dicecup-echo"
        transport = ble.BleTransport(address)
        try:
            assert transport._session.size == packet  # what the two stacks agreed, as the hub cuts packets
            for length in range(3, wire.MAX_FRAME + 1):
                frame = frame_of(length)
                transport.write(frame)
                assert read_until(transport, length) == frame, f"a {length}-byte frame at MTU {mtu}"
        finally:
            transport.close()


@pytest.mark.parametrize("mtu", [0, 517], ids=["20-byte-packets", "mtu517"])
def test_a_paired_cup_on_the_air_answers_authenticated_frames(monkeypatch, mtu):
    with hub_on_air(monkeypatch, mtu=mtu) as the_air, \
            VirtualCups(1, runtime=ble_micropython(), fast=True, keyed=True, air=the_air) as cups:
        ((address, name),) = found(1)
        assert (address, name) == (cups[0].path[1], "dicecup-cup1")
        transport = ble.BleTransport(address)
        try:
            hub = pair(transport, cups.keys)
            assert transport._session.size == (20 if not mtu else nus.PACKET)
            for token in (1, 2, 300):
                hub.send(wire.PING, (token,))
                exchange(hub, lambda got, t=token: (t,) in [v for m, v in got if m == wire.PONG], f"pong {token}")
            assert hub.link.forged == 0
        finally:
            transport.close()


def test_six_cups_at_once_are_found_connected_and_paired(air):
    with VirtualCups(6, runtime=ble_micropython(), fast=True, keyed=True, air=air) as cups:
        seen = found(6)
        assert sorted(name for _, name in seen) == [f"dicecup-cup{i}" for i in range(1, 7)]
        transports = [ble.BleTransport(address) for address, _ in seen]
        try:
            hubs = [pair(transport, cups.keys) for transport in transports]
            assert sorted(hub.said_name for hub in hubs) == [f"cup{i}" for i in range(1, 7)]
        finally:
            for transport in transports:
                transport.close()


# -- Bumble 0.0.236's defects, each mend shown needed ----------------------------------------------------------

def test_the_air_refuses_a_mend_it_does_not_have():
    with pytest.raises(ValueError, match="no mend named"):
        VirtualAir(skip=("vendor",))


@pytest.mark.parametrize("mend", ["vendor_command", "le_encrypt"])
def test_without_its_start_up_mends_btstack_never_advertises(monkeypatch, mend):
    with hub_on_air(monkeypatch, skip=(mend,)) as the_air, Echo(the_air, "echo", cup_address(1)):
        # With the mend the cup advertises within a fraction of a second (the test above); 3 s of silence
        # is BTstack stuck at start-up.
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            assert ble.scan(0.3) == []


def test_without_the_acl_source_mend_a_cup_on_its_public_address_never_answers(monkeypatch):
    monkeypatch.setattr(ble, "CONNECT_TIMEOUT", 2.0)
    monkeypatch.setattr(ble, "BACKOFF", (60.0,))  # no reconnection while the test looks
    with hub_on_air(monkeypatch, skip=("acl_source",)) as the_air, Echo(the_air, "echo", cup_address(1)):
        ((address, _),) = found(1)
        with pytest.raises(LinkDown):  # connected, but no ATT answer ever reaches the hub
            ble.BleTransport(address)


def test_without_the_scan_response_mend_the_hub_never_sees_a_cups_name(monkeypatch):
    with hub_on_air(monkeypatch, skip=("scan_responses",)) as the_air, Echo(the_air, "echo", cup_address(1)):
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            assert ble.scan(0.3) == []  # advertising is heard, the name (in the scan response) never


def test_every_mend_is_named():
    assert MENDS == ("vendor_command", "le_encrypt", "acl_source", "scan_responses")
