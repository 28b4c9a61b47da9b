"""The bad-input table's sandbox (tests/cli/test_bad_inputs.py): a row of `dicecup` words, the folder it runs in, and
what a run left behind.

Each row runs in its own sandbox: HOME (so the data folder is HOME/.local/share/dicecup, or --data {data}, the
same folder), TMPDIR, a working folder holding a person's own files (MINE), whatever the row's setup puts there,
and a pty with nothing behind it ({pty}). The tree is fingerprinted before and after, all but the data folder.
A row runs through dicecup.cli.main in this process (tests/inprocess.py) unless it names why it needs a real
process (Row.process): there its status, stderr and files are the same as a process's, in milliseconds."""
import hashlib
import os
import subprocess
import sys
import time
import tty
from dataclasses import dataclass
from pathlib import Path

from inprocess import dicecup_here

@dataclass(frozen=True)
class Row:
    args: tuple          # words after `dicecup`; {work}, {data}, {home}, {pty} are filled in (see run_row)
    says: str = ""       # words the line must hold (a regular expression, case-insensitive)
    within: float = 20.0  # seconds: a person waiting for an answer
    setup: str = ""      # name of a function below that makes files the row needs
    starts: str = ""     # how the line starts, if not "dicecup COMMAND: "
    status: int = 0      # the exit status, when one is required (0: any non-zero)
    pipe: bool = False   # stdout is a pipe whose reader has gone (`| head -c 0`): a quiet end, no line at all
    process: str = ""    # why the row must be a real `python -m dicecup` process; empty: run through cli.main here

    @property
    def name(self) -> str:
        return " ".join(word if word and " " not in word else repr(word) for word in self.args) + \
            (" | head -c 0" if self.pipe else "")


# -- the person's own files, in every sandbox's working folder -----------------------------------------------------
MINE = {
    "notes.txt": b"my notes, not dicecup's\n",
    "photos/cat.txt": b"a cat\n",
    "record.txt": b"rules dudo dice=2\nseats ana ben\nroll ana 3 5\nroll ben 5 1\nana bids 2x5\n",
    "latin1.txt": b"rules dudo\nseats ana b\xe9n\n",
    "bom-bad.txt": "\ufeffrules dudo dice=2\nseats ana ben\nana bids 9x9\n".encode(),
    "bot_broken.py": b"class Bot(\n",
    "bot_raises.py": b"raise RuntimeError('boom at import')\n",
    "cat.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
}


def corrupt_registry(sandbox):
    folder = sandbox / "home/.local/share/dicecup"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cups.sqlite").write_bytes(b"this is not SQLite, it was half-copied from a USB stick\n" * 40)


def big_bad_line(sandbox):
    with open(sandbox / "work/big.txt", "wb") as handle:
        handle.write(b"rules dudo\nseats ana ben\nana bids ")
        handle.write(b"9" * (50 * 1024 * 1024))
        handle.write(b"x2\n")


def finished_game(sandbox):
    folder = sandbox / "home/.local/share/dicecup/games"
    folder.mkdir(parents=True)
    (folder / "20260101-000000-dudo.txt").write_text(
        "rules dudo dice=1 palifico=off\nseats ana ben\nroll ana 3\nroll ben 5\nana bids 1x5\nben calls liar\n")


def three_cups(sandbox):
    """A registry as `dicecup flash` leaves it: ana, and two cups both named ben."""
    from dicecup.registry import Registry

    folder = sandbox / "home/.local/share/dicecup"
    folder.mkdir(parents=True)
    with Registry.open(folder) as registry:
        for name in ("ana", "ben", "ben"):
            registry.record(registry.new_cup(name, "pico"))


def gone_virtual_cups(sandbox):
    """The journal of a `play --sim 2` whose virtual cups ended with it (their folder is gone)."""
    folder = sandbox / "home/.local/share/dicecup/games"
    folder.mkdir(parents=True)
    (folder / "20260101-000000-dudo.txt").write_text(
        "rules dudo\nseats cup1 cup2\n"
        "#@ cup cup1 id=1 board=sim fw=0.1 port=serial:/tmp/dicecup-sim-gone0000/cup1.tty\n"
        "#@ cup cup2 id=2 board=sim fw=0.1 port=serial:/tmp/dicecup-sim-gone0000/cup2.tty\n")


def stale_virtual_cups(sandbox):
    """A `play --sim 2` killed with -9: its folder left, owned by a process long gone, its links resolving (to
    /dev/null here; a reused pty number makes them another terminal's)."""
    cups = sandbox / "tmp/dicecup-sim-stale000"
    cups.mkdir(parents=True)
    (cups / "owner.pid").write_text("999999999 1\n")
    folder = sandbox / "home/.local/share/dicecup/games"
    folder.mkdir(parents=True)
    lines = ["rules dudo", "seats cup1 cup2"]
    for n in (1, 2):
        (cups / f"cup{n}.tty").symlink_to("/dev/null")
        lines.append(f"#@ cup cup{n} id={n} board=sim fw=0.1 port=serial:{cups}/cup{n}.tty")
    (folder / "20260101-000000-dudo.txt").write_text("\n".join(lines) + "\n")


def games_is_a_file(sandbox):
    folder = sandbox / "home/.local/share/dicecup"
    folder.mkdir(parents=True)
    (folder / "games").write_text("a file where the journals' folder goes\n")


def registry_is_a_folder(sandbox):
    (sandbox / "home/.local/share/dicecup/cups.sqlite").mkdir(parents=True)


def atom_build(sandbox):
    """`dicecup build --board atom --out atom-build`, as a person left it."""
    from dicecup.build import build

    build("atom", sandbox / "work/atom-build")


def cut_off_build(sandbox):
    """A build stopped halfway (Ctrl-C, a full disk): its manifest says it is not complete."""
    import json

    atom_build(sandbox)
    manifest = sandbox / "work/atom-build/manifest.json"
    manifest.write_text(json.dumps({**json.loads(manifest.read_text()), "complete": False}))


def unfinished_games(sandbox):
    """A data folder's games as a person imports them: three games still being played, or left to resume."""
    folder = sandbox / "work/unfinished"
    folder.mkdir()
    for n in range(3):
        (folder / f"2026010{n}-000000-dudo.txt").write_text(
            "rules dudo\nseats ana ben\nroll ana 3 5 1 2 6\nroll ben 5 1 4 4 2\n")


HELD = {}  # sandbox -> file descriptors a setup keeps open while its row runs (closed after it)


def game_in_play(sandbox):
    """A game another hub is playing now: its journal held (locked) as a live hub holds it."""
    import fcntl

    folder = sandbox / "home/.local/share/dicecup/games"
    folder.mkdir(parents=True)
    journal = folder / "20260101-000000-dudo.txt"
    journal.write_text("rules dudo\nseats ana ben\n" + "".join(
        f"#@ cup {name} id={n} board=pico fw=0.1 port=serial:/dev/ttyNOPE{n}\n" for n, name in ((11, "ana"), (12, "ben"))))
    fd = os.open(journal, os.O_WRONLY | os.O_APPEND)
    fcntl.flock(fd, fcntl.LOCK_EX)
    HELD.setdefault(sandbox, []).append(fd)


SETUPS = {f.__name__: f for f in (corrupt_registry, big_bad_line, finished_game, games_is_a_file,
                                  registry_is_a_folder, three_cups, gone_virtual_cups, stale_virtual_cups,
                                  atom_build, cut_off_build, unfinished_games, game_in_play)}


def _fill(word: str, sandbox: Path, pty: str) -> str:
    return word.format(work=sandbox / "work", home=sandbox / "home", data=sandbox / "home/.local/share/dicecup",
                       pty=pty)


def _make_sandbox(row: Row, sandbox: Path) -> None:
    for name, data in MINE.items():
        path = sandbox / "work" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (sandbox / "home").mkdir()
    (sandbox / "tmp").mkdir()
    if row.setup:
        SETUPS[row.setup](sandbox)


def _fingerprint(sandbox: Path) -> dict:
    """path -> (kind, size, sha256) of everything in the sandbox but dicecup's own data folder."""
    own = sandbox / "home/.local/share/dicecup"
    seen = {}
    for folder, dirs, files in os.walk(sandbox):
        here = Path(folder)
        if here == own or own in here.parents:
            dirs[:] = []
            continue
        for name in dirs:
            if here / name != own and here / name not in own.parents:  # ~/.local/share made on the way to the data folder is its own
                seen[str((here / name).relative_to(sandbox))] = ("folder",)
        for name in files:
            path = here / name
            if path == own:
                continue
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.stat().st_size < 10 ** 6 else \
                path.stat().st_mtime_ns
            seen[str(path.relative_to(sandbox))] = ("file", path.stat().st_size, digest)
    return seen


def _env(sandbox: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DICECUP_"))}
    env.update(HOME=str(sandbox / "home"), PYTHONDONTWRITEBYTECODE="1", COLUMNS="100",
               TMPDIR=str(sandbox / "tmp"))  # scratch files left behind show up as changes too
    return env


@dataclass
class Outcome:
    status: int
    stderr: str
    seconds: float
    changed: dict
    timed_out: bool = False


def run_row(row: Row, sandbox: Path) -> Outcome:
    return prepare_row(row, sandbox).run()


def prepare_row(row: Row, sandbox: Path) -> "Prepared":
    """The row's sandbox made and fingerprinted, and the environment its run will have: work that reads this
    process's environment and working folder, done before any row changes them (Prepared.run may be on a thread)."""
    _make_sandbox(row, sandbox)
    return Prepared(row, sandbox, _env(sandbox), _fingerprint(sandbox))


@dataclass
class Prepared:
    row: Row
    sandbox: Path
    env: dict
    before: dict

    def run(self) -> Outcome:
        """The row as a real process if it says why it needs one (Row.process), else in this process."""
        master, slave = os.openpty()  # {pty}: a serial port with nothing behind it
        tty.setraw(slave)
        words = [_fill(word, self.sandbox, os.ttyname(slave)) for word in self.row.args]
        reader, writer = os.pipe()
        os.close(reader)  # for a row whose reader has gone before a byte is written
        started = time.monotonic()
        try:
            run = _in_a_process if self.row.process else _in_this_process
            status, stderr, timed_out = run(self, words, writer if self.row.pipe else None)
        finally:
            for fd in (writer, master, slave, *HELD.pop(self.sandbox, ())):
                os.close(fd)
        seconds = time.monotonic() - started
        after = _fingerprint(self.sandbox)
        changed = {path: (self.before.get(path), after.get(path)) for path in set(self.before) | set(after)
                   if self.before.get(path) != after.get(path)}
        return Outcome(status, stderr, seconds, changed, timed_out)


def _in_a_process(prepared: Prepared, words, stdout_fd):
    argv = [sys.executable, "-m", "dicecup", *words]
    stdout = subprocess.DEVNULL if stdout_fd is None else stdout_fd
    try:
        proc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE,
                              cwd=prepared.sandbox / "work", env=prepared.env, timeout=prepared.row.within * 3)
        return proc.returncode, proc.stderr.decode(errors="replace"), False
    except subprocess.TimeoutExpired as expired:  # subprocess.run has killed it
        return -9, (expired.stderr or b"").decode(errors="replace"), True


def _in_this_process(prepared: Prepared, words, stdout_fd):
    ran = dicecup_here(*words, cwd=prepared.sandbox / "work", env=prepared.env, stdout_fd=stdout_fd)
    return ran.returncode, ran.stderr, False
