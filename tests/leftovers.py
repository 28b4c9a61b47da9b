"""No run of the suite leaves a `dicecup-*` folder or a process behind. conftest.py calls these hooks.

At its start the run (pytest's own process, and each xdist worker, which inherits its environment) points TMPDIR
and XDG_DATA_HOME at a private folder: `suite-run-XXXX/<worker>/` in the system's temporary folder. Everything the
tests start inherits that, so every virtual cup's `dicecup-sim-*` folder and every default data folder lands
there, and every process they start carries SUITE_RUN in its environment, even one whose parent has gone (an
orphan is no longer anybody's descendant). pytest's own tmp_path folders stay where they were (a test may make
`dicecup-*` folders of its own there, on purpose).

At the end, pytest's own process (after every worker) fails the run naming each `dicecup-*` folder left in the
private folders and each process of the run still alive, then removes both: the next run starts clean.
"""
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

SUITE_RUN = "TESTS_SUITE_RUN"  # the run's private folder, in the environment of everything the run starts (not a
# DICECUP_ name: the bad-input sandboxes clear those)
PROCESS_GRACE = 10.0  # seconds for a process stopped by the last test to finish ending


def start(config):
    """Point this process's temporary and data folders at the run's private ones (made here, by pytest's own
    process, before any worker starts)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", tempfile.gettempdir())  # tmp_path stays where it was
        os.environ[SUITE_RUN] = tempfile.mkdtemp(prefix="suite-run-")
    run = Path(os.environ[SUITE_RUN])
    mine = run / (worker or "main")
    (mine / "data").mkdir(parents=True, exist_ok=True)
    for folder in (run, mine):  # passable by other users, as the temporary folder was: a test's PostgreSQL server
        folder.chmod(0o711)   # runs as postgres in a folder of its own in here (listing them stays ours alone)
    os.environ["TMPDIR"] = tempfile.tempdir = str(mine)
    os.environ["XDG_DATA_HOME"] = str(mine / "data")


def finish(session):
    """In pytest's own process: fail the run, naming what it left behind; then remove it."""
    if os.environ.get("PYTEST_XDIST_WORKER") is not None or SUITE_RUN not in os.environ:
        return
    run = Path(os.environ[SUITE_RUN])
    processes = _outliving(run)
    folders = sorted(str(folder) for folder in run.glob("*/dicecup-*"))
    made_by = _made_by(run)
    for pid in processes:
        _kill(pid)
    shutil.rmtree(run, ignore_errors=True)
    if not (processes or folders):
        return
    lines = [f"the test run left behind {len(folders)} dicecup-* folder(s) and {len(processes)} process(es):"]
    lines += [f"  folder {folder}" + (f" (left by {made_by[folder]})" if folder in made_by else "")
              for folder in folders]
    lines += [f"  process {pid}: {command}" for pid, command in processes.items()]
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line("")
        reporter.write_line("\n".join(lines), red=True, bold=True)
    session.exitstatus = 1  # pytest.ExitCode.TESTS_FAILED


MADE_BY = "leftover-makers.txt"  # in each worker's private folder: a folder, a tab, the test it appeared in


def folders_here() -> set:
    """The `dicecup-*` folders in this process's private temporary folder now."""
    return {str(folder) for folder in Path(tempfile.gettempdir()).glob("dicecup-*")}


def note_new(before: set, test: str):
    """Put each folder that appeared during `test` and is still there down to it."""
    new = folders_here() - before
    if new:
        with open(Path(tempfile.gettempdir()) / MADE_BY, "a", encoding="utf-8") as record:
            record.writelines(f"{folder}\t{test}\n" for folder in sorted(new))


def _made_by(run) -> dict:
    made = {}
    for record in run.glob(f"*/{MADE_BY}"):
        for line in record.read_text(encoding="utf-8").splitlines():
            folder, _, test = line.partition("\t")
            made[folder] = test
    return made


def _outliving(run, grace=PROCESS_GRACE) -> dict:
    """pid -> command line of each process of this run still alive once `grace` seconds have passed (a process
    stopped by the last test may still be ending), bar pytest's own and its xdist workers (ending with it)."""
    deadline = time.monotonic() + grace
    while True:
        alive = {pid: command for pid, command in _processes_of(run)}
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.2)  # polling /proc: there is no event for another process's end


def _processes_of(run):
    """(pid, command line) of each process that carries the run's marker or descends from this one (a test may
    start one with an environment of its own), but zombies (ended: only an exit status is left) and this
    process's xdist workers."""
    marker = f"{SUITE_RUN}={run}".encode()
    me, seen = os.getpid(), {}
    for entry in Path("/proc").iterdir():
        try:
            seen[int(entry.name)] = _process(entry)
        except (ValueError, OSError):  # not a process, gone meanwhile, or not ours to read
            continue
    for pid, (parent, state, environ, command) in seen.items():
        if pid == me or state == "Z":
            continue
        if parent == me and any(var.startswith(b"PYTEST_XDIST_WORKER=") for var in environ):
            continue  # an xdist worker: it ends with pytest
        if marker in environ or _descends(pid, me, seen):
            yield pid, command


def _process(entry):
    int(entry.name)
    stat = (entry / "stat").read_text()
    state, parent = stat.rpartition(")")[2].split()[:2]
    try:
        environ = (entry / "environ").read_bytes().split(b"\0")
    except OSError:  # another user's (a test's PostgreSQL runs as postgres): it may still descend from us
        environ = []
    command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    return int(parent), state, environ, command


def _descends(pid, ancestor, seen) -> bool:
    while pid in seen and pid > 1:
        pid = seen[pid][0]
        if pid == ancestor:
            return True
    return False


def _kill(pid):
    try:
        os.kill(pid, signal.SIGKILL)  # the run's own process, named above: the next run must not meet it
    except OSError:
        pass
