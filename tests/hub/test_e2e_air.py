"""A table over Bluetooth LE on real stacks (dicecup.sim.air): virtual cups whose stream is the cups' NUS
peripheral on MicroPython's BTstack, the hub's dicecup.link.ble on Bumble's host. What only a radio does to a game:
a cup walks out of range mid-round and back, a cup is switched off and on, strangers on the air."""
import time

import pytest

from airhelpers import air, ble_micropython, found  # noqa: F401 - air is a fixture
from cupcore import nus, wire
from cupcore.chunks import Chunker, Reassembler
from dicecup.link import ble
from dicecup.rules import Record, Reroll
from dicecup.sim.air import cup_address
from dicecup.sim.virtualcup import VirtualCup
from table_helpers import LiveTable, bidding_under_way, referee

pytestmark = pytest.mark.slow  # a whole game over the air


def frame_types(packets):
    """The types of the frames in notified packets, put back together as the hub does."""
    types, reassembler, decoder = [], Reassembler(), wire.Decoder()

    def heard(buf, n):
        for i in range(n):
            if decoder.push(buf[i]):
                types.append(decoder.type)

    for packet in packets:
        reassembler.feed(packet, heard)
    return types


def test_a_cup_out_of_range_then_switched_off_and_on_pauses_the_game_and_comes_back_with_its_deal(air, tmp_path):
    with LiveTable("dudo dice=2", tmp_path, seed="air", air=air) as table:
        table.wait(lambda: bidding_under_way(table), "the first bids")
        round_at_drop = table.snapshot.state.round
        table.cups[1].unplug()  # out of range: the link is cut by the controllers, as by a supervision timeout
        table.wait(lambda: table.snapshot.paused, "the hub to notice and pause")
        table.wait(lambda: table.said("cup2's cup dropped"), "the table to say so")
        assert table.snapshot.state.round == round_at_drop
        table.cups[1].plug()  # back in range: the hub's backoff finds it again
        table.wait(lambda: not table.snapshot.paused, "the cup to come back", timeout=40)

        table.wait(lambda: bidding_under_way(table) and table.snapshot.state.round > round_at_drop,
                   "a later round's bids", timeout=120)
        round_at_cycle = table.snapshot.state.round
        table.cups[2].power_cycle()  # switched off and on: its radio too; it brings back the deal it kept
        table.wait(lambda: table.snapshot.paused, "the hub to notice the cup is gone")
        table.wait(lambda: not table.snapshot.paused, "the cup to come back", timeout=40)
        assert table.snapshot.state.round == round_at_cycle
        final = table.finish()
        record = Record.parse(table.journal_text())
        assert not any(isinstance(e, Reroll) for e in record.events)  # the same dice both times: nothing rerolled
        assert any(o.n == round_at_drop for o in final.state.history)
        assert referee(final.journal).returncode == 0


def test_a_stranger_advertising_a_dicecup_name_is_not_seated(air, tmp_path):
    # An unpaired cup (no key this hub knows) named like a cup, found on the air beside the table's own.
    mallory = VirtualCup("mallory", 9, runtime=ble_micropython(), fast=True, air=air).start()
    try:
        with LiveTable("dudo dice=2", tmp_path, seed="stranger", air=air, expect_cups=3,
                       extra_ports=[("ble", mallory.path[1])]) as table:
            table.wait(lambda: bidding_under_way(table), "the first bids")
            assert "mallory" not in table.snapshot.state.seats
            assert len(table.snapshot.state.seats) == 3
    finally:
        mallory.stop()


def test_a_stranger_central_gets_only_a_hello_and_is_let_go_so_the_hub_can_come_in(air):
    """MicroPython's stacks hold one connection: a stranger that connects first must not keep the cup from its
    hub. It hears the public hello and nothing else, and the cup disconnects it once nus.GRACE_MS pass."""
    from bumble.core import UUID
    from bumble.device import Peer

    cup = VirtualCup("ana", 1, runtime=ble_micropython(), fast=True, key=bytes(range(32)), air=air).start()
    try:
        found(1)
        stranger = air.device("stranger", "F0:BA:D0:00:00:01")
        heard, gone = [], []

        async def intrude():
            await stranger.power_on()
            connection = await stranger.connect(cup.path[1], timeout=5)
            connection.on("disconnection", lambda reason: gone.append(time.monotonic()))
            peer = Peer(connection)
            await peer.discover_services([UUID(nus.NUS)])
            service = peer.get_services_by_uuid(UUID(nus.NUS))[0]
            await service.discover_characteristics()
            rx = service.get_characteristics_by_uuid(UUID(nus.NUS_RX))[0]
            tx = service.get_characteristics_by_uuid(UUID(nus.NUS_TX))[0]
            await tx.subscribe(lambda value: heard.append(bytes(value)))
            packets = []
            chunker = Chunker(lambda packet: packets.append(bytes(packet)))
            for mtype, values in ((wire.WHO, ()), (wire.INTENT, (1, wire.READY, 0, 0))):
                chunker.write(wire.encode(mtype, values, 1, 0))
            for packet in packets:
                await rx.write_value(packet, with_response=False)
            return time.monotonic()

        connected_at = ble.Radio.run(intrude(), 15)
        deadline = connected_at + nus.GRACE_MS / 1000 + 5
        while not gone and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone, "the cup kept a central that never proved itself its hub"
        assert gone[0] - connected_at >= nus.GRACE_MS / 1000 - 0.5
        types = frame_types(heard)
        assert types and all(t == wire.HELLO for t in types), types  # the public hello, nothing of a session
        from airhelpers import pair

        transport = ble.BleTransport(found(1)[0][0])  # the cup advertises again: its hub comes in
        try:
            pair(transport, {1: bytes(range(32))})
        finally:
            transport.close()
    finally:
        cup.stop()
