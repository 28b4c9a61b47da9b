"""The cup's poker mode (cupcore/pokercup.py): a commitment per die, each die opened alone, a re-roll under the
cup a fresh seed and commitment, the holder's buttons. Runs on CPython and on the MicroPython unix port."""
from cuptest_helpers import Clock, Counter, Sent, poker_mode
from cupcore import commit, dice, leds, wire
from cupcore import pokercup as pc
from cupcore.gestures import DOUBLE, LONG, PRESS

NONCE = b"\x01\x02\x03\x04\x05\x06\x07\x08"
NONCE2 = b"\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10"
ENTROPY = bytes(range(200, 216))
ENTROPY2 = bytes(range(16))
A, B = 0, 1


def table(cup, stage, on_table=0, standing=pc.NO_BID, way=0, rnd=1):
    cup.receive(wire.PTABLE, (rnd, 2, stage, on_table, way, standing))


def shaken():
    """A cup whose opener shook: all five rolled in sub-deal 1."""
    sent, clock = Sent(), Clock()
    cup = poker_mode(sent, Counter(b"poker"), clock)
    table(cup, pc.OPENING)
    cup.gesture(B, LONG)
    assert sent.of(wire.INTENT) == [(1, wire.SHAKE, 0, 0)]
    cup.receive(wire.ACCEPT, (1, wire.SHAKE))
    cup.receive(wire.PDEAL, (1, 0x1F, NONCE))
    cup.receive(wire.ENTROPY, (1, ENTROPY))
    return cup, sent, clock


def test_each_die_is_committed_alone_and_the_entropy_makes_its_face():
    cup, sent, clock = shaken()
    commits = sent.of(wire.PCOMMIT)
    assert [(deal, die) for deal, die, _ in commits] == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5)]
    for d in range(5):
        seed = cup._seed(d)
        assert commits[d][2] == commit.digest(NONCE, d + 1, 1, seed)
        assert cup.faces[d] == dice.roll(seed, NONCE, d + 1, ENTROPY, 1)[0]
    assert len(set(bytes(cup._seed(d)) for d in range(5))) == 5  # five seeds, not one
    assert sent.of(wire.OPEN) == [] and cup.rolled  # nothing leaves the cup: the dice are under it


def test_nothing_is_rolled_before_the_entropy_and_a_pdeal_sent_again_keeps_the_seeds():
    sent = Sent()
    cup = poker_mode(sent, Counter(b"again"), Clock())
    table(cup, pc.OPENING)
    cup.receive(wire.PDEAL, (3, 0x1F, NONCE))
    first = sent.of(wire.PCOMMIT)
    cup.receive(wire.PDEAL, (3, 0x1F, NONCE))
    assert sent.of(wire.PCOMMIT)[5:] == first and not cup.rolled
    cup.gesture(A, LONG)
    assert not cup.peeking
    cup.receive(wire.REVEAL_REQ, (1,))
    assert sent.of(wire.OPEN) == []  # no die exists yet: nothing to open
    cup.receive(wire.ENTROPY, (9, ENTROPY))
    assert sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.ENTROPY)]


def test_a_die_moved_to_the_table_is_opened_alone_and_the_rest_stay_hidden():
    cup, sent, clock = shaken()
    table(cup, pc.HANDLING)
    cup.gesture(A, PRESS)  # the cursor to die 2
    cup.gesture(B, PRESS)  # move it: to the table
    [(deal, die, face, seed, _)] = sent.of(wire.OPEN)
    assert (deal, die) == (1, 2) and commit.verify(sent.of(wire.PCOMMIT)[1][2], NONCE, 2, 1, seed)
    assert face == dice.roll(seed, NONCE, 2, ENTROPY, 1)[0]
    table(cup, pc.HANDLING, on_table=0b00010)
    cup.gesture(B, PRESS)  # the same die again: back under the cup
    assert sent.of(wire.INTENT)[-1] == (1, wire.HIDE, 0b00010, 0)
    cup.receive(wire.ACCEPT, (1, wire.HIDE))
    table(cup, pc.HANDLING, on_table=0)
    cup.receive(wire.REVEAL_REQ, (1,))  # the lift: the four never opened, not die 2 again
    assert [m[1] for m in sent.of(wire.OPEN)] == [2, 1, 3, 4, 5]


def test_a_reroll_under_the_cup_is_a_fresh_seed_and_commitment_and_an_open_roll_opens_as_it_lands():
    cup, sent, clock = shaken()
    table(cup, pc.HANDLING, on_table=0b00011)  # dice 1 and 2 lie on the table
    old = [cup._seed(d) for d in range(5)]
    cup.gesture(B, DOUBLE)  # tool: shake
    cup.gesture(B, LONG)
    assert sent.of(wire.INTENT)[-1] == (1, wire.SHAKE, 0, 0)
    cup.receive(wire.ACCEPT, (1, wire.SHAKE))
    cup.receive(wire.PDEAL, (2, 0b11100, NONCE2))
    fresh = sent.of(wire.PCOMMIT)[5:]
    assert [m[:2] for m in fresh] == [(2, 3), (2, 4), (2, 5)]
    assert all(cup._seed(d) != old[d] for d in (2, 3, 4)) and cup._seed(0) == old[0]
    cup.receive(wire.ENTROPY, (2, ENTROPY2))
    assert sent.of(wire.OPEN) == [] and cup.faces[2] == dice.roll(cup._seed(2), NONCE2, 3, ENTROPY2, 1)[0]
    cup.gesture(B, DOUBLE)  # tool: roll (in the open)
    cup.gesture(B, PRESS)   # pick die 1 (the cursor is on it)
    cup.gesture(B, LONG)
    assert sent.of(wire.INTENT)[-1] == (1, wire.ROLL, 0b00001, 0)
    cup.receive(wire.ACCEPT, (1, wire.ROLL))
    cup.receive(wire.PDEAL, (3, 0b00001, NONCE))
    cup.receive(wire.ENTROPY, (3, ENTROPY2))
    [(deal, die, face, seed, _)] = sent.of(wire.OPEN)
    assert (deal, die) == (3, 1) and face == dice.roll(seed, NONCE, 1, ENTROPY2, 1)[0]


def test_the_holder_composes_a_hand_and_the_way_and_bids_it():
    cup, sent, clock = shaken()
    for _ in range(5):
        cup.gesture(A, PRESS)  # die 1 of the bid: none -> 9 T J Q K
    cup.gesture(B, PRESS)  # the bid's next die
    for _ in range(5):
        cup.gesture(A, PRESS)  # die 2: K
    cup.gesture(B, DOUBLE)  # the way: right
    cup.gesture(B, LONG)
    code = pc.hand_code(bytes((5, 5, 0, 0, 0)))
    assert sent.of(wire.INTENT)[-1] == (1, wire.PBID_RIGHT, code >> 8, code & 0xFF)
    assert bytes(pc.hand_dice(code, bytearray(5))) == bytes((5, 5, 0, 0, 0))
    cup.receive(wire.REFUSE, (1, wire.PBID_RIGHT, 2))  # refused: composing starts again from the standing bid
    assert bytes(cup.bid) == bytes(5) and cup.pos == 0 and cup.awaiting == 0


def test_the_receiver_takes_the_cup_or_calls_liar():
    sent = Sent()
    cup = poker_mode(sent, Counter(b"recv"), Clock())
    table(cup, pc.RECEIVING, standing=pc.hand_code(bytes((5, 5, 4, 4, 0))))
    buf = bytearray(15)
    assert tuple(cup.render(buf)[:3]) == leds.GREEN
    cup.gesture(B, PRESS)
    assert tuple(cup.render(buf)[:3]) == leds.RED
    cup.gesture(B, LONG)
    assert sent.of(wire.INTENT) == [(1, wire.LIAR, 0, 0)]
    cup.receive(wire.REFUSE, (1, wire.LIAR, 1))
    assert cup.awaiting == 0 and cup.last_refusal == 1


def test_the_leds_show_table_dice_and_hide_the_rest_until_a_peek():
    cup, sent, clock = shaken()
    table(cup, pc.HANDLING, on_table=0b00100)
    buf = bytearray(15)
    cup.render(buf)
    shown = [tuple(buf[i:i + 3]) for i in range(0, 15, 3)]
    assert shown[2] == leds.FACE_COLOURS[cup.faces[2]]
    assert shown[3] == leds.OFF and shown[4] == leds.OFF
    cup.gesture(A, LONG)
    cup.render(buf)
    assert [tuple(buf[i:i + 3]) for i in range(0, 15, 3)] == [leds.FACE_COLOURS[f] for f in cup.faces]
    clock.advance(cup.peek_ms + 1)
    cup.render(buf)
    assert tuple(buf[9:12]) == leds.OFF


def test_the_cup_turns_to_poker_at_the_first_ptable_and_its_buttons_go_there():
    from cupcore import cup as cupmod

    sent, clock = Sent(), Clock()
    cup = cupmod.Cup(sent, 7, "table", "sim", source=Counter(b"whole"), clock=clock)
    cup.receive(wire.PTABLE, (1, 0, pc.OPENING, 0, 0, pc.NO_BID))
    assert not isinstance(cup.mode, pc.PokerMode)  # not seated yet: refused
    assert sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.PTABLE)]
    cup.receive(wire.WELCOME, (1, 0, 4))
    cup.receive(wire.PTABLE, (1, 0, pc.OPENING, 0, 0, pc.NO_BID))
    assert cup.state == cupmod.POKER and cupmod.STATE_NAMES[cup.state] == "poker"
    cup.gesture(B, LONG)
    assert sent.of(wire.INTENT) == [(1, wire.SHAKE, 0, 0)]
    cup.receive(wire.ACCEPT, (1, wire.SHAKE))
    cup.receive(wire.PDEAL, (1, 0x1F, NONCE))
    cup.receive(wire.ENTROPY, (1, ENTROPY))
    assert cup.mode.rolled and len(sent.of(wire.PCOMMIT)) == 5
    cup.gesture(A, LONG)
    buf = bytearray(15)
    cup.render(buf)
    assert cup.showing == "peek" and [tuple(buf[i:i + 3]) for i in range(0, 15, 3)] == \
        [leds.FACE_COLOURS[f] for f in cup.mode.faces]
    assert 0 <= cup.due_in(clock()) <= cup.mode.peek_ms
