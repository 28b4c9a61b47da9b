"""The sim board's main.py started the way a board with a ROMFS partition starts it: the partition mounted at
/rom first (a board does that by itself), so the cup's .mpy code runs in place from the image, outside the heap.

    micropython rommain.py SIM_MAIN [simcup options...]     (started by romcup.py, which sets DICECUP_ROMFS)

The unix port can't map flash, so the launcher (romcup.py) holds the image outside MicroPython's heap and names
it in DICECUP_ROMFS as address:length.
"""
import os
import sys

import uctypes
import vfs

_at, _size = os.getenv("DICECUP_ROMFS").split(":")
vfs.mount(vfs.VfsRom(uctypes.bytearray_at(int(_at), int(_size))), "/rom")
sys.path.insert(0, "/rom/lib")
_main = sys.argv.pop(1)
sys.argv[0] = _main  # what main.py and simcup see is what a board's main.py would
with open(_main) as _source:
    _code = _source.read()
exec(_code)
