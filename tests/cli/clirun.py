"""Helpers for driving `dicecup` as a person does: a real process, no standard input, a deadline."""
import os
import subprocess
import sys

def dicecup(*args, timeout=60, cwd=None, env=None):
    """`python -m dicecup ARGS` with no stdin; returns the CompletedProcess (text)."""
    return subprocess.run([sys.executable, "-m", "dicecup", *map(str, args)], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)


def one_plain_line(proc, command):
    """A failure told in one line on stderr, starting `dicecup COMMAND:`, with no traceback."""
    assert proc.returncode != 0, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"dicecup {command}: "), proc.stderr
    return lines[0]
