"""What the adversary tests share: a table with its attackers in a folder of its own, and the moments to attack."""
import random
import shutil
import tempfile

from cupcore import cup as cupmod
from dicecup.hub.phases import RoundPhase
from dicecup.sim.adversary import AdversaryTable

# Where each attack is to be stopped (issue 24): the engineer building the defence. A test of an attack that gets
# through today is marked xfail(strict) with that reason: once the defence is merged it passes, and the strict mark
# fails until it is taken off.
BY_B = "issue 24 item 1 (engineer B): a round is not re-dealt on a cup's word once dealt; today it is"
BY_C = "issue 24 item 2 (engineer C): nothing unauthenticated changes anything; today this frame does"


class Table:
    """An AdversaryTable in a temporary data folder, removed at close."""

    def __init__(self, seed=1):
        self.folder = tempfile.mkdtemp(prefix="dicecup-adversary-")
        self.table = AdversaryTable(seed=seed, data=self.folder)

    def __enter__(self):
        return self.table

    def __exit__(self, *exc):
        self.table.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def until(table, done, limit=60.0, step=0.01):
    """Play in small steps until done() (at most `limit` virtual seconds)."""
    end = table.game.clock.now + limit
    while not done():
        assert table.game.clock.now < end, "the table never got there"
        assert not table.over(), "the game ended first"
        table.play(step)


def rogue_holds_dice(table):
    """The bidding is on and the rogue cup shows its owner its dice."""
    return table.hub.phase_shown == RoundPhase.BIDDING and table.rogue.cup.state in (cupmod.ROLLED, cupmod.TURN)


def bidding_begun(table):
    """At least one bid is standing: a re-deal now would take it back."""
    return rogue_holds_dice(table) and bool(table.hub.state.bids)


def rng(seed=0):
    return random.Random(seed)
