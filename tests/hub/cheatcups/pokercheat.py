"""A virtual cup with TAMPERED firmware for poker dice (tests/hub/test_poker_cup.py): the sim board's main loop
over cupcore, with the poker cup's openings patched to claim every die opened shows an ace (6), whatever it
rolled and committed to. No real cup runs this file. Runs on the MicroPython unix port, as the virtual cups do.

    micropython pokercheat.py [simcup's options...]
"""
import tampered  # first: it puts the sim board and cupcore on the path

from cupcore import pokercup, wire  # noqa: E402

_honest = pokercup.PokerMode._open_mask


def lying_open(self, mask):
    send = self.cup.send

    def lie(mtype, values=()):
        if mtype == wire.OPEN:
            values = (values[0], values[1], 6, values[3], values[4])  # an ace, with the die's true seed
        return send(mtype, values)

    self.cup.send = lie
    try:
        _honest(self, mask)
    finally:
        self.cup.send = send


pokercup.PokerMode._open_mask = lying_open

tampered.run()
