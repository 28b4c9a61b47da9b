"""Ctrl-C in `dicecup arena`, as a terminal sends it (SIGINT to the whole process group, workers included): one
plain line, status 130, no worker tracebacks and no worker left behind."""
import os
import signal
import subprocess
import sys

from processes import wait_for

DEADLINE = 60


def children(pid: int) -> list:
    """The process ids whose parent is `pid` (read from /proc, as ps does)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    parent = int(handle.read().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent == pid:
                found.append(entry)
    return found


def cpu_seconds(pid: str) -> float:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def test_ctrl_c_in_arena_is_one_plain_line_and_status_130():
    arena = subprocess.Popen([sys.executable, "-m", "dicecup", "arena", "hard", "normal", "easy", "--games",
                              "100000", "--workers", "2"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        wait_for(lambda: len(children(arena.pid)) >= 2, "the arena's two workers", DEADLINE)
        # the tracebacks came from workers mid-game: wait until both have played a while
        wait_for(lambda: all(cpu_seconds(pid) >= 0.3 for pid in children(arena.pid)), "the workers to play", DEADLINE)
        os.killpg(arena.pid, signal.SIGINT)
        out, err = arena.communicate(timeout=DEADLINE)
    finally:
        if arena.poll() is None:
            os.killpg(arena.pid, signal.SIGKILL)
            arena.wait()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err.strip().splitlines() == ["dicecup arena: stopped (Ctrl-C)"], err
    assert arena.returncode == 130
    wait_for(lambda: group_gone(arena.pid), "the workers to end", DEADLINE)
