"""The simulated board layer: what a real board's thin hardware layer does, done with files. SimBoard is a
cupcore.board.BoardBase like every real board's, driven by the same cupcore Runner (simcup.py).

- Serial: stdin/stdout, exactly as a board's USB serial. The launcher makes them a pseudo-terminal, non-blocking.
- Buttons: a FIFO of text commands, one per line, from a keyboard, a script or a bot:
      press a | long a | double b   a whole gesture, played out on the pin with realistic timing
      down a | up a                  the raw pin, for a person at a keyboard
      quit                           stop the cup
  The pins are callables that read a timeline, so the cup's real debouncing and gesture code does the work.
- LEDs: each change of the pixel buffer (or of the cup's state) is one line of text in a file: `leds WRYGB. state=rolled`,
  one letter per pixel (legend in LED_LETTERS), lower case for the dim status colours. A cue's tone starts with
  its display and is written in the same line: `leds WWWWWW tone=1320 state=cue`.
- Flash: the deal in progress in a file of the cup's state folder (`--keep FILE`, cupcore/keep.py), as a board
  keeps it in its flash: a cup killed and started again on the same folder comes back with the same dice.
Runs under the MicroPython unix port and, as a fallback, under CPython.
"""
import sys

from cupcore import leds
from cupcore.board import BoardBase
from cupcore.compat import sha256, ticks_add, ticks_diff, ticks_ms
from cupcore.gestures import Button
from cupcore.keep import FileStore

LED_LETTERS = {
    leds.OFF: ".",
    leds.FACE_COLOURS[1]: "W",
    leds.FACE_COLOURS[2]: "R",
    leds.FACE_COLOURS[3]: "Y",
    leds.FACE_COLOURS[4]: "G",
    leds.FACE_COLOURS[5]: "B",
    leds.FACE_COLOURS[6]: "M",
    leds.CYAN: "C",
    leds.AMBER: "A",  # hurry: the turn clock's last seconds
    leds.DIM_BLUE: "b",
    leds.DIM_AMBER: "a",
}


class Serial:
    """The board's serial port: stdin and stdout, read without blocking."""

    def __init__(self):
        self.fd = 0
        try:
            import os

            self._os_read = os.read  # CPython
            self._os_write = os.write
        except (ImportError, AttributeError):
            self._os_read = None

    def readinto(self, buf):
        """Bytes read into buf now (0 if none); raises OSError when the other end is gone."""
        if self._os_read is None:
            return sys.stdin.buffer.readinto(buf) or 0
        try:
            data = self._os_read(0, len(buf))
        except BlockingIOError:
            return 0
        if not data:
            raise OSError("serial closed")
        buf[: len(data)] = data
        return len(data)

    def write(self, frame):
        # A full buffer (nobody reading) drops the frame; the link's retransmission covers reliable ones.
        try:
            if self._os_read is None:
                sys.stdout.buffer.write(frame)
            else:
                self._os_write(1, frame)
        except OSError:
            pass


class ButtonFifo:
    """The FIFO that button commands arrive on, opened read-write so it never reports end-of-file."""

    def __init__(self, path):
        self._pending = b""
        try:
            import os

            self.fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)  # CPython
            self._os_read = os.read
            self._file = None
        except (ImportError, AttributeError):  # MicroPython: no os.open
            self._file = open(path, "r+b")
            self.fd = self._file.fileno()

    def lines(self):
        """The complete command lines that have arrived (call when the FIFO polls readable)."""
        if self._file is not None:
            return [self._file.readline().decode()]
        try:
            self._pending += self._os_read(self.fd, 256)
        except BlockingIOError:
            return []
        *complete, self._pending = self._pending.split(b"\n")
        return [line.decode() for line in complete]


class Buttons:
    """Turns gesture commands into one timeline of taps across all the buttons, read by the pins.

    The pins are callables (`buttons.pins[0]()` is True while A is held), so the cup's real debouncing and
    gesture code does the work. A press is an event the cup sees, not a span of wall-clock time: a busy machine
    can pause the cup's process for longer than a tap lasts. So the timeline runs on the cup's own readings: a
    tap starts when the cup first reads it (everything after it moves back by the delay), lasts as long as it
    was meant to from there and until the cup has read it down once more in its last few milliseconds (so a
    long press read seldom is still seen held past the long-press time), and is followed by at least one "up"
    reading, whose lateness also moves the rest back. Long presses stay long, the taps of a double stay close,
    and gestures keep their order across buttons.
    """

    def __init__(self, names=("a", "b")):
        self.names = names
        self.held = [False] * len(names)  # "down a" / "up a" from a person at a keyboard
        self.timeline = []  # [pin index, down_at, up_at], in order
        self._seen_down = False  # the head tap has been read as down
        self._down_read = 0  # when the head tap was last read as down
        self._owed_up = None  # the pin owed one "up" reading after its tap
        self._up_due = 0
        self._free_at = ticks_ms()
        self.asked = 0  # gestures commanded so far ("down"/"up" from a keyboard are not gestures)
        self.pins = [self._reader(i) for i in range(len(names))]

    def _reader(self, index):
        return lambda: self.level(index)

    def level(self, index):
        if self.held[index]:
            return True
        now = ticks_ms()
        if self._owed_up is not None:
            if self._owed_up == index:
                self._owed_up = None
                self._shift(ticks_diff(now, self._up_due))
            return False
        if not self.timeline:
            return False
        pin, down_at, up_at = self.timeline[0]
        if pin != index or ticks_diff(now, down_at) < 0:
            return False
        if not self._seen_down:
            self._seen_down = True
            self._shift(ticks_diff(now, down_at))
            self._down_read = now
            return True
        if ticks_diff(now, up_at) < 0 or ticks_diff(up_at, self._down_read) > 3 * Button.debounce_ms:
            # Still down, or its end came between two readings: held until read once more, the rest later.
            self._shift(ticks_diff(now, up_at))
            self._down_read = now
            return True
        self.timeline.pop(0)
        self._seen_down = False
        self._owed_up = index
        self._up_due = up_at
        return False

    def settled(self, now):
        """Every gesture asked for is played out, its quiet after it too: the cup's gesture code has taken it
        (and the cup acted on it, or dropped it) by the end of the pass that read it."""
        return not self.timeline and self._owed_up is None and ticks_diff(now, self._free_at) >= 0

    def _shift(self, late):
        if late > 0:
            self.timeline = [(p, ticks_add(d, late), ticks_add(u, late)) for p, d, u in self.timeline]
            self._free_at = ticks_add(self._free_at, late)

    def command(self, line):
        """Carry out one command line; return False for quit."""
        words = line.strip().lower().split()
        if not words:
            return True
        if words[0] == "quit":
            return False
        if len(words) != 2 or words[1] not in self.names:
            return True  # a typo at the keyboard is not worth crashing a cup
        index = self.names.index(words[1])
        verb = words[0]
        if verb in ("down", "up"):
            self.held[index] = verb == "down"
        elif verb in ("press", "long", "double"):
            self._schedule(index, verb)
            self.asked += 1
        return True

    def _schedule(self, index, verb):
        tap = 3 * Button.debounce_ms
        start = self._free_at
        if ticks_diff(ticks_ms(), start) > 0:
            start = ticks_ms()
        if verb == "press":
            spans = ((0, tap),)
        elif verb == "long":
            spans = ((0, Button.long_press_ms + tap),)
        else:
            spans = ((0, tap), (2 * tap, 3 * tap))
        for down, up in spans:
            self.timeline.append((index, ticks_add(start, down), ticks_add(start, up)))
        # Leave enough quiet after each gesture that the next can't merge into a double press.
        self._free_at = ticks_add(start, spans[-1][1] + Button.double_ms + 3 * Button.debounce_ms)


class SerialLine:
    """The cup's side of the serial line as one of the board's streams: the bytes its runtime read (SimCup.feed)
    wait here until the runner's step polls them; frames go out through write(frame)."""

    def __init__(self, write):
        self.write = write
        self._data = None
        self._n = 0

    def arrived(self, data, n):
        self._data, self._n = data, n

    def poll(self, feed):
        if self._data is not None:
            data, self._data = self._data, None
            feed(data, self._n)


class SimBoard(BoardBase):
    """The virtual cup's board: buttons from the command FIFO, the serial line, LEDs (and tones) as text."""

    name = "sim"

    def __init__(self, write, leds_path, pixels, keep_path=None, ble=None):
        """ble: a BLE stream (cupcore/nus.py, simcup --ble), the cup's one stream instead of the serial line."""
        super().__init__(ticks_ms, None, pixels)
        if keep_path:  # the cup's state folder: a cup killed and started again brings back its deal
            self.store = FileStore(keep_path)
        self.buttons = Buttons()
        self.pins = self.buttons.pins
        self.serial = SerialLine(write)
        self.ble = ble
        self.streams = [self.serial] if ble is None else [ble]
        self._out = open(leds_path, "a") if leds_path else None
        self._tone = 0  # a tone that started and is not yet written

    def show(self, what):
        if self._out is None:
            return
        buf = self.buf
        letters = []
        for i in range(0, len(buf), 3):
            letters.append(LED_LETTERS.get((buf[i], buf[i + 1], buf[i + 2]), "?"))
        tone = " tone=%d" % self._tone if self._tone else ""
        self._tone = 0
        self._out.write("leds " + "".join(letters) + tone + " state=" + what + "\n")
        self._out.flush()

    def tone(self, hz):
        if hz:
            self._tone = hz

    def crashed(self, exc):
        # stdout is the serial line: the story goes to stderr, where the launcher collects it.
        try:
            sys.print_exception(exc, sys.stderr)
        except AttributeError:  # CPython
            import traceback

            traceback.print_exception(exc)


class SeededSource:
    """A stand-in for the board's hardware random source, for reproducible games (`--seed`): SHA-256 of the
    seed and a counter. Only the virtual cup has it; a real board's dice always come from os.urandom."""

    def __init__(self, seed):
        self._seed = str(seed).encode()
        self._counter = 0

    def __call__(self, n):
        out = b""
        while len(out) < n:
            self._counter += 1
            out += sha256(self._seed + b":" + str(self._counter).encode())
        return out[:n]
