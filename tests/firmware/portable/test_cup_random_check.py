"""A cup never commits to a secret drawn from a stuck random source: every byte the same (as the emulated RP2040's
stubbed ring oscillator gave, 0x2a over and over) or the same draw twice. It says so (ERR_RANDOM) and holds no
dice; a working source deals as before. Runs on CPython and on MicroPython, like the rest of portable/."""
from cuptest_helpers import Counter, Sent, poker_mode
from cupcore import wire
from cupcore import cup as cupmod
from cupcore.cup import Cup
from cupcore.randomcheck import Checked, StuckSource

NONCE = b"\x11\x22\x33\x44\x55\x66\x77\x88"


def seated(source):
    sent = Sent()
    cup = Cup(sent, 7, "bo", "sim", source=source)
    cup.receive(wire.WELCOME, (1, 1, 3))
    return cup, sent


def test_a_source_that_gives_one_byte_over_and_over_deals_no_secret():
    cup, sent = seated(lambda n: b"\x2a" * n)
    cup.receive(wire.DEAL, (4, 5, NONCE))
    assert sent.of(wire.COMMIT) == []
    assert sent.of(wire.ERROR) == [(wire.ERR_RANDOM, wire.DEAL)]
    assert cup.state == cupmod.WAITING and not cup.mode.dice_count


def test_a_source_that_repeats_its_last_draw_is_caught_at_the_next_deal():
    draws = [bytes(range(16)), bytes(range(16))]
    cup, sent = seated(lambda n: draws.pop(0)[:n])
    cup.receive(wire.DEAL, (4, 5, NONCE))
    cup.receive(wire.DEAL, (5, 5, NONCE))
    assert [deal for deal, _ in sent.of(wire.COMMIT)] == [4]
    assert sent.of(wire.ERROR) == [(wire.ERR_RANDOM, wire.DEAL)]


def test_a_working_source_deals_and_short_draws_are_not_judged_alone():
    cup, sent = seated(Counter(b"fine"))
    cup.receive(wire.DEAL, (4, 5, NONCE))
    assert len(sent.of(wire.COMMIT)) == 1 and sent.of(wire.ERROR) == []
    check = Checked(lambda n: b"\x00" * n)
    assert check(4) == b"\x00" * 4  # a nonce's few bytes
    try:
        check(16)
    except StuckSource:
        pass
    else:
        raise AssertionError("a draw of sixteen zeros passed the check")


def test_the_poker_cup_deals_no_round_secret_from_a_stuck_source():
    sent = Sent()
    poker = poker_mode(sent, lambda n: b"\x2a" * n)
    poker.receive(wire.PDEAL, (1, 0b11111, NONCE))
    assert sent.of(wire.ERROR) == [(wire.ERR_RANDOM, wire.PDEAL)]
    assert sent.of(wire.PCOMMIT) == []
