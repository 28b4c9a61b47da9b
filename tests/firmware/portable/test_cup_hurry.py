"""The turn clock's last seconds on the cup (issue 12 item 9): the hub sends CUE_HURRY with the seconds left to
the cup whose turn it is; the cup blinks that many pixels amber (its own look, not the turn's white), sounds a
tone of its own, then gives the display back."""
from cuptest_helpers import Clock, Counter, Sent
from cupcore import board, leds, wire
from cupcore.cup import Cup

PIXELS = 6


def seated():
    sent = Sent()
    clock = Clock()
    cup = Cup(sent, 0xC0FFEE, "ana", "sim", source=Counter(b"hurry"), clock=clock)
    cup.receive(wire.WHO, ())
    cup.receive(wire.WELCOME, (1, 0, 2))
    return cup, clock


def colours(buf):
    return [tuple(buf[i : i + 3]) for i in range(0, len(buf), 3)]


def shown(cup):
    return colours(cup.render(bytearray(3 * PIXELS)))


def test_hurry_blinks_the_seconds_left_in_amber_then_gives_the_display_back():
    cup, clock = seated()
    quiet = shown(cup)
    cup.receive(wire.CUE, (wire.CUE_HURRY, 3))
    assert shown(cup) == [leds.AMBER] * 3 + [leds.OFF] * 3
    assert cup.showing == "cue"
    clock.advance(200)  # the blink's dark half
    assert shown(cup) == [leds.OFF] * PIXELS
    clock.advance(200)
    assert shown(cup) == [leds.AMBER] * 3 + [leds.OFF] * 3
    clock.advance(Cup.cue_ms)
    assert shown(cup) == quiet


def test_hurry_looks_unlike_the_turn_cue_and_always_lights_something():
    cup, clock = seated()
    cup.receive(wire.CUE, (wire.CUE_TURN, 0))
    turn = shown(cup)
    for left in (0, 1, 5, 9, 255):
        cup.receive(wire.CUE, (wire.CUE_HURRY, left))
        hurry = shown(cup)
        assert hurry != turn, left
        lit = [c for c in hurry if c != leds.OFF]
        assert lit and all(c == leds.AMBER for c in lit), (left, hurry)
        assert len(lit) == max(1, min(left, PIXELS)), (left, hurry)


def test_hurry_has_a_tone_of_its_own():
    assert wire.CUE_HURRY == 9
    assert wire.CUE_HURRY in board.TONES
    assert board.TONES[wire.CUE_HURRY] != board.TONES[wire.CUE_TURN]
