"""Paths that stay inside their folder: a build's manifest entries on a CIRCUITPY drive or a board, a
cup's settings on its drive, a build's files in --out. A path read from a file (a manifest) is relative, has no
`..`, and leads nowhere outside its folder through a symbolic link; a file written fresh is never written through
a link someone left in its place."""
import os
from pathlib import Path, PurePosixPath, PureWindowsPath


class OutsideFolder(ValueError):
    """A path that would leave its folder; the message names it and why, for the person."""


def inside(folder, relative) -> Path:
    """folder/relative, or OutsideFolder when it is absolute, has `..`, or resolves (through a symlink) outside."""
    text = str(relative)
    pure = PurePosixPath(text.replace("\\", "/"))
    if not text.strip() or pure.is_absolute() or PureWindowsPath(text).drive or ".." in pure.parts:
        raise OutsideFolder(f"{text!r} is not a path inside {folder} (it is absolute or has `..`)")
    target = Path(folder).joinpath(*pure.parts)
    try:
        root, real = Path(folder).resolve(), target.resolve()
    except (OSError, RuntimeError):  # a loop of links
        raise OutsideFolder(f"{target} is a loop of symbolic links") from None
    if real != root and root not in real.parents:
        raise OutsideFolder(f"{target} is a symbolic link leading out of {folder} (to {real})")
    return target


def write_new(path: Path, data: bytes, mode: int = 0o644) -> None:
    """A fresh file at `path`, on disk (fsynced) before it returns: whatever was there (a temporary file left by a
    run cut off, or a link put in its place) is removed first, and O_EXCL|O_NOFOLLOW never write through a link."""
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
    with open(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
