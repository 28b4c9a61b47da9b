"""A virtual cup with TAMPERED poker firmware (tests/hub/test_poker_round_secret.py): the sim board's main loop over
cupcore, with the poker cup patched to never answer PCLOSE -- it keeps its round secret, so the dice it rolled
under the cup unseen can never be rechecked -- or, with --no-secret, to answer it with error 4 as a cup that
restarted and lost its secret would. No real cup runs this file. Runs on the MicroPython unix port.

    micropython pokermute.py [--no-secret] [simcup's options...]
"""
import sys

sys.path.append(sys.path[0] + "/../../../firmware/boards/sim")
sys.path.append(sys.path[0] + "/../../../firmware")

from cupcore import pokercup, wire  # noqa: E402


def no_secret(self):
    self._send(wire.ERROR, (wire.ERR_STATE, wire.PCLOSE))


if "--no-secret" in sys.argv:
    sys.argv.remove("--no-secret")
    pokercup.PokerCup._open_secret = no_secret
else:
    pokercup.PokerCup._open_secret = lambda self: None

try:
    import simcup

    _code = simcup.main(sys.argv)
except Exception as exc:
    sys.print_exception(exc, sys.stderr)
    _code = 1
sys.exit(_code)
