"""What the cup shows, as pure functions that fill a pixel buffer (3 bytes per pixel, R G B).

No hardware here: a board copies the buffer to its NeoPixels, the virtual cup prints it as text.

Face-colour legend (one pixel per die):
    1 white   2 red   3 yellow   4 green   5 blue   6 magenta
Pip-count mode shows one die at a time as that many lit pixels (for one-colour strips and colour-blind
players); the cup steps through its dice.
A composed bid: pixel 0 in the face's colour, the other pixels the quantity in binary (lowest bit next to
pixel 0), white. An armed liar call: every pixel red; an armed spot call: every pixel cyan.
"""
FACE_COLOURS = (
    (0, 0, 0),
    (60, 60, 60),
    (80, 0, 0),
    (70, 50, 0),
    (0, 80, 0),
    (0, 0, 80),
    (70, 0, 70),
)
WHITE = (60, 60, 60)
RED = (80, 0, 0)
GREEN = (0, 80, 0)
CYAN = (0, 60, 60)
AMBER = (80, 24, 0)  # hurry: the turn clock's last seconds
DIM_BLUE = (0, 0, 8)
DIM_AMBER = (8, 4, 0)
OFF = (0, 0, 0)


def pixels(buf):
    return len(buf) // 3


def set_pixel(buf, i, colour):
    buf[3 * i] = colour[0]
    buf[3 * i + 1] = colour[1]
    buf[3 * i + 2] = colour[2]


def fill(buf, colour):
    for i in range(pixels(buf)):
        set_pixel(buf, i, colour)
    return buf


def faces(buf, dice, count):
    """One pixel per die in the legend colours; pixels past the dice are off."""
    fill(buf, OFF)
    for i in range(min(count, pixels(buf))):
        set_pixel(buf, i, FACE_COLOURS[dice[i]])
    return buf


def pips(buf, face, colour=WHITE):
    """`face` pixels lit: one die in pip-count mode."""
    fill(buf, OFF)
    for i in range(min(face, pixels(buf))):
        set_pixel(buf, i, colour)
    return buf


def bid(buf, qty, face):
    """A bid being composed: the face's colour, then the quantity in binary."""
    fill(buf, OFF)
    set_pixel(buf, 0, FACE_COLOURS[face])
    for bit in range(pixels(buf) - 1):
        if qty >> bit & 1:
            set_pixel(buf, bit + 1, WHITE)
    return buf


def marker(buf, colour):
    """Only pixel 0 lit: a quiet status light that gives nothing away."""
    fill(buf, OFF)
    set_pixel(buf, 0, colour)
    return buf


def blink(buf, colour, elapsed, period_ms=400):
    """Every pixel on for the first half of each period since the blinking began, off for the other half."""
    return fill(buf, colour if (elapsed // (period_ms // 2)) % 2 == 0 else OFF)
