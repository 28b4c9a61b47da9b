"""Balanced seating for the arena: every bot in every seat, and directly after every other bot, equally often.

Where a bot sits decides a lot at a Liar's Dice table: the player on your left answers your bids. With the seats
only rotating, `hard` won 90 % of a fourdice arena listed as `easy normal hard` and 46 % listed as
`hard normal easy`. So the arena plays blocks of seatings with two properties:

- positions: over a block, each bot sits in each seat equally often (and over every n games in a row);
- neighbours: over a block, each bot sits directly after each other bot equally often (so also before).

A block is made of base seatings (cyclic orders of the bots 0..n-1, starting with 0) and all n of their
translates (bot b moves to b + i mod n): the translates put every bot in every seat once, and a bot b sitting
right after a is counted by the difference (b - a) mod n, so the base seatings are chosen to have every nonzero
difference equally often. A block holds n(n-1) games (2n(n-1) for four bots, which has no smaller one); a
listing that is not a whole number of blocks is balanced up to the one block left unfinished.
"""
from functools import lru_cache


def seating(bots: int, game: int) -> tuple:
    """The seating of game `game` at an n-bot table: seat -> index of the bot (in the order listed)."""
    block = balanced_block(bots)
    return block[game % len(block)]


@lru_cache(maxsize=None)
def balanced_block(bots: int) -> tuple:
    """One block of seatings (tuples seat -> bot) with positions and neighbours balanced."""
    for bases in (bots - 1, 2 * (bots - 1)):
        found = _base_seatings(bots, bases)
        if found is not None:
            return tuple(tuple((b + shift) % bots for b in base) for base in found for shift in range(bots))
    raise ValueError(f"no balanced seating found for {bots} bots")  # never for 2..10 (tested)


def _base_seatings(n: int, bases: int):
    """`bases` cyclic orders of 0..n-1 whose differences (next - this, mod n, wrapping round the table) hit every
    nonzero value exactly bases*n/(n-1) times; None if there are none. Depth-first, in increasing order."""
    if n == 1:
        return [(0,)] if bases == 0 else None
    target = bases * n // (n - 1)
    counts = [0] * n
    chosen = []

    def extend(order, free):
        """Yield each way of completing `order` into a cycle within the counts left (they are held meanwhile)."""
        if not free:
            last = (order[0] - order[-1]) % n
            if counts[last] < target:
                counts[last] += 1
                yield tuple(order)
                counts[last] -= 1
            return
        for step in range(1, n):  # smallest step first: finds a block for every n up to 10 in well under a second
            bot = (order[-1] + step) % n
            if bot in free and counts[step] < target:
                counts[step] += 1
                yield from extend(order + [bot], free - {bot})
                counts[step] -= 1

    def search(lowest):
        if len(chosen) == bases:
            return True
        for order in extend([0], frozenset(range(1, n))):
            if order >= lowest:  # repeats allowed; the order only avoids trying the same set twice
                chosen.append(order)
                if search(order):
                    return True
                chosen.pop()
        return False

    return list(chosen) if search(()) else None
