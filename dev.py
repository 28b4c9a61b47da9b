#!/usr/bin/env python3
"""Set up a private virtual environment and run one of dicecup's jobs in it.

    python3 dev.py demo     the main job (see README)
    python3 dev.py test     every test

Only the standard library is used here, so this runs on a fresh machine that has nothing but Python 3.11+.
The environment lives in .venv/ and is reinstalled whenever pyproject.toml changes.
"""
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".dicecup-installed"


def _pyproject_hash() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def _venv_whole() -> bool:
    """A set-up cut off while .venv was made (Ctrl-C, a closed terminal) leaves its python without pip, which every
    later run would then fail on; once dicecup is installed in it, it was whole."""
    if STAMP.exists():
        return True
    try:  # a python cut off mid-copy may not be runnable yet (not yet made executable): not whole either
        return subprocess.run([str(BIN / "python"), "-m", "pip", "--version"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    except OSError:
        return False


def ensure_env() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"dicecup needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not _venv_whole():
        print("setting up .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)  # clear: what a cut-off set-up left goes first
    _link_ble_micropython()
    want = _pyproject_hash()
    if STAMP.exists() and STAMP.read_text() == want:
        return
    print("installing dicecup and its test tools into .venv ...", flush=True)
    pip = [str(BIN / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.check_call([*pip, "install", "-e", f"{ROOT}[test]"])
    STAMP.write_text(want)


# The MicroPython unix port built with its `bluetooth` module (BTstack), vendored for the tests and `demo --ble`:
# linked into .venv/bin, where dicecup looks for it. BTstack's licence is non-commercial: never in the wheel.
BLE_MICROPYTHON = ROOT / "vendor" / "micropython-ble" / "micropython-ble"


def _link_ble_micropython() -> None:
    link = BIN / "micropython-ble"
    if not BLE_MICROPYTHON.exists() or link.exists() or not BIN.is_dir():
        return
    try:
        link.symlink_to(BLE_MICROPYTHON)
    except OSError:
        pass  # a file system without links: the BLE tests say what is missing


# Debian packages the tests need: (package, whether it is there). Installed by `dev.py test` when missing
# and possible (root with apt-get); otherwise one line says what to run.
SYSTEM_PACKAGES = [
    # tests/web drive Debian's Chromium through Playwright; Playwright's own browser download is never used
    ("chromium", lambda: Path("/usr/bin/chromium").exists()),
    # tests/history start a throwaway PostgreSQL server of their own (Debian keeps it off the PATH)
    ("postgresql", lambda: bool(glob.glob("/usr/lib/postgresql/*/bin/initdb"))),
    # tests/chip run the boards' own firmware on rp2040js (from npm, installed on first use by dicecup.sim.chip)
    ("nodejs", lambda: shutil.which("node") is not None),
    ("npm", lambda: shutil.which("npm") is not None),
]


def ensure_system_packages() -> None:
    missing = " ".join(name for name, present in SYSTEM_PACKAGES if not present())
    if not missing:
        return
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        print(f"dev.py: the tests need Debian's {missing}: run `sudo apt-get install -y {missing}` (Debian, Ubuntu), "
              "then this again", file=sys.stderr, flush=True)
        return
    print(f"installing {missing} for the tests (apt-get install {missing}) ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [apt, "install", "-y", "-q", "--no-install-recommends", *missing.split()]
    if subprocess.run(install, env=env, stdout=subprocess.DEVNULL).returncode != 0:  # a fresh machine: no lists yet
        subprocess.check_call([apt, "update", "-q"], env=env, stdout=subprocess.DEVNULL)
        subprocess.check_call(install, env=env, stdout=subprocess.DEVNULL)


JOBS = {
    "demo": lambda args: [str(BIN / "dicecup"), "demo", *args],
    # Four workers on two cores: much of the suite waits on virtual cups, browsers and whole games. Each worker takes
    # whole groups (tests/conftest.py): a file, or every emulated-chip test, or every Chromium test, so the heaviest
    # take turns. `python3 dev.py test -n 0 ...` runs in one process.
    "test": lambda args: [str(BIN / "python"), "-m", "pytest", "-n", "4", "--dist", "loadgroup", *args],
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in JOBS:
        sys.exit(f"usage: python3 dev.py {{{'|'.join(JOBS)}}} [args...]")
    job, args = sys.argv[1], sys.argv[2:]
    try:
        ensure_env()
        if job == "test":
            ensure_system_packages()
    except KeyboardInterrupt:  # one line, not a traceback; the next run picks up where this one stopped
        fresh_line = "\n" if sys.stderr.isatty() else ""  # after the terminal's own ^C
        print(f"{fresh_line}dev.py: stopped (Ctrl-C); run it again to finish setting up .venv", file=sys.stderr)
        sys.exit(130)
    except subprocess.CalledProcessError as failed:
        sys.exit(f"dev.py: `{' '.join(map(str, failed.cmd))}` failed (its words are above); run dev.py again once "
                 "that is fixed")
    os.chdir(ROOT)
    os.execv(JOBS[job](args)[0], JOBS[job](args))


if __name__ == "__main__":
    main()
