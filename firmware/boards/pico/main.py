"""Boots the Pico cup. Kept tiny: everything else is precompiled .mpy in /lib (dicecup build)."""
# Ctrl-C off first (a hub's frames carry 0x03, Ctrl-C to MicroPython, and may come while the cup boots): no
# branch comes before kbd_intr(-1), so a Ctrl-C that arrived meanwhile is only pending; the branch in the try
# raises it where it is caught. After kbd_intr(-1) no new one can come (cupcore/breakin.py still lets a
# flasher in). It stays here, not in cupcore.start with the rest of the start-up: an import runs code, which
# a Ctrl-C could stop before the guard. docs/build.md, "Ctrl-C at boot".
import micropython

micropython.kbd_intr(-1)
try:
    if micropython:
        pass
except KeyboardInterrupt:
    pass
import cupmain

cupmain.main()
