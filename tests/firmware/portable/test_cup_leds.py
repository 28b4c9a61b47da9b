"""LED patterns: pure functions over a pixel buffer."""
from cupcore import leds


def colours(buf):
    return [tuple(buf[i : i + 3]) for i in range(0, len(buf), 3)]


def test_faces_use_the_legend_one_pixel_per_die():
    buf = leds.faces(bytearray(18), bytes([1, 2, 3, 4, 5, 6]), 6)
    assert colours(buf) == list(leds.FACE_COLOURS[1:])


def test_faces_leave_extra_pixels_dark_and_clip_extra_dice():
    assert colours(leds.faces(bytearray(18), bytes([6, 6]), 2))[2:] == [leds.OFF] * 4
    assert colours(leds.faces(bytearray(6), bytes([1, 2, 3]), 3)) == [leds.FACE_COLOURS[1], leds.FACE_COLOURS[2]]


def test_the_legend_colours_are_all_different():
    assert len(set(leds.FACE_COLOURS[1:])) == 6


def test_pips_light_as_many_pixels_as_the_face():
    for face in range(1, 7):
        lit = [c for c in colours(leds.pips(bytearray(18), face)) if c != leds.OFF]
        assert len(lit) == face


def test_a_composed_bid_is_face_colour_then_quantity_in_binary():
    buf = leds.bid(bytearray(18), 13, 5)  # 13 = 0b01101
    assert colours(buf) == [leds.FACE_COLOURS[5], leds.WHITE, leds.OFF, leds.WHITE, leds.WHITE, leds.OFF]


def test_marker_and_blink():
    assert colours(leds.marker(bytearray(9), leds.DIM_AMBER)) == [leds.DIM_AMBER, leds.OFF, leds.OFF]
    assert colours(leds.blink(bytearray(6), leds.RED, 0)) == [leds.RED] * 2
    assert colours(leds.blink(bytearray(6), leds.RED, 200)) == [leds.OFF] * 2
