"""A paired round over Bluetooth LE whose notifications are lost and reordered, through the STAND-IN radio of
test_ble_loopback (the real stacks of the virtual air lose nothing; the cup's receiving code is the real one: chunks,
Link, Cup, keyed by runner.pair as a board keys it). A paired cup at 20-byte and longer packets, and a central
without the key, run on the real stacks: tests/ble/test_air.py::test_a_paired_cup_on_the_air_answers_authenticated_
frames and tests/hub/test_e2e_air.py::test_a_stranger_central_gets_only_a_hello_and_is_let_go_so_the_hub_can_come_in."""
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


@pytest.mark.slow
def test_a_paired_round_survives_lost_and_reordered_notifications(radio):  # noqa: F811
    cup = add_cup(radio, "AB:02", loss=0.15, swap=0.15, seed=7)
    pair(cup.cup, cup.link, KEY)
    hub = HubEnd(open_transport("ble", "AB:02"), cup, keys={77: KEY}.get)
    a_round(hub)
    assert hub.conn.pairing == "paired"
    hub.transport.close()
