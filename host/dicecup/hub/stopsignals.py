"""The signals that stop a table: SIGINT (Ctrl-C), SIGTERM (`kill`, a service manager), SIGHUP (the terminal
closed) and SIGQUIT (Ctrl-\\, which else ended the hub on the spot with the terminal's echo still off).

Left to Python, SIGINT raises KeyboardInterrupt wherever the main thread happens to be: inside the lock dance of
a queue.get it leaves a lock half released (`RuntimeError: release unlocked lock`), a traceback instead of the
"game is kept" line; SIGHUP ends the process on the spot, leaving the virtual cups' folder behind. While a loop
runs under StopSignals, each of them is only noted (and `wake` called, so the loop looks at once); the loop stops
at its next pass and `raise_caught()` ends the program from there with Stopped (a KeyboardInterrupt, so the
commands' Ctrl-C path says what was kept for every one of them, `kill` included), so every `finally` (virtual
cups, their folder, the terminal's settings) runs once.

    signals = StopSignals(wake=inbox.wake)
    with signals:
        run(hub, inbox, until=lambda: signals.caught is not None)
    signals.raise_caught()

Once a signal is caught, a second Ctrl-C while the program cleans up is ignored: not a second message, nor a
folder half removed. A signal the program was started ignoring (`nohup`, a background job) stays
ignored. Only the main thread can hold signal handlers; elsewhere this does nothing.
"""
import signal
import sys
import threading

STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
# What stopped it, in the words of the line that says what was kept; Ctrl-\ is a key pressed to stop, as Ctrl-C.
_HOW = {signal.SIGINT: "Ctrl-C", signal.SIGQUIT: "Ctrl-C", signal.SIGTERM: "SIGTERM", signal.SIGHUP: "SIGHUP"}


class Stopped(KeyboardInterrupt):
    """The table was stopped by a signal: `how` names it for people, `status` is the shell's 128 + the signal
    (130 for a key pressed)."""

    def __init__(self, signum=signal.SIGINT):
        super().__init__(_HOW.get(signum, "a signal"))
        self.how = _HOW.get(signum, "a signal")
        self.status = 128 + (signal.SIGINT if self.how == "Ctrl-C" else signum)


class StopSignals:
    def __init__(self, wake=None):
        self.wake = wake  # must be safe in a signal handler: no lock the main thread may hold (a socket's send is)
        self.caught = None
        self._previous = {}

    def start(self):
        """Note the stopping signals from now on (again: nothing more; TableSetup.watch_stops starts it before
        its loop's `with`)."""
        if self._previous:
            return self
        if threading.current_thread() is threading.main_thread():
            for signum in STOPPING:
                if signal.getsignal(signum) is not signal.SIG_IGN:
                    self._previous[signum] = signal.signal(signum, self._note)
        return self

    def stop(self):
        """The program's own handlers again, if nothing came (once one came, its handler stays: see _note)."""
        if self.caught is None:
            for signum, previous in self._previous.items():
                signal.signal(signum, signal.SIG_DFL if previous is None else previous)
        self._previous = {}

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def _note(self, signum, frame):
        if self.caught is None:
            self.caught = signum
            # Ignored, not handled, from now on: Python puts its own handlers back to the default as it exits,
            # and a person's second Ctrl-C then would kill the program mid-way through its cleanup.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        if self.wake is not None:
            self.wake()

    def raise_caught(self):
        if self.caught is not None:
            raise Stopped(self.caught)


def _raise_stopped(signum, frame):
    raise Stopped(signum)


def unwind_on_signals() -> None:
    """For a whole command: `kill`, a closed terminal and Ctrl-\\ unwind the program as Ctrl-C does (every
    `finally` runs, one line says what was kept) instead of ending it on the spot. Only signals nobody else asked
    for (not one ignored, as under `nohup`), and only in the main thread. A table's StopSignals takes over while
    its loop runs."""
    if threading.current_thread() is threading.main_thread():
        for signum in STOPPING:
            if signum != signal.SIGINT and signal.getsignal(signum) is signal.SIG_DFL:
                signal.signal(signum, _raise_stopped)


def how_stopped(stop: KeyboardInterrupt) -> tuple:
    """(its words, the exit status) of what stopped a command: a caught signal, or a bare Ctrl-C."""
    return (stop.how, stop.status) if isinstance(stop, Stopped) else ("Ctrl-C", 130)


def say_stopped(line: str) -> None:
    """The line that says what was kept, on stderr: unless the terminal it would go to is gone (SIGHUP)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:  # EIO from a closed terminal: nobody is there to read it; the journal holds the game
        pass
