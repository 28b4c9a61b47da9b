"""A virtual cup with TAMPERED poker firmware (tests/hub/test_poker_round_secret.py): the sim board's main loop over
cupcore, with the poker cup patched to never answer PCLOSE -- it keeps its round secret, so the dice it rolled
under the cup unseen can never be rechecked. No real cup runs this file. Runs on the MicroPython unix port.

    micropython pokermute.py [simcup's options...]
"""
import sys

sys.path.append(sys.path[0] + "/../../../firmware/boards/sim")
sys.path.append(sys.path[0] + "/../../../firmware")

from cupcore import pokercup  # noqa: E402

pokercup.PokerCup._open_secret = lambda self: None

try:
    import simcup

    _code = simcup.main(sys.argv)
except Exception as exc:
    sys.print_exception(exc, sys.stderr)
    _code = 1
sys.exit(_code)
