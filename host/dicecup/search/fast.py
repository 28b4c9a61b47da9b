"""The face-bid rules as small ints, for search: the same rules as dicecup.rules, made for speed.

An action is an int: a bid is `(quantity - 1) * 6 + face - 1` (0, 1, ... in the order the engine lists them
within a quantity), a call is LIAR (-1) or SPOT (-2). The legal actions of a round are precomputed tuples, built
once per (dice in play, wild, ones policy, calls) from the engine's own `bidding.floors`, so legal-move
generation in a search's inner loop is one tuple lookup and nothing is allocated per action:

    t = tables(cap=10, wild=True, ones=TRANSITION, calls=(LIAR, SPOT))
    t.open            the opening bids
    t.after[b]        the legal actions once bid b stands: raises (lowest first), then the calls
    t.locked[b]       the same in a palifico round, for every seat but the palifico player (same face, higher)

`FastRules.of(rules)` compiles a Rules once; `resolve(...)` rules a call from per-face counts. Checked against
the reference engine on random games by tests/rules/test_fast_engine.py (and bench/fast_engine_check.py).
"""
from functools import lru_cache
from typing import NamedTuple

from dicecup.rules.bidding import floors, legal_bids
from dicecup.rules.notation import LIAR as LIAR_CALL, SPOT as SPOT_CALL, Bid
from dicecup.rules.presets import ECONOMY_GAIN, EXACT_TABLE, NEXT_LOSER, ONES_FORBIDDEN, ONES_PLAIN, \
    ONES_TRANSITION

LIAR, SPOT = -1, -2
TRANSITION, FORBIDDEN, PLAIN = 0, 1, 2
_ONES = {ONES_TRANSITION: TRANSITION, ONES_FORBIDDEN: FORBIDDEN, ONES_PLAIN: PLAIN}
_ONES_NAME = {code: name for name, code in _ONES.items()}


def ones_name(ones: int) -> str:
    """The preset's name for a ones policy code (presets.ONES_*)."""
    return _ONES_NAME[ones]


def bid_id(quantity: int, face: int) -> int:
    return (quantity - 1) * 6 + face - 1


_BIDS = tuple(Bid(i // 6 + 1, i % 6 + 1) for i in range(6 * 60))  # made once: a table holds at most 60 dice


def to_action(action_id: int):
    """The engine's action for an id (Bid or Call)."""
    if action_id >= 0:
        return _BIDS[action_id] if action_id < len(_BIDS) else Bid(action_id // 6 + 1, action_id % 6 + 1)
    return LIAR_CALL if action_id == LIAR else SPOT_CALL


def to_id(action) -> int:
    if action == LIAR_CALL:
        return LIAR
    if action == SPOT_CALL:
        return SPOT
    return bid_id(action.quantity, action.face)


class Tables(NamedTuple):
    cap: int
    wild: bool
    open: tuple
    after: tuple
    locked: tuple


@lru_cache(maxsize=512)
def tables(cap: int, wild: bool, ones: int, calls: tuple) -> Tables:
    policy = _ONES_NAME[ones]
    opening = tuple(bid_id(*b) for b in legal_bids(floors(None, wild, policy, None), cap))
    after, locked = [], []
    for action_id in range(6 * cap):
        standing = to_action(action_id)
        after.append(tuple(bid_id(*b) for b in legal_bids(floors(standing, wild, policy, None), cap)) + calls)
        locked.append(tuple(bid_id(*b) for b in legal_bids(floors(standing, wild, policy, standing.face), cap))
                      + calls)
    return Tables(cap, wild, opening, tuple(after), tuple(locked))


class FastRules(NamedTuple):
    """What the fast path needs of a table's rules, as plain values."""

    ones: int
    wild: bool          # the table's wild switch (a round may turn it off: palifico, dudo's opening on ones)
    calls: tuple        # (LIAR,) or (LIAR, SPOT)
    exact_table: bool   # a landed exact call costs every other seat a die (else the caller regains one)
    exact_two: bool     # exact=on: a missed exact call costs two dice
    difference: bool    # lose=difference
    gain: bool          # build-up: losers gain dice
    lose_none: bool     # lose=none (the revolver's default)
    start: int          # starting dice (a regained die never goes above)
    limit: int          # build-up's limit (0 elsewhere)
    next_loser: bool

    @classmethod
    def of(cls, rules) -> "FastRules":
        preset = rules.preset
        return cls(_ONES[preset.ones], bool(rules.wild), (LIAR, SPOT) if rules.exact_call else (LIAR,),
                   bool(rules.exact) or preset.spot_style == EXACT_TABLE, bool(rules.exact),
                   rules.lose == "difference", preset.economy == ECONOMY_GAIN, rules.lose == "none",
                   rules.dice, rules.limit or 0, preset.next_opener == NEXT_LOSER)


def round_tables(fr: FastRules, cap: int, wild: bool) -> Tables:
    return tables(cap, wild, fr.ones, fr.calls)


def legal(t: Tables, standing: int, locked: bool) -> tuple:
    """The legal actions once `standing` stands (-1: nobody has bid), for a seat under a palifico lock or not."""
    if standing < 0:
        return t.open
    return t.locked[standing] if locked else t.after[standing]


@lru_cache(maxsize=65536)
def cheapest_raises(cap: int, wild: bool, ones: int, calls: tuple, standing: int, locked: bool) -> tuple:
    """The lowest legal raise on each face (ids), as a rollout policy prices them."""
    seen, out = set(), []
    for action in legal(tables(cap, wild, ones, calls), standing, locked):
        if action >= 0 and action % 6 not in seen:
            seen.add(action % 6)
            out.append(action)
    return tuple(out)


def opens_unwild(fr: FastRules, wild: bool, action_id: int) -> bool:
    """Dudo: a round opened on ones is played with ones not wild."""
    return wild and fr.ones == TRANSITION and action_id % 6 == 0


def face_counts(hands) -> list:
    """counts[face] over every die of `hands` (index 0 unused)."""
    counts = [0] * 7
    for hand in hands:
        for die in hand:
            counts[die] += 1
    return counts


def count(counts, face: int, wild: bool) -> int:
    return counts[face] + counts[1] if wild and face != 1 else counts[face]


def resolve(fr: FastRules, call: int, caller: int, bidder: int, standing: int, counts, wild: bool, alive,
            dice) -> tuple:
    """(count, correct, dice change per seat) of a call: the change a ruling makes before any revolver pull."""
    quantity, face = standing // 6 + 1, standing % 6 + 1
    n = count(counts, face, wild)
    change = [0] * len(dice)
    if call == LIAR:
        correct = n < quantity
        losses = ((bidder if correct else caller, max(1, abs(n - quantity)) if fr.difference else 1),)
    else:
        correct = n == quantity
        if not correct:
            losses = ((caller, 2 if fr.exact_two else 1),)
        elif fr.exact_table:
            losses = tuple((s, 1) for s in range(len(dice)) if alive[s] and s != caller)
        else:
            losses = ()
            change[caller] = (max(1, dice[caller] - 1) if fr.gain else min(fr.start, dice[caller] + 1)) \
                - dice[caller]
    for seat, cost in losses:
        if fr.gain:
            change[seat] += cost
        elif not fr.lose_none:
            change[seat] -= min(cost, dice[seat])
    return n, correct, tuple(change)


def random_round(fr: FastRules, hands, rnd, opener: int = 0) -> tuple:
    """One round of uniformly random legal play from dealt `hands` (lists of dice, every seat alive), `rnd` a
    random() function: (the caller's seat, its call, the standing bid, the count, the call was right)."""
    seats = len(hands)
    counts = face_counts(hands)
    cap = sum(counts)
    wild = fr.wild
    t = tables(cap, wild, fr.ones, fr.calls)
    options, seat, standing = t.open, opener, -1
    while True:
        action = options[int(rnd() * len(options))]
        if action < 0:
            break
        if standing < 0 and wild and fr.ones == TRANSITION and action % 6 == 0:
            wild = False
            t = tables(cap, False, fr.ones, fr.calls)
        standing, options, seat = action, t.after[action], (seat + 1) % seats
    quantity, face = standing // 6 + 1, standing % 6 + 1
    n = counts[face] + counts[1] if wild and face != 1 else counts[face]
    return seat, action, standing, n, n < quantity if action == LIAR else n == quantity
