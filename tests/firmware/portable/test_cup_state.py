"""The cup's state machine, driven message by message and gesture by gesture."""
from cuptest_helpers import Clock, Counter, Sent
from cupcore import commit, dice, wire
from cupcore import cup as cupmod
from cupcore.cup import BUTTON_A, BUTTON_B, Cup
from cupcore.gestures import DOUBLE, LONG, PRESS

NONCE = b"\x01\x02\x03\x04\x05\x06\x07\x08"
ENTROPY = b"\xe0" * 16


def seated(seat=2):
    sent = Sent()
    clock = Clock()
    cup = Cup(sent, 0xC0FFEE, "ana", "sim", source=Counter(b"cup"), clock=clock)
    cup.receive(wire.WHO, ())
    cup.receive(wire.WELCOME, (1, seat, 4))
    sent.clear()
    return cup, sent, clock


def rolled(deal_id=7, count=5, seat=2):
    """Dealt, committed, and given the hub's entropy: the dice exist."""
    cup, sent, clock = seated(seat)
    cup.receive(wire.DEAL, (deal_id, count, NONCE))
    cup.receive(wire.ENTROPY, (deal_id, ENTROPY))
    return cup, sent, clock


def table(deal_id=7, turn=2, bidder=wire.NOBODY, qty=0, face=0, in_play=20):
    return (deal_id, turn, bidder, qty, face, 0, in_play, wire.FLAG_WILD)


def dice_leave_only_in_reveals(sent):
    """True when no message other than REVEAL carries anything that could be the dice or the seed."""
    for mtype, values in sent.messages:
        if mtype != wire.REVEAL:
            for v in values:
                assert not isinstance(v, (bytes, bytearray)) or mtype == wire.COMMIT, (mtype, values)
    return True


def test_who_gets_hello_and_welcome_seats_the_cup():
    sent = Sent()
    cup = Cup(sent, 5, "bo", "sim", source=Counter())
    cup.receive(wire.WHO, ())
    assert sent.of(wire.HELLO) == [(wire.VERSION, cupmod.FW_MAJOR, cupmod.FW_MINOR, 5, "bo", "sim")]
    assert cup.state == cupmod.JOINING
    cup.receive(wire.WELCOME, (1, 3, 4))
    assert (cup.state, cup.seat) == (cupmod.WAITING, 3)


def test_a_round_rolls_and_sends_only_a_commitment_that_the_reveal_opens():
    cup, sent, clock = rolled()
    assert cup.state == cupmod.ROLLED
    [(deal_id, digest)] = sent.of(wire.COMMIT)
    assert deal_id == 7 and len(digest) == 32
    cup.receive(wire.REVEAL_REQ, (7,))
    [(deal_id, dice_shown, seed, _)] = sent.of(wire.REVEAL)
    assert len(dice_shown) == 5 and len(seed) == 16
    assert commit.verify(digest, NONCE, 2, 5, seed)
    assert dice_shown == bytes(dice.roll(seed, NONCE, 2, ENTROPY, 5))  # the dice are the seed's and the entropy's
    assert cup.state == cupmod.REVEALED
    assert dice_leave_only_in_reveals(sent)


def test_a_repeated_round_message_repeats_the_same_commitment_and_never_rerolls():
    cup, sent, clock = rolled()
    cup.receive(wire.DEAL, (7, 5, NONCE))
    first, second = sent.of(wire.COMMIT)
    assert first == second
    cup.receive(wire.DEAL, (7, 5, b"\xff" * 8))  # same round, other nonce: refused
    assert sent.messages[-1] == (wire.ERROR, (wire.ERR_STATE, wire.DEAL))


def test_reveal_requests_for_another_round_or_before_any_roll_get_errors_never_dice():
    cup, sent, clock = seated()
    cup.receive(wire.REVEAL_REQ, (7,))
    cup.receive(wire.DEAL, (7, 5, NONCE))
    cup.receive(wire.ENTROPY, (7, ENTROPY))
    cup.receive(wire.REVEAL_REQ, (6,))
    cup.receive(wire.REVEAL_REQ, (8,))
    assert sent.of(wire.REVEAL) == []
    assert sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.REVEAL_REQ)] * 3
    assert cup.state == cupmod.ROLLED


def test_after_the_result_the_dice_are_gone():
    cup, sent, clock = rolled()
    cup.receive(wire.REVEAL_REQ, (7,))
    cup.receive(wire.RESULT, (7, -1, 4, 0, wire.PLAYING))
    assert cup.state == cupmod.WAITING and cup.mode.dice_count == 0
    sent.clear()
    cup.receive(wire.REVEAL_REQ, (7,))
    assert sent.of(wire.REVEAL) == []


def test_a_round_for_an_unseated_cup_or_with_impossible_dice_is_refused():
    sent = Sent()
    cup = Cup(sent, 5, "bo", "sim", source=Counter())
    cup.receive(wire.DEAL, (1, 5, NONCE))
    assert sent.of(wire.COMMIT) == [] and sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.DEAL)]
    cup.receive(wire.WELCOME, (1, 0, 2))
    cup.receive(wire.DEAL, (1, 0, NONCE))
    assert sent.of(wire.ERROR)[-1] == (wire.ERR_BODY, wire.DEAL) and cup.state == cupmod.WAITING


def test_my_turn_composes_from_the_smallest_raise_and_sends_the_bid():
    cup, sent, clock = rolled()
    cup.receive(wire.TABLE, table(bidder=1, qty=3, face=4))
    assert cup.state == cupmod.TURN and (cup.mode.qty, cup.mode.face) == (3, 5)
    cup.gesture(BUTTON_B, PRESS)  # 4x5
    cup.gesture(BUTTON_A, PRESS)  # 4x6
    cup.gesture(BUTTON_A, PRESS)  # 4x1
    cup.gesture(BUTTON_A, PRESS)  # 4x2
    cup.gesture(BUTTON_B, PRESS)  # 5x2
    cup.gesture(BUTTON_A, DOUBLE)  # 4x2
    cup.gesture(BUTTON_B, LONG)
    assert sent.of(wire.INTENT) == [(7, wire.BID, 4, 2)]
    cup.gesture(BUTTON_B, LONG)  # nothing more until the hub answers
    assert len(sent.of(wire.INTENT)) == 1
    cup.receive(wire.ACCEPT, (7, wire.BID))
    assert cup.state == cupmod.ROLLED


def test_liar_and_spot_are_chosen_with_b_double():
    cup, sent, clock = rolled()
    cup.receive(wire.TABLE, table(bidder=1, qty=3, face=4))
    cup.gesture(BUTTON_B, DOUBLE)
    cup.gesture(BUTTON_B, LONG)
    cup.receive(wire.REFUSE, (7, wire.LIAR, 4))
    assert cup.mode.last_refusal == 4 and cup.state == cupmod.TURN
    cup.gesture(BUTTON_B, DOUBLE)
    cup.gesture(BUTTON_B, LONG)
    assert sent.of(wire.INTENT) == [(7, wire.LIAR, 0, 0), (7, wire.SPOT, 0, 0)]


def test_the_quantity_stays_between_one_and_the_dice_in_play():
    cup, sent, clock = rolled()
    cup.receive(wire.TABLE, table(in_play=3))
    for _ in range(5):
        cup.gesture(BUTTON_B, PRESS)
    assert cup.mode.qty == 3
    for _ in range(5):
        cup.gesture(BUTTON_A, DOUBLE)
    assert cup.mode.qty == 1


def test_gestures_out_of_turn_send_nothing():
    cup, sent, clock = rolled()
    cup.receive(wire.TABLE, table(turn=1))
    sent.clear()
    for button in (BUTTON_A, BUTTON_B):
        for kind in (PRESS, DOUBLE, LONG):
            cup.gesture(button, kind)
    assert sent.messages == [] and cup.state == cupmod.ROLLED


def test_ready_between_rounds():
    cup, sent, clock = seated()
    cup.gesture(BUTTON_B, LONG)
    assert sent.of(wire.INTENT) == [(0, wire.READY, 0, 0)]
    cup.receive(wire.ACCEPT, (0, wire.READY))
    assert cup.mode.awaiting == 0


def test_the_turn_passing_returns_to_rolled_and_stale_tables_are_refused():
    cup, sent, clock = rolled()
    cup.receive(wire.TABLE, table(turn=2))
    cup.receive(wire.TABLE, table(turn=3))
    assert cup.state == cupmod.ROLLED
    cup.receive(wire.TABLE, table(deal_id=6, turn=2))
    assert cup.state == cupmod.ROLLED and sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.TABLE)]


def test_an_unexpected_accept_or_refuse_changes_nothing():
    cup, sent, clock = rolled()
    cup.receive(wire.ACCEPT, (7, wire.BID))
    cup.receive(wire.REFUSE, (7, wire.BID, 1))
    assert cup.state == cupmod.ROLLED and len(sent.of(wire.ERROR)) == 2


def test_out_is_out():
    cup, sent, clock = rolled()
    cup.receive(wire.REVEAL_REQ, (7,))
    cup.receive(wire.RESULT, (7, -1, 0, 0, wire.OUT))
    assert cup.state == cupmod.OUT
    cup.receive(wire.DEAL, (8, 5, NONCE))
    assert sent.of(wire.ERROR)[-1] == (wire.ERR_STATE, wire.DEAL)


def test_ping_is_answered():
    cup, sent, clock = seated()
    cup.receive(wire.PING, (42,))
    assert sent.of(wire.PONG) == [(42,)]


def colours(buf):
    return [tuple(buf[i : i + 3]) for i in range(0, len(buf), 3)]


def test_leds_hide_the_dice_until_a_peek_and_show_them_once_revealed():
    from cupcore import leds

    cup, sent, clock = rolled()
    buf = bytearray(18)
    assert colours(cup.render(buf)) == [leds.DIM_AMBER] + [leds.OFF] * 5
    cup.gesture(BUTTON_A, LONG)  # peek
    shown = colours(cup.render(buf))
    assert shown[:5] == [leds.FACE_COLOURS[d] for d in cup.mode._dice[:5]]
    clock.advance(Cup.peek_ms + 1)
    assert colours(cup.render(buf))[0] == leds.DIM_AMBER
    cup.receive(wire.REVEAL_REQ, (7,))
    clock.advance(300)  # past the revealed look's white flash
    assert colours(cup.render(buf))[:5] == [leds.FACE_COLOURS[d] for d in cup.mode._dice[:5]]


def test_pip_mode_peek_steps_through_the_dice():
    from cupcore import leds

    cup, sent, clock = rolled(count=3)
    cup.pip_mode = True
    cup.gesture(BUTTON_A, LONG)
    buf = bytearray(18)
    seen = []
    for step in range(7):
        lit = len([c for c in colours(cup.render(buf)) if c != leds.OFF])
        seen.append(lit)
        clock.advance(Cup.pip_step_ms)
    assert seen == [cup.mode._dice[0], 0, cup.mode._dice[1], 0, cup.mode._dice[2], 0, 1]  # then the quiet marker again


def test_cues_blink_then_give_way():
    from cupcore import leds

    cup, sent, clock = rolled()
    cup.receive(wire.CUE, (wire.CUE_LOST, 0))
    assert colours(cup.render(bytearray(6))) == [leds.RED] * 2
    clock.advance(Cup.cue_ms + 1)
    assert colours(cup.render(bytearray(6)))[0] == leds.DIM_AMBER


def test_a_hub_asking_who_again_leaves_the_round_alone():
    cup, sent, clock = rolled()
    [(_, digest)] = sent.of(wire.COMMIT)
    cup.receive(wire.WHO, ())
    assert sent.of(wire.HELLO) and cup.state == cupmod.ROLLED
    cup.receive(wire.WELCOME, (1, 2, 4))  # the same seat: a cup back after a drop keeps its dice
    cup.receive(wire.DEAL, (7, 5, NONCE))
    assert sent.of(wire.COMMIT) == [(7, digest), (7, digest)]
    cup.receive(wire.ENTROPY, (7, ENTROPY))  # and the hub's entropy again: nothing changes
    assert cup.state == cupmod.ROLLED and not sent.of(wire.ERROR)
    cup.receive(wire.WELCOME, (1, 3, 4))  # another seat: a new game, the old round is gone
    assert cup.state == cupmod.WAITING and cup.mode.dice_count == 0


def test_holding_b_before_the_game_asks_for_a_seat():
    sent = Sent()
    clock = Clock()
    cup = Cup(sent, 9, "cy", "sim", source=Counter(), clock=clock)
    cup.receive(wire.WHO, ())
    cup.gesture(BUTTON_B, LONG)
    assert sent.of(wire.INTENT) == [(0, wire.READY, 0, 0)]
    cup.gesture(BUTTON_B, LONG)  # asked already: once is enough until the hub answers
    assert len(sent.of(wire.INTENT)) == 1
    cup.receive(wire.ACCEPT, (0, wire.READY))
    cup.receive(wire.WELCOME, (1, 0, 3))
    assert (cup.state, cup.seat) == (cupmod.WAITING, 0)
    assert sent.of(wire.ERROR) == []


def test_peeking_is_a_state_the_board_can_show():
    cup, sent, clock = rolled()
    assert not cup.peeking
    cup.gesture(BUTTON_A, LONG)
    assert cup.peeking
    clock.advance(cup.peek_ms + 1)
    cup.render(bytearray(18))
    assert not cup.peeking


def test_a_cue_shows_before_a_peek_and_the_board_is_told_which():
    cup, sent, clock = rolled()
    cup.receive(wire.CUE, (wire.CUE_LOST, 0))
    cup.gesture(BUTTON_A, LONG)
    buf = bytearray(18)
    cup.render(buf)
    assert cup.showing == "cue"
    clock.advance(cup.cue_ms + 1)
    cup.render(buf)
    assert cup.showing == "peek"
    clock.advance(cup.peek_ms + 1)
    cup.render(buf)
    assert cup.showing is None
