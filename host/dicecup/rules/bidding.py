"""Which bids raise the standing bid, and why a bid does not.

`floors(...)` gives, for each face, the smallest quantity that raises the standing bid (None where the face
can't be bid at all). Legal-bid generation and the legality check both read it, so they can't disagree, and
both are a handful of integer comparisons: bots call them hundreds of thousands of times per decision.
"""
from .errors import IllegalBid
from .notation import FACE_NAMES, bid
from .presets import ONES_FORBIDDEN, ONES_TRANSITION


def floors(standing, wild: bool, ones_policy: str, locked_face):
    """Smallest raising quantity per face, indexed 1..6 (index 0 unused).

    standing: the standing Bid or None; wild: ones are wild this round; locked_face: the palifico face this
    bidder must keep, or None.
    """
    no_ones = wild and ones_policy == ONES_FORBIDDEN
    if standing is None:
        return (None, None if no_ones else 1, 1, 1, 1, 1, 1)
    q0, f0 = standing
    if locked_face is not None:
        return tuple(q0 + 1 if face == locked_face else None for face in range(7))
    if wild and ones_policy == ONES_TRANSITION:
        if f0 == 1:
            return (None, q0 + 1) + (2 * q0 + 1,) * 5
        return (None, (q0 + 1) // 2) + tuple(q0 if face > f0 else q0 + 1 for face in range(2, 7))
    result = [None] + [q0 if face > f0 else q0 + 1 for face in range(1, 7)]
    if no_ones:
        result[1] = None
    return tuple(result)


def legal_bids(floor, cap: int) -> list:
    """Every bid from each face's floor up to the dice in play, lowest quantity first, then lowest face."""
    faces = [(face, low) for face, low in enumerate(floor) if low is not None]
    if not faces:
        return []
    start = min(low for _, low in faces)
    out = []
    for quantity in range(start, cap + 1):
        row = _table_row(quantity)
        out.extend(row[face] for face, low in faces if quantity >= low)
    return out


_ROWS: list = []


def _table_row(quantity: int) -> tuple:
    """The interned bids of one quantity, indexed by face."""
    while len(_ROWS) <= quantity:
        q = len(_ROWS)
        _ROWS.append((None,) + tuple(bid(q, face) for face in range(1, 7)) if q else ())
    return _ROWS[quantity]


def check_bid(new, standing, wild, ones_policy, locked_face, palifico_player, cap):
    """Raise IllegalBid, naming the rule, unless `new` raises `standing`."""
    if new.quantity > cap:
        raise IllegalBid(f"{new} names more dice than are in play: there are {cap}", "cap")
    floor = floors(standing, wild, ones_policy, locked_face)
    low = floor[new.face]
    if low is not None and new.quantity >= low:
        return
    if low is None and locked_face is not None:
        raise IllegalBid(f"{new} breaks the palifico lock: bids stay on {FACE_NAMES[locked_face][1]} this round "
                         f"(only {palifico_player} may change the face)", "palifico-lock")
    if low is None:
        raise IllegalBid(f"{new} is not a bid while ones are wild", "ones-wild")
    q0, f0 = standing
    if locked_face is not None:
        raise IllegalBid(f"{new} does not raise {standing}: in a palifico round the quantity must go up")
    if wild and ones_policy == ONES_TRANSITION and (new.face == 1) != (f0 == 1):
        if new.face == 1:
            raise IllegalBid(f"{new} is too low to switch to ones from {standing}: needs at least {low}x1")
        raise IllegalBid(f"{new} is too low to switch from ones at {standing}: needs at least {low}x{new.face}")
    if wild and ones_policy == ONES_TRANSITION and new.face == 1:
        raise IllegalBid(f"{new} does not raise {standing}: a bid on ones needs more ones")
    if new.quantity < q0:
        raise IllegalBid(f"{new} does not raise {standing}: the quantity never goes down")
    raise IllegalBid(f"{new} does not raise {standing}: the same quantity needs a higher face")
