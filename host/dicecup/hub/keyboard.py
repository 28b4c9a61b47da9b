"""Typing at the hub while the table is live on the terminal. The terminal's own echo put the keys into the table
as it redrew, and each tick of the clock wiped them: the person typed blind. So, only then, the hub reads the
keyboard a key at a time with the echo off, the screen shows the line being typed under the table, and Enter
sends it as a typed command. Ctrl-C still interrupts (the terminal keeps its signals). The terminal's settings
are put back when the table closes, and at exit whatever happens.

Ctrl-Z hands the terminal back to the shell as it was (echo on, the cursor shown) before the hub stops, and `fg`
takes it again (the shell had left it as the shell wants it: every key echoed across the table, which did not
come back until the next move) and draws the table again at once."""
import atexit
import codecs
import os
import signal
import sys
import threading

ERASE = ("\x7f", "\x08")  # backspace, as terminals send it
KILL = "\x15"             # Ctrl-U: the whole line
LOOK_AGAIN = 0.2          # seconds between the reading thread's looks at whether it is back from Ctrl-Z


class Keyboard:
    """on_line(text) for each line sent with Enter; on_typing(text) for the line as it is being typed."""

    def __init__(self, fd, on_line, on_typing):
        self.fd, self.on_line, self.on_typing = fd, on_line, on_typing
        self._line = ""
        self._escape = 0     # 1 after ESC, 2 inside ESC [ ... (an arrow or function key: no editing here)
        self._saved = None   # the terminal's settings before
        self._back = False   # set by `fg` (in a signal handler): the reading thread has the table drawn again

    def start(self):
        import termios

        self._saved = termios.tcgetattr(self.fd)
        self._key_at_a_time()
        atexit.register(self.restore)
        self._on_suspend()
        threading.Thread(target=self._read, name="keyboard", daemon=True).start()
        return self

    def _key_at_a_time(self):
        import termios

        mode = termios.tcgetattr(self.fd)
        mode[3] &= ~(termios.ICANON | termios.ECHO)
        mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)

    def restore(self):
        """The terminal as it was (once; later calls do nothing)."""
        saved, self._saved = self._saved, None
        self._put_back(saved)
        if saved is not None and threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGTSTP, signal.SIGCONT):
                if signal.getsignal(signum) in (self._suspend, self._resumed):
                    signal.signal(signum, signal.SIG_DFL)

    def _put_back(self, saved):
        if saved is not None:
            import termios

            try:
                termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)
            except (termios.error, OSError):
                pass  # the terminal is gone (closed window): nothing to put back

    def _on_suspend(self):
        """Ctrl-Z and `fg` (signal handlers live in the main thread only; a job started ignoring them stays so)."""
        if threading.current_thread() is not threading.main_thread():
            return
        if signal.getsignal(signal.SIGTSTP) is signal.SIG_DFL:
            signal.signal(signal.SIGTSTP, self._suspend)
            signal.signal(signal.SIGCONT, self._resumed)

    def _suspend(self, signum, frame):
        """The terminal as the shell had it, then stop for real (the default action, sent again)."""
        self._put_back(self._saved)
        _cursor(shown=True)
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)
        signal.signal(signal.SIGTSTP, self._suspend)  # here again after `fg`, which SIGCONT has handled

    def _resumed(self, signum=None, frame=None):
        if self._saved is None:  # the table has closed meanwhile
            return
        try:
            self._key_at_a_time()
        except OSError:  # the terminal is gone (closed window)
            return
        _cursor(shown=False)
        self._back = True  # not the screen itself: in a handler, a lock the table's thread holds deadlocks

    def _read(self):
        import select

        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        while self._saved is not None:
            try:
                ready, _, _ = select.select([self.fd], [], [], LOOK_AGAIN)
                if self._back:  # back after Ctrl-Z: the table drawn again, from this thread
                    self._back = False
                    self.on_typing(self._line)
                if not ready:
                    continue
                data = os.read(self.fd, 64)
            except OSError:
                break
            if not data:
                break
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


def _cursor(shown: bool) -> None:
    """The cursor as the live table keeps it (hidden) or as the shell wants it."""
    try:
        os.write(sys.__stdout__.fileno(), b"\x1b[?25h" if shown else b"\x1b[?25l")  # no buffer: a handler's
    except (OSError, ValueError, AttributeError):
        pass
