"""The virtual cup, as a board would boot it. Started by dicecup.sim.virtualcup, one process per cup:

    micropython firmware/boards/sim/main.py --buttons FIFO [--leds FILE] [--name NAME] [--id N] ...

Kept tiny on purpose: this file is compiled at start-up, everything else can be precompiled .mpy
(DICECUP_MPY names a folder of them, as a board's /lib holds them), so start-up needs little RAM. (The heap
bench runs it from a ROMFS image too: bench/romfs/rommain.py mounts the image, then runs this file.)
"""
import os
import sys

_mpy = os.getenv("DICECUP_MPY")
if _mpy:
    sys.path.insert(0, _mpy)
sys.path.append(sys.path[0] + "/../..")  # firmware/, for cupcore as source


def _report(exc):
    # The unix port prints uncaught tracebacks to stdout, which here is the serial line: send them to stderr.
    try:
        sys.print_exception(exc, sys.stderr)
    except AttributeError:  # CPython
        import traceback

        traceback.print_exception(exc)


try:
    import simcup

    _code = simcup.main(sys.argv)
except Exception as exc:  # MemoryError included: the bench looks for it on stderr
    _report(exc)
    _code = 1
sys.exit(_code)
