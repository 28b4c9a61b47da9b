"""`dicecup ARGS` run inside the test's own process, through dicecup.cli.main, with what a fresh process would
have: its words in sys.argv, its environment, working folder, standard streams, temporary folder and signal
handlers. All of it is put back afterwards, and a run that leaves a thread going fails, so one run can't change
the next. Starting no interpreter and importing nothing again, a run takes milliseconds where a process takes
a second; tests where the process itself matters (the interpreter's exit, a real stdin, the OS decoding its
words) start a real one (tests/cli/clirun.py). The streams, words and environment are the whole process's: use it
where the test runs no threads of its own (a live table's would write into the run's output, or count as its
threads). Importable from every test folder, like processes.py."""
import io
import os
import signal
import sys
import tempfile
import threading
import traceback
from contextlib import contextmanager
from dataclasses import dataclass

from dicecup import cli

# The entry point's own path, as `python -m dicecup` puts it in sys.argv[0]
MAIN = os.path.join(os.path.dirname(cli.__file__), "__main__.py")
HANDLERS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGPIPE)
THREAD_GRACE = 10.0  # seconds a thread the command started may take to end after it returned


@dataclass
class Ran:
    """What a run left, named as subprocess.CompletedProcess names it."""
    args: tuple
    returncode: int
    stdout: str
    stderr: str


def dicecup_here(*args, stdin="", cwd=None, env=None, stdout_fd=None) -> Ran:
    """Run `dicecup ARGS` here. stdin: the text a process would read; env: its whole environment (default:
    this one's); stdout_fd: a file descriptor its standard output goes to instead of being kept."""
    words = [str(arg) for arg in args]
    out, err = _stream(sys.__stdout__, stdout_fd), _stream(sys.__stderr__)
    with _as_a_fresh_process(words, _stream(sys.__stdin__, text=stdin), out, err, cwd, env):
        status = _exit_status(words, err)
    return Ran(tuple(words), status, _text(out, sys.__stdout__), _text(err, sys.__stderr__))


def _exit_status(words, err) -> int:
    """main's status, or what the interpreter makes of how it ended (as `raise SystemExit(main())` would)."""
    try:
        return cli.main(list(words))
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        print(done.code, file=err)  # the interpreter prints a message exit's text and ends with status 1
        return 1
    except Exception:  # noqa: BLE001 -- an uncaught error ends a process with its traceback and status 1
        traceback.print_exc(file=err)
        return 1
    finally:
        err.flush()
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            pass  # the reader went away; main has said so already with its status


def _stream(like, fd=None, text=None):
    """A text stream encoded as `like` (the process's own stream at its start): over `fd`, over `text` to read,
    or over memory."""
    encoding, errors = getattr(like, "encoding", None) or "utf-8", getattr(like, "errors", None) or "strict"
    raw = open(fd, "wb", closefd=False) if fd is not None else io.BytesIO((text or "").encode(encoding, errors))
    return io.TextIOWrapper(raw, encoding=encoding, errors=errors)


def _text(stream, like) -> str:
    raw = stream.buffer
    if not isinstance(raw, io.BytesIO):
        return ""  # it went to the caller's file descriptor
    stream.flush()
    return raw.getvalue().decode(getattr(like, "encoding", None) or "utf-8", errors="replace")


@contextmanager
def _as_a_fresh_process(words, stdin, stdout, stderr, cwd, env):
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_argv, saved_path, saved_modules = sys.argv, list(sys.path), set(sys.modules)
    saved_env, saved_cwd, saved_tempdir = dict(os.environ), os.getcwd(), tempfile.tempdir
    saved_handlers = {number: signal.getsignal(number) for number in HANDLERS}
    threads_before = set(threading.enumerate())
    if env is not None:
        _make_equal(os.environ, env)
    tempfile.tempdir = None  # found again from TMPDIR, as a new process finds it
    sys.argv = [MAIN, *words]
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        sys.argv, sys.path[:] = saved_argv, saved_path
        _forget_modules_from_outside(saved_modules, saved_path)
        os.chdir(saved_cwd)
        _make_equal(os.environ, saved_env)
        tempfile.tempdir = saved_tempdir
        for number, handler in saved_handlers.items():
            signal.signal(number, handler)
    _no_thread_left(words, threads_before)


def _make_equal(environ, wanted: dict) -> None:
    """Key by key, never emptied on the way: a thread reading the environment meanwhile sees a whole one."""
    for key in set(environ) - set(wanted):
        del environ[key]
    for key, value in wanted.items():
        if environ.get(key) != value:
            environ[key] = value


def _forget_modules_from_outside(saved_modules, import_path) -> None:
    """A module the run loaded from a file outside the import path (a bot file named on the command line) would
    answer the next run's import of that name from this run's file."""
    roots = [os.path.abspath(folder) for folder in import_path if folder]
    for name in set(sys.modules) - saved_modules:
        where = getattr(sys.modules[name], "__file__", None)
        if where and not any(os.path.abspath(where).startswith(root + os.sep) for root in roots):
            del sys.modules[name]


def _no_thread_left(words, threads_before) -> None:
    """A process's threads end with it; here they would go on into the next run."""
    started = [thread for thread in threading.enumerate() if thread not in threads_before]
    for thread in started:
        thread.join(THREAD_GRACE)
    running = [thread.name for thread in started if thread.is_alive()]
    assert not running, f"dicecup {' '.join(words)} left threads running: {running}"
