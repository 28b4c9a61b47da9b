"""Reading a real cup's LEDs as a person at the table does: colours to letters, and what the cup is showing.

The emulator decodes the WS2812 bitstream into frames, each with the chip's time. A virtual cup writes its state
beside its pixels (`leds WRYGB. state=turn`); a board can't, so its state is read off the pixels and their timing,
in the same line format, so the same bot hands play both:
- a blink (a cue: every pixel one colour, then all off, 200 ms apart) is `cue`;
- the frames within a peek's length after the peek button was pressed are `peek`;
- a white flash every second over the dice is `revealed`;
- otherwise the picture says it: a dim amber marker `rolled`, a dim blue one `waiting`, a composed bid (pixel 0 a
  face colour, the quantity in white binary on the rest), all red or all cyan `turn`, all dark `out`.
"""
from cupcore import leds
from cupcore.board import capped
from cupcore.cup import Cup

BLINK_MS = 200  # leds.blink's half period
PEEK_MS = Cup.peek_ms
_SLACK_MS = 60  # a step of the cup's loop, late: it renders when something is due, not to the microsecond
_FLASH_EVERY_MS = 1000
_FACES = "WRYGBM"


def letter_table(max_level: int) -> dict:
    """{(r, g, b) as the strip receives it: letter}, for a board that caps its channels at max_level."""
    named = {leds.OFF: ".", leds.CYAN: "C", leds.AMBER: "A", leds.DIM_BLUE: "b", leds.DIM_AMBER: "a"}
    named.update({leds.FACE_COLOURS[face]: _FACES[face - 1] for face in range(1, 7)})
    return {tuple(capped(channel, max_level) for channel in colour): letter for colour, letter in named.items()}


def letters(rgb: list, table: dict) -> str:
    return "".join(table.get(tuple(pixel), "?") for pixel in rgb)


def _uniform(picture: str) -> bool:
    return len(set(picture)) == 1 and picture[0] != "."


def _dark(picture: str) -> bool:
    return set(picture) <= {"."}


def _blink_pair(a: str, b: str) -> bool:
    """Two pictures that follow each other in a blink: lit and dark (the hurry cue lights only some pixels)."""
    lit, dark = (a, b) if _dark(b) else (b, a)
    return _dark(dark) and not _dark(lit) and len(set(lit.replace(".", ""))) == 1 and lit[0] != "."


def steady_state(picture: str) -> str:
    """The cup's state from a picture that holds still."""
    if _dark(picture):
        return "out"
    rest = picture[1:]
    if picture[0] == "a" and _dark(rest):
        return "rolled"
    if picture[0] == "b" and _dark(rest):
        return "waiting"
    if _uniform(picture) and picture[0] in "RC":
        return "turn"  # an armed call: liar (red) or spot (cyan)
    if picture[0] in _FACES and set(rest) <= {"W", "."}:
        return "turn"  # a bid being composed
    return "revealed"


def read_state(frames: list, now_ms: float, peek_pressed_ms: float | None) -> str:
    """What the cup shows now: frames [(chip ms, picture)] oldest first; peek_pressed_ms: when the hand last
    pressed the peek (chip ms), or None."""
    if not frames:
        return "joining"
    t_last, last = frames[-1]
    if now_ms - t_last <= BLINK_MS + _SLACK_MS:
        if len(frames) > 1 and _blink_pair(frames[-2][1], last) and \
                abs(t_last - frames[-2][0] - BLINK_MS) <= _SLACK_MS:
            return "cue"
        if len(frames) == 1 or not _blink_pair(frames[-2][1], last):
            if _uniform(last) and last[0] in "WGR" and _new_after_steady(frames):
                return "cue"  # the first lit half of a blink: the next frame says for sure
    if peek_pressed_ms is not None:
        shown = [(t, p) for t, p in frames if t >= peek_pressed_ms]
        if shown and now_ms - shown[0][0] < PEEK_MS - _SLACK_MS:
            return "peek"
    if _flashed(frames, now_ms):
        return "revealed"
    return steady_state(last)


def _new_after_steady(frames: list) -> bool:
    """The last picture is new (a cue starting), not the armed-liar red that holds still."""
    return len(frames) < 2 or frames[-2][1] != frames[-1][1]


def _flashed(frames: list, now_ms: float) -> bool:
    """A revealed cup flashes white over its dice once a second (not a cue's white blink, which goes dark)."""
    recent = [(t, p) for t, p in frames if now_ms - t <= _FLASH_EVERY_MS + _SLACK_MS]
    for (t, picture), (t_next, after) in zip(recent, recent[1:]):
        if _uniform(picture) and picture[0] == "W" and not _dark(after):
            return True
    return False
