"""A real `dicecup ...` process (play, resume) for the tests that drive one: its output collected line by line,
typed at through stdin. Importable from every test folder (tests/ is on the path through tests/conftest.py)."""
import os
import subprocess
import sys
import threading
import time

READER_GRACE = 5.0  # seconds, once the process has ended, for the last of its output to be read


def wait_for(condition, what, timeout=30.0, every=0.02, woken=None):
    """The tests' one wait: until condition() holds (its value is returned), asked again every `every` seconds, or
    sooner when `woken` (a threading.Condition a reader notifies) is; past the deadline an AssertionError says
    what never came (`what`: words, or a callable giving them then, e.g. the last lines seen)."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(what() if callable(what) else f"gave up waiting for {what}")
        if woken is None:
            time.sleep(min(every, left))
        else:
            with woken:
                woken.wait(min(every, left))
    return found


def dicecup(*args, timeout=60, cwd=None, env=None) -> subprocess.CompletedProcess:
    """`python -m dicecup ARGS` run to its end as a person runs it, with no stdin: the tests' one way to run the
    command in a process of its own (inprocess.dicecup_here runs it in this one)."""
    return subprocess.run([sys.executable, "-m", "dicecup", *map(str, args)], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)


def stop_gently(proc, timeout: float = 30) -> None:
    """SIGTERM first, as a service manager stops a hub: its virtual cups and their folder go with it (killed
    outright, it leaves the folder behind); killed only if it will not stop within `timeout`."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
    proc.wait(timeout)


class HubProcess:
    def __init__(self, args, trace=True):
        """trace: DICECUP_TRACE=1, every message the hub sends and receives in the output too."""
        env = dict(os.environ, DICECUP_TRACE="1") if trace else None
        self.proc = subprocess.Popen([sys.executable, "-m", "dicecup", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1, env=env)
        self.lines = []
        self._read_all = threading.Event()
        self._new_line = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            with self._new_line:
                self.lines.append(line.rstrip("\n"))
                self._new_line.notify_all()
        self._read_all.set()
        with self._new_line:
            self._new_line.notify_all()

    def said(self, text) -> bool:
        return any(text in line for line in self.lines)

    def wait_for(self, text, timeout=60):
        """Until a line holds `text`: woken by each line read. Gives up once the hub has said nothing for `timeout`
        seconds (a hub that goes on slowly, on a loaded machine, is followed, not timed; five times `timeout` at
        most in all), or at the end of the output (or READER_GRACE after the process ended, if a child it left
        keeps its output open)."""
        now = time.monotonic()
        deadline, last_chance, heard = now + timeout, now + 5 * timeout, len(self.lines)
        ended_at = None
        with self._new_line:
            while not self.said(text) and not self._read_all.is_set():
                now = time.monotonic()
                if len(self.lines) != heard:
                    deadline, heard = min(now + timeout, last_chance), len(self.lines)
                if ended_at is None and self.proc.poll() is not None:
                    ended_at = now
                if now >= deadline or (ended_at is not None and now - ended_at >= READER_GRACE):
                    break
                self._new_line.wait(0.05)  # a short wake-up too, to notice the process's end
        if self.said(text):
            return
        raise AssertionError(f"the hub never said {text!r} (silent for {timeout:g} s, or still talking after "
                             f"{5 * timeout:g} s):\n" + "\n".join(self.lines[-40:]))

    def type(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def stop(self):
        stop_gently(self.proc)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def checked_but_seeded(verified) -> bool:
    """`dicecup verify` of a game whose hub was seeded (a demo, a test's seeded table): every die checks, and it
    says the game was not dealt fairly, with status 1 (issue 24: a seed replays, it does not deal)."""
    return (verified.returncode == 1 and "every commitment, entropy and die checks" in verified.stdout
            and "not dealt fairly" in verified.stderr)
