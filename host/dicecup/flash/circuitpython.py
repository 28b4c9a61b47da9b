"""Flashing a CircuitPython board (cpb, picocp): files onto its CIRCUITPY drive, the libraries from a local bundle.

The drive is found by its volume name (a mount point named CIRCUITPY) or given with --drive; CircuitPython
writes boot_out.txt on it, which names the version. Files are compared by hash and only changed ones copied,
each to a temporary name beside it and renamed into place once all are there (code.py and then settings.toml
last), so a pulled cable leaves whole files: before the renames the old firmware is untouched. The libraries the
code needs (neopixel, adafruit_ble, adafruit_lis3dh) come from --bundle (an unzipped Adafruit bundle or its lib/
folder) or must already be on the drive; no network is used.
"""
import os
import re
import sys
from pathlib import Path

from dicecup.paths import OutsideFolder, inside, write_new

from . import FlashError, register_flashed, stays_inside
from .micropython import Result, compose_config, settings_of, sha, which_cup

VOLUME = "CIRCUITPY"
MIN_MAJOR, MIN_MINOR = 10, 1  # 10.1: the first with hashlib on the nRF52840, which cups need for commitments
SKIP = ("README.txt", "manifest.json", "settings.toml")
TEMP = ".dicecup-new"


def mount_points():
    """Folders where a drive named CIRCUITPY is mounted (Linux /proc/mounts, /media, macOS /Volumes, Windows)."""
    found = []
    try:
        with open("/proc/mounts") as mounts:
            for line in mounts:
                point = line.split()[1].replace("\\040", " ")
                if Path(point).name == VOLUME:
                    found.append(Path(point))
    except OSError:
        pass
    user = os.environ.get("USER", "")
    for guess in (Path("/Volumes") / VOLUME, Path("/media") / user / VOLUME, Path("/run/media") / user / VOLUME,
                  Path("/media") / VOLUME):
        if guess.is_dir() and guess not in found:
            found.append(guess)
    if sys.platform == "win32":  # drive letters whose volume label is CIRCUITPY
        import ctypes

        for letter in "DEFGHIJKLMNOPQRSTUVWXYZ":
            label = ctypes.create_unicode_buffer(64)
            if ctypes.windll.kernel32.GetVolumeInformationW(f"{letter}:\\", label, 64, None, None, None, None, 0):
                if label.value == VOLUME:
                    found.append(Path(f"{letter}:\\"))
    return found


def find_drive(drive=None) -> Path:
    if drive:
        path = Path(drive)
        if path.exists() and not path.is_dir():
            raise FlashError(f"{path} is a file, not a folder: give the CIRCUITPY drive's folder with --drive")
        if not path.is_dir():
            raise FlashError(f"{path}: no such folder; give the CIRCUITPY drive's folder with --drive")
    else:
        found = mount_points()
        if not found:
            raise FlashError("no CIRCUITPY drive found: plug the board in (with CircuitPython installed it shows up "
                             "as a drive named CIRCUITPY), or give its folder with --drive")
        if len(found) > 1:
            raise FlashError(f"several CIRCUITPY drives ({', '.join(map(str, found))}): choose one with --drive")
        path = found[0]
    boot_out = path / "boot_out.txt"
    if not boot_out.exists():
        raise FlashError(f"{path} has no boot_out.txt: it is not a CircuitPython drive (install CircuitPython "
                         "first, docs/flashing.md), or give the CIRCUITPY drive with --drive")
    text = boot_out.read_text(errors="replace")
    match = re.search(r"CircuitPython (\d+)\.(\d+)", text)
    if match and (int(match.group(1)), int(match.group(2))) < (MIN_MAJOR, MIN_MINOR):
        raise FlashError(f"{path} runs CircuitPython {match.group(1)}.{match.group(2)}; dicecup needs CircuitPython "
                         f"{MIN_MAJOR}.{MIN_MINOR} or newer (older versions have no hashlib on this board): update "
                         "it (docs/flashing.md), then flash again")
    return path


def library_names(manifest) -> list:
    """The circup names of the libraries the build lists, e.g. ["neopixel", "adafruit_ble", "adafruit_lis3dh"]."""
    names = []
    for item in manifest.get("dependencies", []):
        match = re.search(r"circup install ([\w.-]+)", item)
        if match:
            names.append(match.group(1))
    return names


def _in_folder(folder: Path, name: str):
    try:  # a name the manifest gives: never a path out of the bundle
        candidates = [inside(folder, f"{name}.mpy"), inside(folder, f"{name}.py"), inside(folder, name)]
    except OutsideFolder as error:
        raise FlashError(f"the build names a library {name!r}, not one of the bundle's: {error}; nothing was "
                         "copied") from None
    for candidate in candidates:
        if candidate.exists():
            return candidate
    return None


def plan_libraries(manifest, drive: Path, bundle=None):
    """[(source path, name)] to copy from the bundle; FlashError naming the ones that can't be had."""
    copies, missing = [], []
    lib_dirs = []
    if bundle:
        bundle = Path(bundle)
        if not bundle.is_dir():
            raise FlashError(f"--bundle {bundle}: no such folder (unzip the Adafruit CircuitPython bundle and give "
                             "its folder or its lib/ folder)")
        lib_dirs = [bundle / "lib", bundle] if (bundle / "lib").is_dir() else [bundle]
    for name in library_names(manifest):
        source = next((found for d in lib_dirs if (found := _in_folder(d, name))), None)
        if source is not None:
            copies.append((source, name))
        elif _in_folder(drive / "lib", name) is None:
            missing.append(name)
    if missing:
        where = f"not in {bundle} and not" if bundle else "not"
        raise FlashError(f"the cup needs the libraries {', '.join(missing)}, {where} on the drive: download the "
                         f"Adafruit CircuitPython bundle for CircuitPython {MIN_MAJOR} (circuitpython.org/libraries),"
                         " unzip it and flash again with --bundle FOLDER, or run `circup install "
                         f"{' '.join(missing)}` with the board plugged in; nothing was copied")
    return copies


def _tree(source: Path, dest: str):
    """{path on the drive: bytes} for a library file or package folder."""
    if source.is_file():
        return {f"{dest}{source.suffix}": source.read_bytes()}
    return {f"{dest}/{p.relative_to(source).as_posix()}": p.read_bytes()
            for p in sorted(source.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


# What boot_out.txt says on each CircuitPython board dicecup builds for ("...; Adafruit Circuit Playground
# Bluefruit with nRF52840"): another board's pins and libraries differ.
BOARD_NAMES = {"cpb": "Circuit Playground Bluefruit", "picocp": "Raspberry Pi Pico"}


def check_kind(board_name: str, banner: str, drive, force=False):
    """Refuse (FlashError) a drive whose board is not the kind asked for, as micropython.check_kind does."""
    wanted = BOARD_NAMES.get(board_name)
    if force or wanted is None or wanted in banner:
        return
    board = banner.split(";", 1)[-1].strip() or "another board"
    raise FlashError(f"{drive} is the drive of a board that says it is '{board}', not a {wanted}: {board_name}'s "
                     "firmware can't run "
                     "there; the drive was not changed. Add --force if you are sure")


def flash(board_name, dist: Path, manifest: dict, registry, drive=None, bundle=None, name=None, progress=print,
          force=False):
    import time

    started = time.monotonic()
    drive = find_drive(drive)
    banner = ((drive / "boot_out.txt").read_text(errors="replace").splitlines() or [""])[0].strip()
    progress(f"{drive}: {banner}")
    check_kind(board_name, banner, drive, force)
    libraries = plan_libraries(manifest, drive, bundle)
    now = settings_of((drive / "settings.toml").read_text(errors="replace")) if (drive / "settings.toml").exists() \
        else {}
    cup = which_cup(registry, now, name, board_name, progress)
    files = {}
    for source, lib in libraries:
        files.update(_tree(source, f"lib/{lib}"))
    for entry in manifest["files"]:
        if entry["path"] not in SKIP:
            files[entry["path"]] = stays_inside(dist, entry["path"], "the build").read_bytes()
    files["settings.toml"] = compose_config((dist / "settings.toml").read_text(), now, cup)
    result = Result(files=len(files))
    targets = {path: stays_inside(drive, path, "the drive") for path in files}  # all, before anything is written

    def current(path):
        target = targets[path]
        return sha(target.read_bytes()) if target.is_file() else None

    changed = [p for p, data in files.items() if current(p) != sha(data)]
    changed.sort(key=lambda p: (p == "settings.toml", p == "code.py"))  # code.py, then the configuration, last
    staged = []
    try:
        for index, path in enumerate(changed):
            target = targets[path]
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = target.with_name(target.name + TEMP)  # beside its target, which stays inside the drive
            write_new(temporary, files[path])  # a link left under this name is removed, never written through
            staged.append((temporary, target))
            result.bytes_copied += len(files[path])
            result.copied.append(path)
            progress(f"  copied {path} ({len(files[path])} bytes) [{index + 1}/{len(changed)}]")
    except OSError as error:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)
        if error.errno == 28:
            raise FlashError(f"{drive}: the CIRCUITPY drive is full; nothing was changed: the old firmware still "
                             "boots. Delete files you don't need from it (old libraries in lib/), then flash again")
        raise FlashError(f"{drive}: could not write {error.filename}: {error.strerror}; nothing was changed") from None
    for temporary, target in staged:
        os.replace(temporary, target)
    if not changed:
        progress("nothing to copy: the drive already holds this firmware")
    result.cup = register_flashed(registry, cup, str(drive), renamed=name is not None)
    result.seconds = time.monotonic() - started
    progress("CircuitPython restarts code.py by itself once the files are written; `dicecup ports` shows the cup")
    return result
