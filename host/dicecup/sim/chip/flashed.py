"""Emulated Picos with the cup firmware put on them by `dicecup flash`, as a newcomer would flash the boards they
bought: for `dicecup demo --board pico`, the chip tests and bench/chip_pico.py.

    with FlashedPicos(["ana", "ben"], workdir) as picos:   # each: a fresh board, flashed, answering as a cup
        table.keys.extra.update(picos.keys)                 # the keys the flash wrote, for the hub that plays them
        table.connect([pico.path for pico in picos])

The flash goes through the `dicecup flash` command itself, against a registry in workdir (a demo's cups are not
the user's cups), with the firmware built once for all the boards. Boards flashed once can be booted again and
again from their saved flash, as a shelf of flashed boards would be (the tests' chips, flashed once a run):

    FlashedPicos(["ana", "ben"], saved).start().stop()     # flashed, then switched off: saved holds their flash
    with FlashedPicos(["ana"], workdir, saved=saved) as picos:   # ana's flash and key, booted, not flashed again
"""
import contextlib
import io
import json
import shutil
import tempfile
import time
from pathlib import Path

from .kit import ChipError
from .pico import EmulatedPico


class FlashedPicos:
    def __init__(self, names, workdir=None, progress=print, keep=False, saved=None, **board):
        """keep: leave workdir (the boards' flash images, the registry) in place when done; saved: the workdir of
        FlashedPicos that flashed these names before (kept): each board boots from a copy of its flash instead of
        being flashed; board: more of EmulatedPico's options for every board (rosc_stuck=True)."""
        self.names = list(names)
        self.saved = Path(saved) if saved is not None else None
        self._own = workdir is None
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="dicecup-chip-"))
        self.progress = progress
        self.keep = keep
        self.board = board
        self.picos = []
        self.flash_seconds = []  # how long each board's flash took, first to last

    @property
    def registry_dir(self) -> Path:
        return self.workdir / "registry"

    @property
    def keys(self) -> dict:
        """cup id -> key, as the flash registered them."""
        from dicecup.registry import Registry

        with Registry.open(self.registry_dir) as registry:
            return {pico.cup_id: bytes.fromhex(registry.get(pico.cup_id).key) for pico in self.picos}

    def start(self):
        try:
            if self.saved is not None:
                self._copy_saved()
            dist = self._build() if self.saved is None else None
            for name in self.names:
                pico = EmulatedPico(name, workdir=self.workdir / name, **self.board)
                self.picos.append(pico)
                pico.start()
                if dist is None:
                    pico.cup_id = self._registered(name)
                else:
                    self._flash(pico, dist)
        except BaseException:
            self.stop()
            raise
        return self

    def _copy_saved(self):
        shutil.copytree(self.saved / "registry", self.registry_dir, dirs_exist_ok=True)
        for name in self.names:
            (self.workdir / name).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.saved / name / "fs.img", self.workdir / name / "fs.img")

    def _registered(self, name) -> int:
        from dicecup.registry import Registry

        with Registry.open(self.registry_dir) as registry:
            return registry.find(name).cup_id

    def _build(self) -> Path:
        from dicecup.build import build

        dist = self.workdir / "dist"
        build("pico", dist, force=True)
        return dist

    def _flash(self, pico, dist):
        from dicecup.cli import main

        started = time.monotonic()
        out, err = io.StringIO(), io.StringIO()
        args = ["flash", "--board", "pico", "--port", pico.path, "--dist", str(dist), "--name", pico.name,
                "--data", str(self.registry_dir), "--json"]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = _exit_status(main, args)
        if status != 0:
            said = (err.getvalue().strip() or out.getvalue().strip()).splitlines()
            raise ChipError(f"{pico.name}: dicecup flash failed: {said[-1] if said else f'status {status}'}")
        summary = json.loads(out.getvalue().strip().splitlines()[-1])
        pico.cup_id = summary["cup"]["cup_id"]
        self.flash_seconds.append(time.monotonic() - started)
        self.progress(f"{pico.name}: flashed by `dicecup flash` in {self.flash_seconds[-1]:.1f} s "
                      f"({summary['files']} files, cup {pico.cup_id:08x})")

    def stop(self):
        for pico in self.picos:
            pico.stop()
        if self._own and not self.keep:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def __iter__(self):
        return iter(self.picos)

    def __len__(self):
        return len(self.picos)

    def __getitem__(self, index):
        return self.picos[index]


def _exit_status(main, args) -> int:
    try:
        status = main(args)
    except SystemExit as done:
        status = done.code
    return status if isinstance(status, int) else (0 if status is None else 1)
