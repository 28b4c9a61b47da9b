"""What an emulated Pico needs on this machine: Node.js, rp2040js (from npm, installed once into a cache), the
emulator script and the boards' firmware images (shipped in this package, each checked against its SHA-256).

rp2040js is installed with `npm ci` from the package-lock.json shipped here, into a cache folder
(DICECUP_CHIP_CACHE, default ~/.cache/dicecup/chip), beside a copy of the emulator script: Node finds an ES
module's imports next to the script, and the installed package may be read-only.
"""
import hashlib
import os
import shutil
import subprocess
from importlib import resources
from pathlib import Path

from dicecup.sim.virtualcup import VirtualCupError

RP2040JS = "1.4.1"
FIRMWARE = {  # the firmware a board runs -> (image, flash layout)
    "micropython": ("micropython-1.27.0-rpi_pico.bin", "micropython"),
    "circuitpython": ("circuitpython-10.2.1-raspberry_pi_pico.bin", "circuitpython"),
}
EMULATOR_FILES = ("pico-emu.mjs", "bootrom.mjs", "package.json", "package-lock.json")
INSTALL_HINT = ("install Node.js 18 or newer with npm (Debian, Ubuntu: `sudo apt-get install nodejs npm`), "
                "then run this again")


class ChipError(VirtualCupError):
    """The emulated chip can't start or stopped answering; the text says why in a sentence. A kind of
    VirtualCupError: whoever plays a virtual cup (sim/hands.py) plays an emulated board the same way."""


def _here() -> Path:
    return Path(str(resources.files("dicecup.sim.chip")))


def cache_dir() -> Path:
    base = os.environ.get("DICECUP_CHIP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "dicecup", "chip")
    return Path(base)


def node() -> str | None:
    return shutil.which("node")


def chip_missing() -> str | None:
    """None when an emulated Pico can run here, else one line saying what to install."""
    if node() is None:
        return f"the emulated Pico needs Node.js, which is not installed: {INSTALL_HINT}"
    if shutil.which("npm") is None and not _installed():
        return f"the emulated Pico needs npm to fetch rp2040js once: {INSTALL_HINT}"
    return None


def _installed() -> bool:
    return (cache_dir() / "node_modules" / "rp2040js" / "package.json").exists()


def emulator_script() -> Path:
    """The emulator script in the cache, with rp2040js installed beside it (installed now if need be)."""
    problem = chip_missing()
    if problem:
        raise ChipError(problem)
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w") as lock:  # two test workers, or two demos, starting at once
        import fcntl

        fcntl.flock(lock, fcntl.LOCK_EX)
        _place(cache)
    return cache / "pico-emu.mjs"


def _place(cache: Path) -> None:
    source = _here() / "emulator"
    for name in EMULATOR_FILES:
        data = (source / name).read_bytes()
        target = cache / name
        if not target.exists() or target.read_bytes() != data:
            tmp = target.with_suffix(target.suffix + ".tmp")
            tmp.write_bytes(data)
            tmp.replace(target)
    if not _installed():
        _npm_ci(cache)


def _npm_ci(cache: Path) -> None:
    try:
        done = subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=cache,
                              capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ChipError(f"could not install rp2040js {RP2040JS} with npm: {error}") from None
    if done.returncode != 0 or not _installed():
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        raise ChipError(f"could not install rp2040js {RP2040JS} with npm ({last}): the emulated Pico needs the npm "
                        "registry once")


def firmware_image(kind: str) -> tuple[Path, str]:
    """(image, flash layout) of a firmware kind, its bytes checked against SHA256SUMS."""
    if kind not in FIRMWARE:
        raise ChipError(f"no firmware called {kind!r}: choose {' or '.join(FIRMWARE)}")
    name, layout = FIRMWARE[kind]
    folder = _here() / "firmware"
    image = folder / name
    sums = dict(reversed(line.split()) for line in (folder / "SHA256SUMS").read_text().splitlines() if line.strip())
    if hashlib.sha256(image.read_bytes()).hexdigest() != sums.get(name):
        raise ChipError(f"the firmware image {image} does not match its checksum: reinstall dicecup")
    return image, layout
