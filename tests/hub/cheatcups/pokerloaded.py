"""A virtual cup with TAMPERED firmware for poker dice (tests/hub/test_poker_round_secret.py): the sim board's main
loop over cupcore, with the poker cup patched to LOAD the dice of each round's second roll (the first receiver's
re-roll under the cup): it commits to no seed at all (a digest of nothing it could open) and, once the hub's
entropy comes, makes those dice aces, so the holder's peek shows five aces. It gambles that the next holder
re-rolls them under the cup before anyone opens them; until the round secret, such dice were never opened, so
the lie went unseen. No real cup runs this file. Runs on the MicroPython unix port, as the virtual cups do.

    micropython pokerloaded.py [simcup's options...]
"""
import sys

sys.path.append(sys.path[0] + "/../../../firmware/boards/sim")
sys.path.append(sys.path[0] + "/../../../firmware")

from cupcore import pokercup, wire  # noqa: E402
from cupcore.compat import sha256  # noqa: E402

_pdeal = pokercup.PokerCup._on_pdeal
_entropy = pokercup.PokerCup._on_entropy
_rolls = {}  # round -> rolls (PDEALs) the cup has had in it
_nth = {}  # sub-deal id -> which roll of its round it is (a PDEAL sent again is the same roll)
_loading = [0, 0]  # [sub-deal id, mask] of the roll being loaded


def loaded_pdeal(self, values):
    deal_id, mask = values[0], values[1]
    if deal_id not in _nth:
        _rolls[self.round] = _rolls.get(self.round, 0) + 1
        _nth[deal_id] = _rolls[self.round]
    if _nth[deal_id] != 2:
        return _pdeal(self, values)
    _loading[0], _loading[1] = deal_id, mask
    send = self._send

    def commit_to_nothing(mtype, values=()):
        if mtype == wire.PCOMMIT:
            values = (values[0], values[1], sha256(b"loaded die" + bytes((values[1],))))
        return send(mtype, values)

    self._send = commit_to_nothing
    try:
        _pdeal(self, values)
    finally:
        self._send = send


def loaded_entropy(self, values):
    _entropy(self, values)
    if values[0] == _loading[0]:
        for d in range(5):
            if _loading[1] >> d & 1:
                self.faces[d] = 6  # an ace, whatever seed and entropy give


pokercup.PokerCup._on_pdeal = loaded_pdeal
pokercup.PokerCup._on_entropy = loaded_entropy

try:
    import simcup

    _code = simcup.main(sys.argv)
except Exception as exc:
    sys.print_exception(exc, sys.stderr)
    _code = 1
sys.exit(_code)
