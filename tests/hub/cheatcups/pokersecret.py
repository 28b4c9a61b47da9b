"""Virtual cups with TAMPERED (or older) poker firmware for the round secret's tests
(tests/hub/test_poker_round_secret.py): the sim board's main loop over cupcore, with the poker cup patched as
MODE says. No real cup runs this file. Runs on the MicroPython unix port, as the virtual cups do.

    micropython pokersecret.py --as MODE [simcup's options...]

loaded        LOADS the dice of each round's second roll (the first receiver's re-roll under the cup): commits to
              no seed at all (a digest of nothing it could open) and, once the hub's entropy comes, makes those
              dice aces, so the holder's peek shows aces. It gambles that the next holder re-rolls them under the
              cup before anyone opens them: before round secrets such dice were never opened, so the lie went unseen
mute          never answers PCLOSE: it keeps its round secret
no-secret     answers PCLOSE with error 4, as a cup that restarted and lost its secret would
old-firmware  PCLOSE taken out of its wire table, so its link answers error 2 (unknown type), as firmware from
              before round secrets does
"""
import sys

import tampered  # first: it puts the sim board and cupcore on the path

from cupcore import pokercup, wire  # noqa: E402
from cupcore.compat import sha256  # noqa: E402

_pdeal = pokercup.PokerMode._on_pdeal
_entropy = pokercup.PokerMode._on_entropy
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
    send = self.cup.send

    def commit_to_nothing(mtype, values=()):
        if mtype == wire.PCOMMIT:
            values = (values[0], values[1], sha256(b"loaded die" + bytes((values[1],))))
        return send(mtype, values)

    self.cup.send = commit_to_nothing
    try:
        _pdeal(self, values)
    finally:
        self.cup.send = send


def loaded_entropy(self, values):
    _entropy(self, values)
    if values[0] == _loading[0]:
        for d in range(5):
            if _loading[1] >> d & 1:
                self.faces[d] = 6  # an ace, whatever seed and entropy give


def no_secret(self):
    self.cup.refuse(wire.PCLOSE)


_at = sys.argv.index("--as")
mode = sys.argv[_at + 1]
del sys.argv[_at:_at + 2]
if mode == "loaded":
    pokercup.PokerMode._on_pdeal = loaded_pdeal
    pokercup.PokerMode._on_entropy = loaded_entropy
elif mode == "mute":
    pokercup.PokerMode._open_secret = lambda self: None
elif mode == "no-secret":
    pokercup.PokerMode._open_secret = no_secret
elif mode == "old-firmware":
    del wire.LAYOUTS[wire.PCLOSE]
else:
    raise SystemExit("pokersecret.py: --as loaded|mute|no-secret|old-firmware")

tampered.run()
