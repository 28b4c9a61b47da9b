"""The virtual cup, as a board would boot it. Started by dicecup.sim.virtualcup, one process per cup:

    micropython firmware/boards/sim/main.py --buttons FIFO [--leds FILE] [--name NAME] [--id N] ...

Kept tiny on purpose: this file is compiled at start-up, everything else can be precompiled .mpy
(DICECUP_MPY names a folder of them, as a board's /lib holds them), so start-up needs little RAM. With
DICECUP_ROMFS the code comes from a ROMFS image instead and runs in place, as from a board's flash.
"""
import os
import sys

if os.getenv("DICECUP_ROMFS"):
    import simrom  # noqa: F401  mounts the code's ROMFS image at /rom
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
