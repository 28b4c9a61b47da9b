"""Pairing over Bluetooth LE (issue 13), through the loopback radio of test_ble_loopback (the STAND-IN for bleak and
the air; the cup's receiving code is the real one: chunks, Link, Cup, keyed by runner.pair as a board keys it).

- a paired round over 20-byte notifications: authenticated frames are 12 bytes longer and the chunking carries
  them (a commitment frame, 55 bytes authenticated, is three notifications);
- the phone-like client: any central can connect to a cup over BLE; one without the key, speaking the hub's
  messages, learns no more than the cup's hello and changes nothing."""
import os
import time

import pytest

from cupcore import cup as cupmod
from cupcore import session as sessions
from cupcore import wire
from cupcore.runner import pair
from dicecup.link.transport import open_transport
from test_ble_loopback import HubEnd, a_round, add_cup, radio  # noqa: F401  (radio is a fixture)

KEY = bytes(range(7, 39))


def test_a_paired_round_over_20_byte_notifications(radio):  # noqa: F811
    cup = add_cup(radio, "AB:01")
    pair(cup.cup, cup.link, KEY)
    hub = HubEnd(open_transport("ble", "AB:01"), cup, keys={77: KEY}.get)
    a_round(hub)
    assert hub.conn.pairing == "paired" and cup.link.session is not None
    assert max(len(p) for p in cup.notified) == 20
    assert cup.link.forged == cup.link.replayed == 0 and hub.link.forged == hub.link.replayed == 0
    hub.transport.close()


@pytest.mark.slow
def test_a_paired_round_survives_lost_and_reordered_notifications(radio):  # noqa: F811
    cup = add_cup(radio, "AB:02", loss=0.15, swap=0.15, seed=7)
    pair(cup.cup, cup.link, KEY)
    hub = HubEnd(open_transport("ble", "AB:02"), cup, keys={77: KEY}.get)
    a_round(hub)
    assert hub.conn.pairing == "paired"
    hub.transport.close()


def test_phone_like_client_over_ble_without_the_key_learns_nothing_and_changes_nothing(radio):  # noqa: F811
    cup = add_cup(radio, "AB:03")
    pair(cup.cup, cup.link, KEY)
    phone = HubEnd(open_transport("ble", "AB:03"), cup)  # a central with dicecup's protocol but not the key
    assert phone.ask(wire.WHO, (), wire.HELLO)  # the hello is public: name, id, board (docs: Authentication)
    before = len(cup.notified)
    plain = ((wire.WELCOME, (wire.VERSION, 1, 2)), (wire.DEAL, (1, 5, bytes(8))), (wire.ENTROPY, (1, bytes(16))),
             (wire.TABLE, (1, 1, 0xFF, 0, 0, 30, 10, 0)), (wire.REVEAL_REQ, (1,)), (wire.CUE, (wire.CUE_LOST, 0)),
             (wire.RESULT, (1, -1, 4, 0, wire.PLAYING)))
    for mtype, values in plain:
        phone.transport.write(wire.encode(mtype, values, 1 + mtype % 200, 0))
    guess = sessions.Session(os.urandom(32), wire.TO_CUP)  # frames authenticated under a key it made up
    for mtype, values in plain:
        phone.transport.write(wire.encode(mtype, values, 1 + mtype % 200, 0, session=guess))
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        phone.pump(lambda: False, seconds=0.1)
    assert cup.link.forged == 2 * len(plain)
    assert len(cup.notified) == before  # not a single notification back: no ack, no error, no commit, no dice
    assert [t for t, _ in phone.got] == [wire.HELLO]
    c = cup.cup
    assert (c.state, c.seat, c.mode.dice_count, c.showing) == (cupmod.JOINING, wire.NOBODY, 0, None)
    phone.transport.close()
