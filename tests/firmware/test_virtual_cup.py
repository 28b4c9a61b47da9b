"""The virtual cup: the real firmware on the MicroPython unix port, its serial side a pseudo-terminal opened
with pyserial, its buttons pressed through its FIFO. Every wait has a deadline; every process is stopped."""
import os
import sys
import time

import pytest

from cupcore import commit, dice as dicemod, wire
from cupcore.link import Link
from dicecup.link.peer import CupPeer
from dicecup.sim.virtualcup import VirtualCup, VirtualCups

NONCE = bytes.fromhex("8f3a1c5e0b7d2946")
ENTROPY = bytes(range(16))  # the hub's entropy, sent once the commitment is in (fair dice)
SEAT = 2


@pytest.fixture
def cup():
    cup = VirtualCup(name="ana", cup_id=0xC0FFEE)
    assert cup.is_micropython, f"expected the MicroPython unix port, found {cup.runtime}"
    cup.start()
    try:
        yield cup
        assert cup.alive(), f"the cup died:\n{cup.stderr()}"
        assert cup.stderr() == "", cup.stderr()
    finally:
        cup.stop()


@pytest.fixture
def peer(cup):
    with CupPeer(cup.path) as peer:
        yield peer


def forge(payload, good_crc=True):
    """A frame around any payload, so tests can send what the codec itself refuses to build."""
    crc = wire.crc16(payload, len(payload)) ^ (0 if good_crc else 1)
    payload += bytes((crc >> 8, crc & 0xFF))
    out = bytearray(len(payload) + 3)
    end = wire._stuff(payload, len(payload), out, 1)
    return bytes(out[:end]) + b"\x00"


def handshake(peer):
    peer.send(wire.WHO)
    hello = peer.expect(wire.HELLO)
    peer.send(wire.WELCOME, (wire.VERSION, SEAT, 4))
    return hello


def start_deal(peer, deal_id, count=5):
    peer.send(wire.DEAL, (deal_id, count, NONCE))
    got_deal, digest = peer.expect(wire.COMMIT)
    assert got_deal == deal_id
    peer.send(wire.ENTROPY, (deal_id, ENTROPY))
    peer.settle()  # acknowledged: what the test sends next goes out at once
    return digest


def fair(digest, dice, seed):
    """The reveal is what the commitment and the entropy make: the seed committed to, the dice it rolls."""
    return commit.verify(digest, NONCE, SEAT, len(dice), seed) and \
        bytes(dicemod.roll(seed, NONCE, SEAT, ENTROPY, len(dice))) == bytes(dice)


@pytest.mark.slow
def test_a_whole_round_over_the_pty(cup, peer):
    assert cup.device.startswith("/dev/pts/") and os.path.islink(cup.path)
    proto, fw_major, fw_minor, cup_id, name, board = handshake(peer)
    assert (proto, cup_id, name, board) == (wire.VERSION, 0xC0FFEE, "ana", "sim")

    digest = start_deal(peer, 7)
    peer.send(wire.TABLE, (7, SEAT, wire.NOBODY, 0, 0, 0, 20, wire.FLAG_WILD))
    cup.wait_leds(lambda line: "state=turn" in line)
    # Two buttons: the cup proposes 1x2; B press makes it 2x2, A press 2x3, B long sends it.
    for button, gesture in (("b", "press"), ("a", "press"), ("b", "long")):
        cup.press(button, gesture)
    assert peer.expect(wire.INTENT, timeout=15) == (7, wire.BID, 2, 3)
    peer.send(wire.ACCEPT, (7, wire.BID))
    peer.send(wire.TABLE, (7, 3, SEAT, 2, 3, 0, 20, wire.FLAG_WILD))
    cup.wait_leds(lambda line: line == "leds a..... state=rolled")  # dice hidden again

    peer.send(wire.REVEAL_REQ, (7,))
    deal_id, dice, salt, _ = peer.expect(wire.REVEAL)
    assert deal_id == 7 and len(dice) == 5 and len(salt) == 16
    assert fair(digest, dice, salt)
    tampered = bytes([dice[0] % 6 + 1]) + dice[1:]
    assert not fair(digest, tampered, salt)

    # The cup shows what it revealed, in the face-colour legend.
    letters = "WRYGBM"
    shown = "".join(letters[d - 1] for d in dice)
    cup.wait_leds(lambda line: line.startswith(f"leds {shown}") and "state=revealed" in line)
    peer.send(wire.RESULT, (7, -1, 4, 0, wire.PLAYING))
    cup.wait_leds(lambda line: "state=waiting" in line)
    peer.settle()
    # Nothing but the reveal ever carried the dice.
    before_reveal = [m for m, _ in peer.log[: [m for m, _ in peer.log].index(wire.REVEAL)]]
    assert set(before_reveal) <= {wire.HELLO, wire.COMMIT, wire.INTENT}


@pytest.mark.slow
def test_bad_input_never_crashes_the_cup_or_shows_its_dice(cup, peer):
    handshake(peer)
    digest = start_deal(peer, 3)
    peer.settle()

    peer.write_raw(b"MicroPython v1.22\r\n>>> \x03\x04 random \xff\xfe garbage")
    peer.write_raw(b"\x00" + b"\x41" * 500 + b"\x00")  # far longer than any frame
    # The cup answers at most one error per Link.complain_every_ms (a flood of bad frames gets no flood back): each
    # bad frame is sent once the last error is in and that interval has passed.
    complain_gap = 2 * Link.complain_every_ms / 1000
    peer.write_raw(wire.encode(wire.PING, (1,), version=9))
    assert peer.expect(wire.ERROR, where=lambda v: v[0] == wire.ERR_VERSION)
    peer.pump(complain_gap)
    peer.write_raw(forge(bytes([1, 0x7F, 0, 0]), good_crc=False))  # unknown type, bad CRC: just dropped
    peer.write_raw(forge(bytes([1, 0x7F, 0, 0])))  # unknown type 0x7f with a good CRC: an error
    assert peer.expect(wire.ERROR, where=lambda v: v == (wire.ERR_UNKNOWN, 0x7F))
    peer.pump(complain_gap)
    peer.write_raw(forge(bytes([1, wire.DEAL, 0, 0, 0, 9, 5])))  # a round message cut short: an error
    assert peer.expect(wire.ERROR, where=lambda v: v == (wire.ERR_BODY, wire.DEAL))
    peer.pump(complain_gap)

    peer.send(wire.REVEAL_REQ, (2,))  # another round
    assert peer.expect(wire.ERROR, where=lambda v: v == (wire.ERR_STATE, wire.REVEAL_REQ))
    peer.pump(complain_gap)
    peer.send(wire.REVEAL_REQ, (4,))
    assert peer.expect(wire.ERROR, where=lambda v: v == (wire.ERR_STATE, wire.REVEAL_REQ))
    peer.pump(complain_gap)

    # Out of turn: a bid composed and sent with the buttons goes nowhere. The peek after it marks the
    # moment the cup has handled those presses.
    peer.send(wire.TABLE, (3, 0, wire.NOBODY, 0, 0, 0, 10, 0))
    for button, gesture in (("b", "press"), ("b", "double"), ("b", "long"), ("a", "long")):
        cup.press(button, gesture)
    cup.wait_leds(lambda line: "state=peek" in line and line[5:10].isupper(), timeout=15)
    peer.pump(0.3)
    assert wire.INTENT not in [m for m, _ in peer.log]
    assert wire.REVEAL not in [m for m, _ in peer.log]

    peer.send(wire.REVEAL_REQ, (3,))
    _, dice, salt, _ = peer.expect(wire.REVEAL)
    assert fair(digest, dice, salt)


@pytest.mark.slow
def test_cue_turn_and_cue_call_are_shown_and_sounded_by_the_virtual_cup(cup, peer):
    """The virtual cup is a board driven by the same Runner as the real ones: a cue blinks and sounds its tone
    (the LED file says which: `tone=HZ` on the line where the cue's display starts)."""
    handshake(peer)
    start_deal(peer, 4)
    for cue, hz in ((wire.CUE_TURN, 1320), (wire.CUE_CALL, 660)):
        peer.send(wire.CUE, (cue, 0))
        wanted = f"leds WWWWWW tone={hz} state=cue"
        deadline = time.monotonic() + 10
        while wanted not in cup.led_lines() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert wanted in cup.led_lines(), cup.led_lines()[-5:]
        cup.wait_leds(lambda line: line == "leds a..... state=rolled")  # the cue gave way to the hidden dice


def test_the_cup_resends_until_acknowledged(cup, peer):
    """A hub that ignores the commitment's first copies still gets it: the cup retransmits."""
    handshake(peer)
    peer.settle()
    heard = bytearray()
    peer.link.feed = lambda data, n=None: heard.extend(data)  # deaf for a while: no acks go back
    peer.send(wire.DEAL, (5, 3, NONCE))
    decoder = wire.Decoder()
    commits = 0
    deadline = time.monotonic() + 10
    while commits < 3 and time.monotonic() < deadline:
        peer.pump(0.05)
        commits += sum(decoder.push(b) and decoder.type == wire.COMMIT for b in heard)
        heard.clear()
    del peer.link.feed
    assert commits >= 3, "the commitment was not sent again"
    peer.pump(0.3)  # hears the next copy, acknowledges it
    assert peer.expect(wire.COMMIT)[0] == 5
    peer.settle()


def test_the_firmware_also_runs_under_cpython_as_a_fallback():
    with VirtualCup(name="cpy", runtime=sys.executable) as cup, CupPeer(cup.path) as peer:
        handshake(peer)
        digest = start_deal(peer, 1, count=3)
        peer.send(wire.REVEAL_REQ, (1,))
        _, dice, salt, _ = peer.expect(wire.REVEAL)
        assert fair(digest, dice, salt)
        assert cup.alive() and cup.stderr() == ""


def test_many_cups_start_and_every_one_is_cleaned_up():
    import os

    with VirtualCups(3) as cups:
        paths = [cup.path for cup in cups]
        processes = [cup.process for cup in cups]
        assert len(set(paths)) == 3
        for cup in cups:
            with CupPeer(cup.path) as peer:
                assert handshake(peer)[4] == cup.name
    assert all(p.poll() is not None for p in processes)
    assert not cups.workdir.exists()
    assert not any(os.path.exists(path) for path in paths)
