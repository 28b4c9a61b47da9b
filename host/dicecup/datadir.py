"""Where dicecup keeps its journals and its registry: `--data DIR`, else $XDG_DATA_HOME/dicecup, else
~/.local/share/dicecup.

A data folder that can't be made (`--data` names a file, a folder without permission, a full disk) ends the
command with one plain line, whichever command asked: DataDirError is a SystemExit, as argparse's own errors are,
because the folder is asked for deep inside the hub's setup by commands that can't all be taught to catch it.
"""
import os
import stat
import sys
from pathlib import Path


class DataDirError(SystemExit):
    """The data folder can't be used; `reason` says why and what to do. Exits with status 2 and one line."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(f"{_prefix()}: {reason}")


def _prefix() -> str:
    """"dicecup COMMAND", as every command starts its errors (the command from the command line)."""
    from dicecup.cli import COMMANDS

    command = next((arg for arg in sys.argv[1:2] if arg in COMMANDS), None)
    return f"dicecup {command}" if command else "dicecup"


def data_dir(override=None) -> Path:
    if override:
        path = Path(override).expanduser()
    else:
        base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        path = Path(base) / "dicecup"
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise DataDirError(f"{_file_in_the_way(path)} is a file, not a folder: the data folder (--data) must be "
                           "a folder; name another one") from None
    except PermissionError:
        raise DataDirError(f"can't make the data folder {path}: permission denied; name a folder you can write "
                           "with --data") from None
    except OSError as error:
        raise DataDirError(f"can't make the data folder {path}: {error.strerror or error}") from None
    problem = unsafe(path, os.lstat(path), "the data folder")
    if problem:
        raise DataDirError(problem)
    keep_private(path)
    return path


def unsafe(path, status, what: str) -> str:
    """Why `path` (its lstat or fstat `status`) can't be trusted with the hub's keys, in one line saying how to fix
    it, or "". As ssh with its keys: a link (it can be pointed elsewhere later), something another user owns, or
    something others may write (group or world) could hold a key someone else planted, which would then sign this
    hub's journals or pair its cups."""
    if stat.S_ISLNK(status.st_mode):
        return (f"{what} {path} is a symbolic link (to {os.readlink(path)}): a link can be turned to what someone "
                f"else controls; put the real one in its place, or name the real path")
    if status.st_uid != os.geteuid():
        return (f"{what} {path} belongs to another user (uid {status.st_uid}), not to you: what is in it may be "
                f"theirs; use one of your own (--data)")
    if status.st_mode & 0o022:
        return (f"{what} {path} may be written by others (mode {stat.S_IMODE(status.st_mode):o}): someone could "
                f"have put a key there; check what is in it, then `chmod go-w {path}`")
    return ""


def keep_private(path: Path):
    """The data folder holds every cup's key and the games' records: only its owner may read it (a folder 0700,
    a file 0600). A path someone else owns, or one we may not change, is left as it is."""
    try:
        if path.stat().st_uid == os.getuid():
            path.chmod(0o700 if path.is_dir() else 0o600)
    except OSError:
        pass


def private_file(path: Path):
    """Make sure `path` exists readable by its owner alone before a library (SQLite) creates it with the default
    0644; an existing one is made so too."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    except OSError:
        return  # the library's own open says what is wrong, in its words
    keep_private(Path(path))


def _file_in_the_way(path: Path) -> Path:
    """The file where a folder of `path` should be (the path itself or one of its parents)."""
    for candidate in [path, *path.parents]:
        if candidate.exists() and not candidate.is_dir():
            return candidate
    return path
