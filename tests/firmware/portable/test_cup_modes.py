"""Both game kinds through the same Cup (cupcore/cup.py): a face-bid deal from power-on, then a poker table's
first message turns the cup to poker for good. The Cup's own part — the seat, PING, the hub's cues, the crash
blink, the checked random source — works the same in either mode. Runs on CPython and on MicroPython."""
from cuptest_helpers import Clock, Counter, Sent
from cupcore import commit, dice, wire
from cupcore import cup as cupmod
from cupcore import pokercup as pc
from cupcore.facecup import FacesMode
from cupcore.gestures import LONG

NONCE = b"\x01\x02\x03\x04\x05\x06\x07\x08"
ENTROPY = bytes(range(16))
A, B = cupmod.BUTTON_A, cupmod.BUTTON_B


def shared_part_answers(cup, sent, clock):
    """What the Cup does whatever its mode: PING, a hub's cue over the mode's display, the crash blink."""
    cup.receive(wire.PING, (41,))
    assert sent.of(wire.PONG)[-1] == (41,)
    state = cup.state
    cup.receive(wire.CUE, (wire.CUE_TURN, 0))
    assert cup.showing == "cue" and cup.cue == wire.CUE_TURN and 0 <= cup.due_in(clock()) <= cup.cue_ms
    clock.advance(cup.cue_ms)
    cup.render(bytearray(18))
    assert cup.showing != "cue" and cup.cue == 0
    cup.crashed()
    assert cup.showing == "crash"
    clock.advance(cup.cue_ms)
    cup.render(bytearray(18))
    assert cup.state == state  # neither a cue nor a crash changes the game


def test_one_cup_plays_a_face_bid_deal_then_turns_to_poker_and_keeps_its_shared_part():
    sent, clock = Sent(), Clock()
    cup = cupmod.Cup(sent, 7, "ana", "sim", source=Counter(b"modes"), clock=clock)
    assert isinstance(cup.mode, FacesMode) and cup.state == cupmod.JOINING
    cup.receive(wire.WELCOME, (1, 2, 3))
    shared_part_answers(cup, sent, clock)
    cup.receive(wire.DEAL, (4, 3, NONCE))
    (deal_id, digest), = sent.of(wire.COMMIT)
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    cup.receive(wire.REVEAL_REQ, (4,))
    (_, shown, seed, _), = sent.of(wire.REVEAL)
    assert digest == commit.digest(NONCE, 2, 3, seed) and shown == bytes(dice.roll(seed, NONCE, 2, ENTROPY, 3))
    cup.receive(wire.RESULT, (4, 0, 0, 0, wire.PLAYING))
    assert cup.state == cupmod.WAITING

    cup.receive(wire.PTABLE, (1, 0, pc.OPENING, 0, 0, pc.NO_BID))
    assert isinstance(cup.mode, pc.PokerMode) and cup.state == cupmod.POKER and cup.seat == 2
    shared_part_answers(cup, sent, clock)
    cup.gesture(B, LONG)
    assert sent.of(wire.INTENT)[-1] == (1, wire.SHAKE, 0, 0)
    cup.receive(wire.ACCEPT, (1, wire.SHAKE))
    cup.receive(wire.PDEAL, (1, 0x1F, NONCE))
    cup.receive(wire.ENTROPY, (1, ENTROPY))
    assert len(sent.of(wire.PCOMMIT)) == 5 and cup.mode.rolled
    cup.gesture(A, LONG)
    assert cup.peeking and cup.showing == "peek"

    cup.receive(wire.DEAL, (5, 3, NONCE))  # a face-bid deal at a poker table: refused, nothing dealt
    assert sent.of(wire.ERROR)[-1] == (wire.ERR_STATE, wire.DEAL) and len(sent.of(wire.COMMIT)) == 1
    cup.receive(wire.WELCOME, (1, 2, 3))  # a hub that came back: still poker
    assert isinstance(cup.mode, pc.PokerMode) and cup.state == cupmod.POKER


def test_both_modes_draw_their_secrets_from_the_cups_one_checked_source():
    draws = [bytes(range(16)), bytes(range(16)), bytes(range(16))]
    sent = Sent()
    cup = cupmod.Cup(sent, 7, "ana", "sim", source=lambda n: draws.pop(0)[:n], clock=Clock())
    cup.receive(wire.WELCOME, (1, 2, 3))
    cup.receive(wire.DEAL, (4, 3, NONCE))  # the first draw: a fine seed
    cup.receive(wire.PTABLE, (1, 0, pc.OPENING, 0, 0, pc.NO_BID))
    cup.receive(wire.PDEAL, (1, 0x1F, NONCE))  # the same bytes again, in the other mode: the source is stuck
    assert len(sent.of(wire.COMMIT)) == 1 and sent.of(wire.PCOMMIT) == []
    assert sent.of(wire.ERROR) == [(wire.ERR_RANDOM, wire.PDEAL)]
