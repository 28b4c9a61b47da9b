"""An emulated Pico's CIRCUITPY drive as a folder on the host: a STAND-IN for USB mass storage.

rp2040js has no USB mass storage, so the host can't mount the drive CircuitPython shares. Instead the drive is a
folder: while the board is off, write_image() makes the folder the FAT12 volume in the emulated flash (fs.img,
as CircuitPython 10 formats the Pico's: 1 MiB, 512-byte sectors, a sector a cluster, one FAT, label CIRCUITPY),
and once it is off again read_image() puts the volume's files back into the folder, the files CircuitPython
itself wrote (boot_out.txt) included. `dicecup flash --drive FOLDER` and `dicecup cups rekey --drive FOLDER` then
work on the folder as they do on a mounted CIRCUITPY.

What this does not show: the host and the board sharing the drive while it runs (a real host writes through USB
and CircuitPython restarts code.py when it sees the write); here a write reaches the board at its next power-on.
"""
import shutil
from pathlib import Path

SIZE = 1 << 20  # the CIRCUITPY region: flash offset 0x100000 to the end of the Pico's 2 MiB
LABEL = "CIRCUITPY"
_LOWER_BASE, _LOWER_EXT = 0x08, 0x10  # FAT's NTRes bits: an 8.3 name stored upper case, shown lower


class DriveError(Exception):
    """The drive folder or its image can't be used; the text says why."""


def _pyfatfs():
    try:
        from pyfatfs.PyFat import PyFat
        from pyfatfs.PyFatFS import PyFatFS
    except ImportError:
        raise DriveError("the emulated CIRCUITPY drive needs pyfatfs: pip install 'dicecup[test]'") from None
    return PyFat, PyFatFS


def write_image(folder, image):
    """A fresh CIRCUITPY volume in `image` holding every file and folder of `folder`, the board being off."""
    PyFat, PyFatFS = _pyfatfs()
    folder, image = Path(folder), Path(image)
    if not folder.is_dir():
        raise DriveError(f"{folder}: no such folder to be the CIRCUITPY drive")
    with open(image, "wb") as out:
        out.truncate(SIZE)
    fat = PyFat()
    fat.mkfs(str(image), PyFat.FAT_TYPE_FAT12, size=SIZE, number_of_fats=1, label=LABEL)
    fat.close()
    volume = PyFatFS(str(image), encoding="utf-8")
    try:
        for path in sorted(folder.rglob("*")):
            inside = "/" + path.relative_to(folder).as_posix()
            if path.is_dir():
                volume.makedir(inside)
            else:
                volume.writebytes(inside, path.read_bytes())
    finally:
        volume.close()


def entry_name(entry) -> str:
    """A directory entry's name as CircuitPython (FatFs) shows it: the long name if there is one, else the 8.3
    name with the NTRes lower-case bits applied (FatFs writes boot_out.txt as BOOT_OUT.TXT with both set)."""
    if entry.lfn_entry is not None:
        return str(entry)
    base, dot, ext = entry.get_short_name().partition(".")
    if entry.ntres & _LOWER_BASE:
        base = base.lower()
    if entry.ntres & _LOWER_EXT:
        ext = ext.lower()
    return base + dot + ext


def read_image(image, folder):
    """Make `folder` hold exactly the files of the CIRCUITPY volume in `image` (the board being off)."""
    _, PyFatFS = _pyfatfs()
    folder = Path(folder)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    volume = PyFatFS(str(image), encoding="utf-8")
    try:
        _copy_out(volume, volume.fs.root_dir, "/", folder)
    finally:
        volume.close()


def _copy_out(volume, directory, inside, folder: Path):
    dirs, files, _ = directory.get_entries()
    for entry in files:
        (folder / entry_name(entry)).write_bytes(volume.readbytes(inside + str(entry)))
    for entry in dirs:
        if entry.is_special():  # . and ..
            continue
        sub = folder / entry_name(entry)
        sub.mkdir()
        _copy_out(volume, entry, inside + str(entry) + "/", sub)
