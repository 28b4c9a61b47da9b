"""Helpers for driving `dicecup` as a person does: a real process, no standard input, a deadline."""
from processes import dicecup  # noqa: F401 - the one way to run the command in a process, used from here too


def one_plain_line(proc, command):
    """A failure told in one line on stderr, starting `dicecup COMMAND:`, with no traceback."""
    assert proc.returncode != 0, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"dicecup {command}: "), proc.stderr
    return lines[0]
