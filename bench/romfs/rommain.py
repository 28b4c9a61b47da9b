"""Stand-in for a board that mounts its ROMFS partition at /rom by itself (main.py imports this only when
DICECUP_ROMFS is set). The unix port can't map flash, so the launcher (dicecup.link.romcup) holds the image
outside MicroPython's heap and names it as address:length; mounted here, its .mpy code runs in place."""
import os
import sys

import uctypes
import vfs

_at, _size = os.getenv("DICECUP_ROMFS").split(":")
vfs.mount(vfs.VfsRom(uctypes.bytearray_at(int(_at), int(_size))), "/rom")
sys.path.insert(0, "/rom/lib")
