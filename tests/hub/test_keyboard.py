"""Typing at the hub while the table is live on a terminal: the terminal's own echo put the keys into the table
as it redrew, and each clock tick wiped them, so the person typed blind. The hub reads a key at a time with the
echo off, shows the line being typed under the table, and sends it on Enter. Tested on a real pseudo-terminal
(the terminal's settings are put back afterwards) and key by key."""
import os
import queue
import termios
import time

from dicecup.hub.keyboard import Keyboard


class Seen:
    def __init__(self):
        self.lines, self.typing = queue.Queue(), []

    def line(self, text):
        self.lines.put(text)

    def typed(self, text):
        self.typing.append(text)


def keys(keyboard, text):
    for key in text:
        keyboard.key(key)


def test_keys_make_a_line_with_backspace_ctrl_u_and_arrow_keys_ignored():
    seen = Seen()
    keyboard = Keyboard(None, seen.line, seen.typed)  # no terminal: keys are handed in
    keys(keyboard, "retire anx\x7fa")
    assert seen.typing[-1] == "retire ana"
    keys(keyboard, "\x1b[D\x1bOA")  # left arrow, up arrow: no editing beyond the line's end
    assert seen.typing[-1] == "retire ana"
    keys(keyboard, "\r")
    assert seen.lines.get_nowait() == "retire ana" and seen.typing[-1] == ""
    keys(keyboard, "oops\x15  help  \n")
    assert seen.lines.get_nowait() == "help"
    keys(keyboard, "\r")  # an empty line sends nothing
    assert seen.lines.empty()


def test_on_a_terminal_keys_are_read_one_at_a_time_unechoed_and_the_settings_put_back():
    master, slave = os.openpty()  # cooked, as a shell leaves a terminal: lines, echoed, Ctrl-C a signal
    try:
        before = termios.tcgetattr(slave)
        seen = Seen()
        keyboard = Keyboard(slave, seen.line, seen.typed).start()
        now = termios.tcgetattr(slave)
        assert not now[3] & termios.ECHO and not now[3] & termios.ICANON and now[3] & termios.ISIG
        os.write(master, "ana bids 4x5".encode())
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (not seen.typing or seen.typing[-1] != "ana bids 4x5"):
            time.sleep(0.01)
        assert seen.typing[-1] == "ana bids 4x5"  # shown before Enter: no line discipline holds it back
        os.write(master, "\r".encode())
        assert seen.lines.get(timeout=10) == "ana bids 4x5"
        keyboard.restore()
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)
