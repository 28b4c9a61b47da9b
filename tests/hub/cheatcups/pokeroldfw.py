"""A virtual cup standing in for poker firmware from BEFORE round secrets (tests/hub/test_poker_round_secret.py):
the sim board's main loop over cupcore with PCLOSE taken out of the wire table, so the cup's link answers the
hub's PCLOSE with error 2 (unknown message type), as an older cup would. No real cup runs this file. Runs on the
MicroPython unix port, as the virtual cups do.

    micropython pokeroldfw.py [simcup's options...]
"""
import sys

sys.path.append(sys.path[0] + "/../../../firmware/boards/sim")
sys.path.append(sys.path[0] + "/../../../firmware")

from cupcore import wire  # noqa: E402

del wire.LAYOUTS[wire.PCLOSE]

try:
    import simcup

    _code = simcup.main(sys.argv)
except Exception as exc:
    sys.print_exception(exc, sys.stderr)
    _code = 1
sys.exit(_code)
