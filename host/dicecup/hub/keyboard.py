"""Typing at the hub while the table is live on the terminal. The terminal's own echo put the keys into the table
as it redrew, and each tick of the clock wiped them: the person typed blind. So, only then, the hub reads the
keyboard a key at a time with the echo off, the screen shows the line being typed under the table, and Enter
sends it as a typed command. Ctrl-C still interrupts (the terminal keeps its signals). The terminal's settings
are put back when the table closes, and at exit whatever happens."""
import atexit
import codecs
import os
import threading

ERASE = ("\x7f", "\x08")  # backspace, as terminals send it
KILL = "\x15"             # Ctrl-U: the whole line


class Keyboard:
    """on_line(text) for each line sent with Enter; on_typing(text) for the line as it is being typed."""

    def __init__(self, fd, on_line, on_typing):
        self.fd, self.on_line, self.on_typing = fd, on_line, on_typing
        self._line = ""
        self._escape = 0     # 1 after ESC, 2 inside ESC [ ... (an arrow or function key: no editing here)
        self._saved = None   # the terminal's settings before

    def start(self):
        import termios

        self._saved = termios.tcgetattr(self.fd)
        mode = termios.tcgetattr(self.fd)
        mode[3] &= ~(termios.ICANON | termios.ECHO)
        mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)
        atexit.register(self.restore)
        threading.Thread(target=self._read, name="keyboard", daemon=True).start()
        return self

    def restore(self):
        """The terminal as it was (once; later calls do nothing)."""
        saved, self._saved = self._saved, None
        if saved is not None:
            import termios

            try:
                termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)
            except (termios.error, OSError):
                pass  # the terminal is gone (closed window): nothing to put back

    def _read(self):
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        while self._saved is not None:
            try:
                data = os.read(self.fd, 64)
            except OSError:
                return
            if not data:
                return
            for key in decoder.decode(data):
                self.key(key)

    def key(self, key: str):
        if self._escape:
            if self._escape == 1 and key in "[O":
                self._escape = 2
            elif self._escape == 1 or "@" <= key <= "~":
                self._escape = 0
            return
        if key == "\x1b":
            self._escape = 1
            return
        if key in "\r\n":
            line, self._line = self._line.strip(), ""
            self.on_typing("")
            if line:
                self.on_line(line)
            return
        if key in ERASE:
            self._line = self._line[:-1]
        elif key == KILL:
            self._line = ""
        elif key.isprintable():
            self._line += key
        else:
            return
        self.on_typing(self._line)


def read_typing(inbox, screen, screen_feed, stdin=None):
    """Lines typed at the hub become commands in the table's inbox: a key at a time under a live table on this
    very terminal (returns the Keyboard, to restore at the end), else a line at a time (run.read_commands)."""
    import sys

    from .run import read_commands
    from .snapshot import Typing

    stdin = stdin or sys.stdin
    if getattr(screen, "live", False) and getattr(stdin, "isatty", lambda: False)():
        return Keyboard(stdin.fileno(), lambda line: inbox.put(("command", line)),
                        lambda text: screen_feed(Typing(text))).start()
    read_commands(inbox, stdin)
    return None
