"""The terminal resized (SIGWINCH): the live table is drawn again at once, at the new width.

Drawing inside the signal handler could run while the screen's thread is part-way through a frame, so the
handler only notes the resize and wakes the loop (as stopsignals.py does); the loop takes the note on its next
pass and hands the screen a Resized, drawn on the screen's own thread in order with everything else.

    resizes = Resizes(wake=inbox.wake)
    with resizes:
        run(hub, inbox, each_pass=lambda: resizes.take() and screen_feed(Resized()))

Only the main thread can hold signal handlers, and a system without SIGWINCH has none: there this does nothing.
"""
import signal
import threading

SIGWINCH = getattr(signal, "SIGWINCH", None)


class Resizes:
    def __init__(self, wake=None):
        self.wake = wake  # must be safe in a signal handler (the inbox's bell is)
        self._pending = False
        self._previous = None
        self._installed = False

    def __enter__(self):
        if SIGWINCH is not None and threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(SIGWINCH, self._note)
            self._installed = True
        return self

    def __exit__(self, *exc):
        if self._installed:
            signal.signal(SIGWINCH, signal.SIG_DFL if self._previous is None else self._previous)
            self._installed = False

    def _note(self, signum, frame):
        self._pending = True
        if self.wake is not None:
            self.wake()

    def take(self) -> bool:
        """Whether the terminal was resized since the last take."""
        pending, self._pending = self._pending, False
        return pending
