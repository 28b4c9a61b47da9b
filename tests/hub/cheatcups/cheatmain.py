"""A virtual cup with TAMPERED firmware, for the fair-dice cheat tests (tests/hub/test_fair_cheats.py): the sim
board's main loop (simcup) over cupcore, with one of these cheats patched into the cup's message handlers.
No real cup runs this file. Runs on the MicroPython unix port, as the virtual cups do.

    micropython cheatmain.py --cheat-as loaded|mute|other-dice|other-seed [simcup's options...]

loaded      grinds many seeds at every deal and commits to the one whose dice come out with the most ones (wild),
            using the deal's entropy if the hub has sent it already, else its best guess (all zeros)
mute        never answers a reveal request
other-dice  reveals its true seed with dice of its choosing (all ones)
other-seed  once it has the hub's entropy, grinds a new seed whose dice have the most ones and reveals that
rehello     mid-bidding (a bid stands), forgets its dice and says hello again on its live line, so the hub's deal
            sent again gets a fresh commitment: a try for new dice, at most REHELLOS times in a game
"""
import tampered  # first: it puts the sim board and cupcore on the path

from cupcore import cup as cupmod  # noqa: E402
from cupcore import facecup  # noqa: E402
from cupcore import dice, wire  # noqa: E402
from cupcore.compat import urandom  # noqa: E402

TRIES = 200
REHELLOS = 2
_rehellos = []  # one entry per hello said again
_honest = dict(facecup._HANDLERS)  # the face-bid mode's, which take the mode
_early = {}  # deal id -> entropy that came before the deal (only a hub that sends it early gives the cup this)


def best_seed(nonce, seat, entropy, count):
    best, most = None, -1
    for _ in range(TRIES):
        seed = urandom(16)
        ones = 0
        for die in dice.roll(seed, nonce, seat, entropy, count):
            ones += die == 1
        if ones > most:
            best, most = seed, ones
    return best


def loaded_deal(mode, values):
    deal_id, count, nonce = values
    cup = mode.cup
    fresh = not (deal_id == mode.deal and mode.dice_count) and cup.state not in (cupmod.JOINING, cupmod.OUT)
    if fresh and 1 <= count <= wire.MAX_DICE:
        seed = best_seed(nonce, cup.seat, _early.get(deal_id, bytes(16)), count)
        source = cup._source
        cup._source = lambda n: seed  # the one draw of this deal: the seed it picked
        try:
            return _honest[wire.DEAL](mode, values)
        finally:
            cup._source = source
    return _honest[wire.DEAL](mode, values)


def loaded_entropy(mode, values):
    if values[0] != mode.deal:
        _early[values[0]] = bytes(values[1])  # keep it for the deal it belongs to
        return
    return _honest[wire.ENTROPY](mode, values)


def rehello_table(mode, values):
    _honest[wire.TABLE](mode, values)
    if values[3] and mode.dice_count and len(_rehellos) < REHELLOS:  # a bid stands, and it holds dice
        _rehellos.append(values[0])
        mode.dice_count = 0  # so the deal sent again draws a fresh seed
        mode.cup.hello()


def mute_reveal(mode, values):
    return  # the cup keeps its dice hidden, whatever it is asked


def lying_send(send, how):
    def send_lies(mtype, values=()):
        if mtype == wire.REVEAL:
            deal_id, shown, seed, tag = values
            if how == "other-dice":
                shown = bytes([1] * len(shown))
            else:
                cup = CUP[0]
                seed = best_seed(cup.mode._nonce, cup.seat, bytes(cup.mode._entropy), len(shown))
                shown = bytes(dice.roll(seed, cup.mode._nonce, cup.seat, bytes(cup.mode._entropy), len(shown)))
            values = (deal_id, shown, seed, tag)  # its tag over the deal it really had: the hub refuses the dice
        return send(mtype, values)

    return send_lies


CUP = []


def main(argv):
    how = None
    if "--cheat-as" in argv:
        at = argv.index("--cheat-as")
        how = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    if how == "loaded":
        facecup._HANDLERS[wire.DEAL] = loaded_deal
        facecup._HANDLERS[wire.ENTROPY] = loaded_entropy
    elif how == "rehello":
        facecup._HANDLERS[wire.TABLE] = rehello_table
    elif how == "mute":
        facecup._HANDLERS[wire.REVEAL_REQ] = mute_reveal
    import simcup

    if how in ("other-dice", "other-seed"):
        made = simcup.SimCup.__init__

        def init(self, opts, write):
            made(self, opts, write)
            CUP.append(self.cup)
            self.cup.send = lying_send(self.cup.send, how)

        simcup.SimCup.__init__ = init
    return simcup.main(argv)


tampered.run(main)
