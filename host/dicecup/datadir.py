"""Where dicecup keeps its journals and its registry: `--data DIR`, else $XDG_DATA_HOME/dicecup, else
~/.local/share/dicecup."""
import os
from pathlib import Path


def data_dir(override=None) -> Path:
    if override:
        path = Path(override).expanduser()
    else:
        base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        path = Path(base) / "dicecup"
    path.mkdir(parents=True, exist_ok=True)
    return path
