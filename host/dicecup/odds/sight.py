"""What one seat can see at a table, and the odds from there under the table's rules.

The math in `exact` knows only dice and worlds (ones wild or not). A `Sight` adds the table: which world this
round is in (the `wild` switch, a palifico round, dudo's round opened on ones), which bids exist (no bids on ones
while wild in the revolver house), and how many dice a table and a hand can hold.
"""
from typing import NamedTuple

from dicecup.rules import Bid, Rules
from dicecup.rules.presets import ECONOMY_GAIN, ONES_FORBIDDEN, ONES_TRANSITION

from .exact import FACES, HALF, OddsError, check_dice, ladder, odds


def hand_limit(rules: Rules) -> int:
    """The most dice one player can hold: the starting dice, or in build-up one below the limit."""
    return rules.limit - 1 if rules.preset.economy == ECONOMY_GAIN else rules.dice


def table_limit(rules: Rules) -> int:
    """The most dice a table of these rules can have in play."""
    return rules.players[1] * hand_limit(rules)


def round_is_wild(rules: Rules, palifico: bool = False, opened_on_ones: bool = False) -> bool:
    """Whether ones are wild this round: the `wild` switch, unless it is a palifico round or a dudo round
    that opened on ones. (In classic with `wild=on` an opening bid on ones leaves ones wild.)"""
    if palifico and not rules.palifico:
        offered = "palifico=off is set" if rules.preset.offers("palifico") else "only dudo offers palifico"
        raise OddsError(f"no palifico rounds at a `{rules}` table: {offered}")
    if opened_on_ones and rules.wild and rules.preset.ones == ONES_FORBIDDEN:
        raise OddsError(f"a {rules.preset.name} round can't open on ones while ones are wild")
    if palifico:
        return False
    return rules.wild and not (opened_on_ones and rules.preset.ones == ONES_TRANSITION)


class Sight(NamedTuple):
    """One seat's view: the table's rules, the dice in play (yours included), your dice, and the round's kind.

    Build it with `Sight.make(...)`, which checks it; `wild` and `hidden` follow from it.
    """

    rules: Rules
    dice: int
    mine: tuple = ()
    wild: bool = True
    palifico: bool = False
    opened_on_ones: bool = False

    @classmethod
    def make(cls, rules, dice: int, mine=(), palifico: bool = False, opened_on_ones: bool = False) -> "Sight":
        rules = Rules.parse(rules) if isinstance(rules, str) else rules
        mine = tuple(mine)
        _check_counts(rules, dice, mine)
        wild = round_is_wild(rules, palifico, opened_on_ones)
        return cls(rules, dice, mine, wild, palifico, opened_on_ones)

    @property
    def hidden(self) -> int:
        return self.dice - len(self.mine)

    def faces(self, wild=None) -> tuple:
        """The faces a bid may name in a world (this round's unless given)."""
        wild = self.wild if wild is None else wild
        if wild and self.rules.preset.ones == ONES_FORBIDDEN:
            return FACES[1:]
        return FACES

    def check(self, bid: Bid, wild=None) -> None:
        """Refuse a bid that no player could make at this table in this world."""
        wild = self.wild if wild is None else wild
        if bid.quantity > self.dice:
            raise OddsError(f"{bid} names more dice than are in play: there are {self.dice}")
        if bid.face not in self.faces(wild):
            raise OddsError(f"{bid} is not a bid while ones are wild ({self.rules.preset.name})")

    def odds(self, bid: Bid, wild=None):
        """The odds of `bid` from this seat (in this round's world unless `wild` is given)."""
        wild = self.wild if wild is None else wild
        self.check(bid, wild)
        return odds(bid, self.mine, self.hidden, wild)

    def ladder(self, threshold=HALF, wild=None) -> list:
        """For each face that can be bid, the highest bid true with probability >= threshold, highest first."""
        wild = self.wild if wild is None else wild
        return ladder(self.mine, self.hidden, wild, threshold, self.faces(wild))


def _check_counts(rules: Rules, dice, mine: tuple) -> None:
    if not isinstance(dice, int) or dice < 1:
        raise OddsError(f"{dice!r} dice in play: a table has at least 1 die")
    most = table_limit(rules)
    if dice > most:
        raise OddsError(f"{dice} dice in play: a `{rules}` table holds at most {most} "
                        f"({rules.players[1]} players of {hand_limit(rules)})")
    check_dice(mine, 0)
    if len(mine) > hand_limit(rules):
        raise OddsError(f"you can't hold {len(mine)} dice: a player holds at most {hand_limit(rules)} "
                        f"at a `{rules}` table")
    if len(mine) > dice:
        raise OddsError(f"you see {len(mine)} dice but only {dice} {'is' if dice == 1 else 'are'} in play")
