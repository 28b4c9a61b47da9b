"""The attacks that need no cup (sim/hostattacks.py): a planted or linked data folder or hub.key, a league URL's
password on its way into a journal or an error line, a seat's code on the table screen; each is refused. And the
slowloris from many addresses at a real phone table (sim/phonetable.py): the table page loads and the phone takes
its seat back meanwhile, and the game plays to its end under the Watch."""
import pytest

from dicecup.hub.phases import RoundPhase
from dicecup.sim.hostattacks import HOST_ATTACKS
from dicecup.sim.phonetable import PhoneTable, finish


@pytest.mark.parametrize("name", list(HOST_ATTACKS))
def test_each_host_attack_is_refused(tmp_path, name):
    assert HOST_ATTACKS[name](tmp_path) is None


@pytest.mark.slow  # a real table in real time, and 288 connections
def test_a_slowloris_during_a_phone_game_keeps_neither_the_page_nor_the_phone_out(tmp_path):
    table = PhoneTable(data=tmp_path)
    try:
        table.until(lambda: table.hub.phase_shown == RoundPhase.BIDDING and table.seat.device is not None)
        table.flood()
        finish(table)
        found = {name: found for name, found in table.watch.violations.items() if found}
        assert table.hub.finished and not found, found
    finally:
        table.close()
