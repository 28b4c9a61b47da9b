"""Poker-dice hands: the bids of the `poker` preset, their notation and their order.

A die's faces 1..6 are the ranks 9 T J Q K A. A bid names a hand and may name some or all of its five dice:

    AAAKK   full house aces over kings     JJJJT  four jacks and a ten       JJJJ  four jacks
    TJQKA   high straight                  9TJQK  low straight               K     one king (high die)
    KKQQ9   two pairs kings and queens and a nine                            junk  no hand at all

`Hand` is a tuple (kind, groups, kickers), so Python's tuple order is the bid order: first the kind, then the
ranks of its groups (a full house by its three, then its pair; two pairs by the higher pair, then the lower),
then the unmatched dice it names from the highest down, where naming one more die raises:
JJJJ < JJJJ9 < JJJJT < QQQQ. `Hand.parse(str(h)) == h` and `Hand.parse(h.words()) == h` for every hand.
"""
import re
from bisect import bisect_right
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import NamedTuple

from ..errors import NotationError, quoted

JUNK, HIGH, PAIR, TWO_PAIRS, THREE, LOW_STRAIGHT, HIGH_STRAIGHT, FULL_HOUSE, FOUR, FIVE = range(10)
KIND_NAMES = ("junk", "high die", "one pair", "two pairs", "three of a kind", "low straight", "high straight",
              "full house", "four of a kind", "five of a kind")

RANKS = "9TJQKA"  # a die's 1..6
RANK_NAMES = {1: ("nine", "nines"), 2: ("ten", "tens"), 3: ("jack", "jacks"), 4: ("queen", "queens"),
              5: ("king", "kings"), 6: ("ace", "aces")}
_RANK_OF = {c: i for i, c in enumerate(RANKS, 1)}
_WORD_RANK = {w: r for r, pair in RANK_NAMES.items() for w in pair}
_GROUP_SIZE = {PAIR: (2,), TWO_PAIRS: (2, 2), THREE: (3,), FULL_HOUSE: (3, 2), FOUR: (4,), FIVE: (5,), HIGH: (1,)}


def rank_char(face: int) -> str:
    return RANKS[face - 1]


def parse_rank(text: str) -> int:
    """`K`, `k`, `10`, `T` -> 5..; NotationError otherwise."""
    text = text.strip().upper()
    text = "T" if text == "10" else text
    if text not in _RANK_OF:
        raise NotationError(f"{quoted(text)} is not a die: a die shows 9, T (ten), J, Q, K or A")
    return _RANK_OF[text]


def _a(face: int) -> str:
    word = RANK_NAMES[face][0]
    return ("an " if word[0] in "ae" else "a ") + word


class Hand(NamedTuple):
    """A poker-dice bid. Compare hands with < and >: the order is the bid order."""

    kind: int
    groups: tuple   # ranks of the matched groups in the order they rank (HIGH: the high die)
    kickers: tuple  # unmatched dice named, highest first

    # -- what it names ----------------------------------------------------------------------------------------
    def dice(self) -> tuple:
        """The dice the bid names, as faces 1..6, in printing order."""
        if self.kind == HIGH_STRAIGHT:
            return (2, 3, 4, 5, 6)
        if self.kind == LOW_STRAIGHT:
            return (1, 2, 3, 4, 5)
        out = []
        for size, rank in zip(_GROUP_SIZE.get(self.kind, ()), self.groups):
            out += [rank] * size
        return tuple(out) + self.kickers

    def __str__(self) -> str:
        return "junk" if self.kind == JUNK else "".join(rank_char(f) for f in self.dice())

    def words(self) -> str:
        """The hand as a player says it: "four jacks and a ten", "full house aces over kings"."""
        g, one, many = self.groups, (lambda r: RANK_NAMES[r][0]), (lambda r: RANK_NAMES[r][1])
        head = {
            JUNK: lambda: "junk", HIGH_STRAIGHT: lambda: "high straight", LOW_STRAIGHT: lambda: "low straight",
            FIVE: lambda: f"five {many(g[0])}", FOUR: lambda: f"four {many(g[0])}",
            FULL_HOUSE: lambda: f"full house {many(g[0])} over {many(g[1])}",
            THREE: lambda: f"three {many(g[0])}", TWO_PAIRS: lambda: f"two pairs {many(g[0])} and {many(g[1])}",
            PAIR: lambda: f"a pair of {many(g[0])}", HIGH: lambda: f"one {one(g[0])}",
        }[self.kind]()
        if not self.kickers:
            return head
        named = [_a(k) for k in self.kickers]
        tail = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
        if self.kind in (TWO_PAIRS, HIGH):
            return f"{head} with {tail}"
        return f"{head} and {tail}" if len(named) == 1 else f"{head}, {tail}"  # "three kings, a queen and a nine"

    # -- reading ----------------------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Hand":
        """`AAAKK`, `jjjj10`, `junk`, or the words: "four jacks and a ten", "full house aces over kings"."""
        cleaned = text.strip()
        if not cleaned:
            raise NotationError("an empty bid: name a hand, like KKQQ or junk")
        if cleaned.lower() == "junk":
            return JUNK_HAND
        if " " in cleaned:
            return _parse_words(cleaned)
        if cleaned.lower() == "straight":
            raise NotationError("which straight? say high straight (TJQKA) or low straight (9TJQK)")
        compact = cleaned.upper().replace("10", "T")
        if not all(c in _RANK_OF for c in compact) or len(compact) > 5:
            raise NotationError(f"{quoted(text)} is not a hand: name up to five dice of 9 T J Q K A, "
                                "like AAAKK or JJJJT, or say junk")
        return named(tuple(_RANK_OF[c] for c in compact))


JUNK_HAND = Hand(JUNK, (), ())


def named(faces) -> Hand:
    """The hand a bid naming these dice (1 to 5 of them, faces 1..6) claims."""
    faces = tuple(faces)
    if not 1 <= len(faces) <= 5:
        raise NotationError("a bid names one to five dice")
    counts = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    by_size = sorted(counts.items(), key=lambda fc: (-fc[1], -fc[0]))
    sizes = [c for _, c in by_size]
    singles = tuple(sorted((f for f, c in counts.items() if c == 1), reverse=True))
    if sizes[0] == 5:
        return Hand(FIVE, (by_size[0][0],), ())
    if sizes[0] == 4:
        return Hand(FOUR, (by_size[0][0],), singles)
    if sizes[:2] == [3, 2]:
        return Hand(FULL_HOUSE, (by_size[0][0], by_size[1][0]), ())
    if sizes[0] == 3:
        return Hand(THREE, (by_size[0][0],), singles)
    if sizes[:2] == [2, 2]:
        return Hand(TWO_PAIRS, (by_size[0][0], by_size[1][0]), singles)
    if sizes[0] == 2:
        return Hand(PAIR, (by_size[0][0],), singles)
    if len(faces) == 5 and set(faces) in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}):
        return Hand(HIGH_STRAIGHT if 6 in faces else LOW_STRAIGHT, (), ())
    return Hand(HIGH, (singles[0],), singles[1:])


def made(dice) -> Hand:
    """The hand five dice make, every die named: the value a bid is checked against at the call."""
    if len(dice) != 5:
        raise NotationError(f"a hand is five dice, not {len(dice)}")
    return _made(tuple(sorted(dice)))


@lru_cache(maxsize=None)
def _made(dice: tuple) -> Hand:
    return named(dice)


def is_true(bid: Hand, dice) -> bool:
    """A bid is true when the five dice make a hand at least as high as it."""
    return made(dice) >= bid


@lru_cache(maxsize=1)
def all_bids() -> tuple:
    """Every bid there is, lowest first (junk, one nine, ..., five aces)."""
    found = {JUNK_HAND}
    for n in range(1, 6):
        for faces in _multisets(n):
            found.add(named(faces))
    return tuple(sorted(found))


def _multisets(n: int):
    return combinations_with_replacement(range(1, 7), n)


def bids_above(standing) -> tuple:
    """The bids higher than `standing`, lowest first; every bid, junk included, when nothing stands (an opener)."""
    bids = all_bids()
    if standing is None:
        return bids
    return bids[bisect_right(bids, standing):]


# -- the words players say ---------------------------------------------------------------------------------
_COUNT = {"five": 5, "four": 4, "three": 3}
_FILLER = {"a", "an", "and", "with", "of", ","}


def _parse_words(text: str) -> Hand:
    words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
    refused = NotationError(f"{quoted(text)} is not a hand I can read: say it like \"four jacks and a ten\", "
                            "\"full house aces over kings\", \"a pair of kings\" or \"high straight\"")
    faces, rest, kind = [], words, None
    try:
        if words[:2] in (["high", "straight"], ["low", "straight"]) and len(words) == 2:
            return named((2, 3, 4, 5, 6) if words[0] == "high" else (1, 2, 3, 4, 5))
        if words[:2] == ["full", "house"] and len(words) == 5 and words[3] == "over":
            faces, rest, kind = [_WORD_RANK[words[2]]] * 3 + [_WORD_RANK[words[4]]] * 2, [], FULL_HOUSE
        elif words[0] in _COUNT:
            kind = {5: FIVE, 4: FOUR, 3: THREE}[_COUNT[words[0]]]
            faces, rest = [_WORD_RANK[words[1]]] * _COUNT[words[0]], words[2:]
        elif words[:2] == ["two", "pairs"] or words[:2] == ["two", "pair"]:
            faces, rest, kind = [_WORD_RANK[words[2]]] * 2 + [_WORD_RANK[words[4]]] * 2, words[5:], TWO_PAIRS
            if words[3] != "and":
                raise refused
        elif "pair" in words[:2] and words[words.index("pair") + 1] == "of":
            at = words.index("pair")
            faces, rest, kind = [_WORD_RANK[words[at + 2]]] * 2, words[at + 3:], PAIR
        elif words[0] in ("one", "a", "an"):
            faces, rest, kind = [_WORD_RANK[words[1]]], words[2:], HIGH
        else:
            raise refused
        faces += [_WORD_RANK[w] for w in rest if w not in _FILLER]
    except (KeyError, IndexError):
        raise refused from None
    if rest and rest[-1] in _FILLER:  # Enter pressed mid-sentence: "four jacks and a" is not "four jacks"
        raise NotationError(f"{quoted(text)} stops at {rest[-1]!r}: say which die comes next, like \"four jacks "
                            "and a ten\", or end the hand before it")
    hand = named(faces)
    if hand.kind != kind:
        raise NotationError(f"{quoted(text)} names {str(hand)}, which is {KIND_NAMES[hand.kind]}: "
                            f"say it as {hand.words()!r}")
    return hand
