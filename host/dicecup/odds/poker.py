"""Exact odds of poker dice, by enumeration: no sampling.

    >>> from dicecup.odds.poker import at_least, five_within
    >>> from dicecup.rules.poker import Hand
    >>> str(at_least((5, 5, 4), Hand.parse("KKKQQ")))   # keep K K Q, re-roll two: a full house K over Q or better
    '1/12'
    >>> round(float(five_within((), 3)), 4)             # any five of a kind in three rolls from scratch
    0.046

`at_least(kept, bid)`: the chance that the dice kept plus the rest re-rolled once make at least `bid`.
`distribution(kept)` is the whole law of the hand made (cached for each of the 462 multisets that can be kept).
`five_within(dice, rolls)`: the chance of making any five of a kind in up to `rolls` rolls, keeping the largest
group each time (the best a player can do), from `dice` already on the table (none: the first roll is all five).
"""
import json
from bisect import bisect_left
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from dicecup.odds.exact import OddsError
from dicecup.rules.errors import NotationError
from dicecup.rules.poker.hands import FIVE, KIND_NAMES, Hand, all_bids, made, parse_rank, rank_char


class HandLaw(NamedTuple):
    """The hands `kept` + a re-roll can make: sorted hands and, for each, the ways to make at least it."""

    hands: tuple   # every hand that can be made, lowest first
    tail: tuple    # tail[i]: outcomes making at least hands[i]; tail[len] == 0
    outcomes: int  # 6 ** re-rolled dice

    def at_least(self, bid: Hand) -> Fraction:
        return Fraction(self.tail[bisect_left(self.hands, bid)], self.outcomes)

    def at_least_float(self, bid: Hand) -> float:
        return self.tail[bisect_left(self.hands, bid)] / self.outcomes


def _check(kept) -> tuple:
    kept = tuple(sorted(kept))
    if len(kept) > 5 or any(not (isinstance(d, int) and 1 <= d <= 6) for d in kept):
        raise OddsError("keep up to five dice, each 9 T J Q K A")
    return kept


@lru_cache(maxsize=None)
def _law(kept: tuple) -> HandLaw:
    counts = {}
    rolled = 5 - len(kept)
    for roll in product(range(1, 7), repeat=rolled):
        hand = made(kept + roll)
        counts[hand] = counts.get(hand, 0) + 1
    hands = tuple(sorted(counts))
    tail, running = [0] * (len(hands) + 1), 0
    for i in range(len(hands) - 1, -1, -1):
        running += counts[hands[i]]
        tail[i] = running
    return HandLaw(hands, tuple(tail), 6 ** rolled)


def distribution(kept) -> HandLaw:
    return _law(_check(kept))


def at_least(kept, bid: Hand) -> Fraction:
    """P(the kept dice plus the others re-rolled once make at least `bid`)."""
    return distribution(kept).at_least(bid)


@lru_cache(maxsize=None)
def _group_step(kept_size: int) -> tuple:
    """From a kept group of `kept_size` of one face (0: nothing kept), one roll of the rest: the ways to reach
    each largest-group size 1..5."""
    ways = [0] * 6
    for roll in product(range(1, 7), repeat=5 - kept_size):
        same = kept_size + roll.count(1) if kept_size else 0  # the kept face is 1, by symmetry
        best = max([same] + [roll.count(f) for f in range(1 if not kept_size else 2, 7)])
        ways[best] += 1
    return tuple(ways)


@lru_cache(maxsize=None)
def _five_from(group: int, rolls: int) -> Fraction:
    if group == 5:
        return Fraction(1)
    if rolls == 0:
        return Fraction(0)
    ways = _group_step(group)
    total = sum(ways)
    return sum((Fraction(w, total) * _five_from(size, rolls - 1) for size, w in enumerate(ways) if w), Fraction(0))


def five_within(dice=(), rolls: int = 3) -> Fraction:
    """P(any five of a kind within `rolls` rolls), keeping the largest group, starting from `dice` (five dice
    showing, or none before the first roll)."""
    dice = _check(dice)
    if dice and len(dice) != 5:
        raise OddsError("five of a kind is rolled from all five dice, or from none")
    group = max(dice.count(f) for f in set(dice)) if dice else 0
    return _five_from(group, rolls)


def kind_floors() -> list:
    """(kind name, the lowest bid of that kind) for every hand above junk: the rungs of the odds table."""
    floors = {}
    for bid in all_bids():
        floors.setdefault(bid.kind, bid)
    return [(KIND_NAMES[kind], floors[kind]) for kind in sorted(floors) if kind]


def table_lines(kept) -> list:
    """The text of `dicecup odds --rules poker --mine ...` without --bid."""
    kept = _check(kept)
    law = distribution(kept)
    shown = " ".join(rank_char(d) for d in reversed(kept)) if kept else "nothing"
    rerolled = 5 - len(kept)
    lines = [f"keeping {shown}, re-rolling {rerolled} {'die' if rerolled == 1 else 'dice'} once:" if rerolled
             else f"the five dice {shown}, no re-roll:", ""]
    for name, floor in kind_floors():
        lines.append(f"  at least {name:<16} {float(law.at_least(floor)) * 100:7.2f} %   ({law.at_least(floor)})")
    if len(kept) in (0, 5):
        five = five_within(kept, 3)
        start = "from scratch" if not kept else "from these five dice"
        lines += ["", f"  five of a kind within three rolls {start}: {float(five) * 100:.2f} %   ({five})"]
    return lines


def bid_lines(kept, bid: Hand) -> list:
    kept = _check(kept)
    chance = at_least(kept, bid)
    lines = [f"{bid} ({bid.words()}) keeping {len(kept)} {'die' if len(kept) == 1 else 'dice'}, re-rolling "
             f"{5 - len(kept)}: {float(chance) * 100:.2f} %   ({chance})"]
    if bid.kind == FIVE and len(kept) in (0, 5):
        five = five_within(kept, 3)
        lines.append(f"accepting it, any five of a kind within three tries: {float(five) * 100:.2f} %   ({five})")
    return lines


def to_json(kept, bid: Hand) -> dict:
    kept = _check(kept)
    chance = at_least(kept, bid)
    return {"bid": str(bid), "kept": [rank_char(d) for d in reversed(kept)], "rerolled": 5 - len(kept),
            "at_least": float(chance), "at_least_exact": str(chance)}


def kept_dice(word: str) -> list:
    """One --mine word: a die (`K`, `10`), or several written as a hand is (`KKQ`, `K,K,Q`, `'K K Q'`)."""
    parts = word.replace(",", " ").split()
    if len(parts) != 1 or parts[0] == "10":
        return [parse_rank(part) for part in parts or [word]]
    try:
        return [parse_rank(char) for char in parts[0]]
    except NotationError:
        parse_rank(word)  # refused as the word typed: "'KKX' is not a die"
        raise


def answer(args) -> str:
    """`dicecup odds --rules poker [--mine K K Q] [--bid KKKQQ] [--json]`: --mine are the dice kept."""
    if args.dice is not None or args.palifico or args.opened_on_ones or args.threshold != "1/2":
        raise OddsError("poker dice always has five dice and no wild ones: give the dice you keep (--mine K K Q) "
                        "and a bid (--bid KKKQQ)")
    kept = tuple(face for word in args.mine for face in kept_dice(word))
    if len(kept) > 5:
        raise OddsError(f"{len(kept)} dice kept: the cup holds five")
    if args.bid is None:  # `--bid ""` is an empty bid, refused by Hand.parse
        return "\n".join(table_lines(kept))
    bid = Hand.parse(args.bid)
    if args.json:
        return json.dumps(to_json(kept, bid))
    return "\n".join(bid_lines(kept, bid))
