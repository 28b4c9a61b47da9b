"""One cup on one board: cupcore wired to a board's thin hardware layer. Every real board's main loop is this.

The board object supplies (see firmware/boards/*/):
    name       the board's name for HELLO, e.g. "pico"
    pins       callables, True while button A, B (and an optional C: a peek button) is held
    leds       .buf, 3 bytes a pixel in cupcore's colours (leds.py), and .show(what) to put it on the pixels
               (what: "peek", "cue" or the cup's state name, for a board that draws some displays its own way)
    streams    byte links to the hub (USB serial, BLE), each with .poll(feed) calling feed(buf, n) for what
               arrived, and .write(frame)
    accel()    optional: (x, y, z) in milli-g now, or None; a shake between rounds is "ready" (roll)
    sound(cue) optional: a cue's sound starts; tick(now) optional, called every step
The cup answers on the stream it last heard from, so a cup plugged into USB and paired over BLE talks to
whichever hub talks to it.
"""
from cupcore import cup as cupmod
from cupcore.compat import const, sha256, ticks_ms
from cupcore.gestures import LONG, Button
from cupcore.link import Link
from cupcore.shake import ShakeDetector

FULL = const(80)  # the brightest channel value in cupcore's colours (leds.py)
_PEEK_BUTTON = const(2)


def capped(value, limit):
    """A channel value scaled so that cupcore's brightest (FULL) becomes `limit`; a lit channel stays lit."""
    if limit >= FULL or not value:
        return value
    return max(1, value * limit // FULL)


def id_from_uid(uid):
    """A stable 32-bit cup id from the board's unique id bytes."""
    digest = sha256(bytes(uid))
    return (digest[0] << 24) | (digest[1] << 16) | (digest[2] << 8) | digest[3]


class Runner:
    def __init__(self, board, cup_id, name, clock=ticks_ms, pip_mode=False):
        self.board = board
        self.cup = cupmod.Cup(self._send, cup_id, name, board.name, clock=clock, pip_mode=pip_mode)
        self.link = Link(self._write, self.cup.receive, clock=clock)
        self.buttons = [Button(pin) for pin in board.pins]
        self.streams = board.streams
        self._active = self.streams[0]
        self._accel = getattr(board, "accel", None)
        self._sound = getattr(board, "sound", None)
        self._tick = getattr(board, "tick", None)
        self.shake = ShakeDetector() if self._accel else None
        self._shown = bytearray(len(board.leds.buf))
        self._what = None
        self._cue_from = None
        self._feeds = [self._feeder(s) for s in self.streams]
        self.show()

    def _send(self, mtype, values=()):
        return self.link.send(mtype, values)

    def _write(self, frame):
        self._active.write(frame)

    def _feeder(self, stream):
        def feed(buf, n):
            self._active = stream
            self.link.feed(buf, n)

        return feed

    def step(self, now):
        """One pass of the main loop: call every few milliseconds."""
        for i in range(len(self.streams)):
            self.streams[i].poll(self._feeds[i])
        cup = self.cup
        for index in range(len(self.buttons)):
            gesture = self.buttons[index].poll(now)
            if not gesture:
                continue
            if index == _PEEK_BUTTON:
                cup.gesture(cupmod.BUTTON_A, LONG)  # C: a button of its own for a peek
            else:
                cup.gesture(index, gesture)
        accel, shake = self._accel, self.shake
        if accel is not None and shake is not None:
            sample = accel()
            if sample is not None and shake.sample(now, sample[0], sample[1], sample[2]):
                if cup.state == cupmod.WAITING:
                    cup.gesture(cupmod.BUTTON_B, LONG)  # between rounds: ready, roll
        self.link.tick()
        if self._tick is not None:
            self._tick(now)
        self.show()

    def show(self):
        cup = self.cup
        leds = self.board.leds
        cup.render(leds.buf)
        if cup.showing == "cue":
            if self._cue_from != cup._cue_from and self._sound is not None:
                self._sound(cup._cue)
            self._cue_from = cup._cue_from
        what = cup.showing or cupmod.STATE_NAMES[cup.state]
        if leds.buf != self._shown or what != self._what:
            self._shown[:] = leds.buf
            self._what = what
            leds.show(what)
