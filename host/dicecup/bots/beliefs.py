"""What a seat believes about the count of a face: its own dice, plus a distribution for every other hand.

A `Belief` without reading treats every hidden die as an independent roll (the exact binomial of dicecup.odds).
A reading belief also weighs each opponent's possible hands by the bids that opponent made this round, under a
bidding model: a player tends to bid what their own hand makes likely (`BidModel`). Hands are enumerated as
multisets (252 for five dice), so an update is a few hundred multiplications per bid; a hand bigger than
`MAX_READ` dice is not read (its bids are ignored) and stays binomial.
"""
from functools import lru_cache
from itertools import combinations_with_replacement
from math import exp, factorial, prod
from typing import NamedTuple

from dicecup.odds import binomial, held
from dicecup.rules import Bid

MAX_READ = 8


class HandCounts(NamedTuple):
    """Every hand of n dice: its prior probability, and per face its count in each world."""

    prior: tuple
    plain: tuple   # plain[face][h]: dice of hand h showing face
    wild: tuple    # wild[face][h]: ... or showing a one (face != 1)


@lru_cache(maxsize=None)
def hands(n: int) -> HandCounts:
    rows = []
    for combo in combinations_with_replacement(range(1, 7), n):
        counts = [0] * 7
        for die in combo:
            counts[die] += 1
        ways = factorial(n) // prod(factorial(c) for c in counts)
        rows.append((ways / 6 ** n, counts))
    prior = tuple(p for p, _ in rows)
    plain = tuple(tuple(c[f] for _, c in rows) for f in range(7))
    wild = tuple(tuple(c[f] + (c[1] if f != 1 else 0) for _, c in rows) for f in range(7))
    return HandCounts(prior, plain, wild)


class BidModel(NamedTuple):
    """How likely a player is to make a bid, given how likely that bid is from their own hand:
    floor + (1 - floor) * logistic(sharpness * (p - centre))."""

    centre: float = 0.45
    sharpness: float = 9.0
    floor: float = 0.05

    def weight(self, p: float) -> float:
        return self.floor + (1 - self.floor) / (1 + exp(-self.sharpness * (p - self.centre)))


@lru_cache(maxsize=4096)
def _likelihoods(model: BidModel, n: int, hidden: int, wild: bool, quantity: int) -> tuple:
    """For a bidder holding k matching dice (k = 0..n) and `hidden` dice unseen by them: weight of the bid."""
    tail = binomial(hidden, wild).tail_f
    return tuple(model.weight(1.0 if quantity - k <= 0 else tail[quantity - k] if quantity - k <= hidden else 0.0)
                 for k in range(n + 1))


@lru_cache(maxsize=4096)
def hand_weights(model: BidModel, n: int, in_play: int, wild: bool, bids: tuple) -> tuple:
    """The weight of each of hands(n) (unnormalised) given the bids (quantity, face) its owner made."""
    table = hands(n)
    weights = list(table.prior)
    for quantity, face in bids:
        face_wild = wild and face != 1
        column = (table.wild if face_wild else table.plain)[face]
        like = _likelihoods(model, n, in_play - n, face_wild, quantity)
        weights = [w * like[k] for w, k in zip(weights, column)]
    return tuple(weights)


@lru_cache(maxsize=4096)
def posterior(model: BidModel, n: int, in_play: int, wild: bool, bids: tuple) -> tuple:
    """Per face, the distribution of a hand's matching dice given the bids (quantity, face) its owner made."""
    table = hands(n)
    weights = hand_weights(model, n, in_play, wild, bids)
    total = sum(weights)
    out = [()]
    for face in range(1, 7):
        column = (table.wild if wild and face != 1 else table.plain)[face]
        dist = [0.0] * (n + 1)
        for w, k in zip(weights, column):
            dist[k] += w
        out.append(tuple(d / total for d in dist))
    return tuple(out)


def _convolve(a, b):
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@lru_cache(maxsize=256)
def _binomial_pmf(hidden: int, wild: bool) -> tuple:
    table = binomial(hidden, wild)
    return tuple(p / table.den for p in table.pmf)


class Belief:
    """P(count >= q) and P(count == q) for any bid, from one seat's view."""

    def __init__(self, view, model: BidModel = None):
        self.view, self.model = view, model
        self.wild = view.wild
        self._tails = {}
        self._pmfs = {}
        by_seat = {}
        for seat, text in view.bids:
            if seat != view.seat:
                bid = Bid.parse(text)
                by_seat.setdefault(seat, []).append((bid.quantity, bid.face))
        self.read = {}  # seat -> per-face count distributions, for the opponents it reads
        unread = 0
        for seat in view.seats:
            n = view.dice_counts[seat]
            if seat == view.seat:
                continue
            if model is not None and n <= MAX_READ and seat in by_seat:
                self.read[seat] = posterior(model, n, view.in_play, self.wild, tuple(by_seat[seat]))
            else:
                unread += n
        self.unread = unread

    def pmf(self, face: int) -> list:
        """Distribution of the whole table's count of `face`."""
        found = self._pmfs.get(face)
        if found is None:
            face_wild = self.wild and face != 1
            dist = [0.0] * held(self.view.dice, face, self.wild) + list(_binomial_pmf(self.unread, face_wild))
            for per_face in self.read.values():
                dist = _convolve(dist, per_face[face])
            found = self._pmfs[face] = dist
        return found

    def at_least(self, bid: Bid) -> float:
        tail = self._tails.get(bid.face)
        if tail is None:
            pmf = self.pmf(bid.face)
            tail = [0.0] * (len(pmf) + 1)
            for k in range(len(pmf) - 1, -1, -1):
                tail[k] = tail[k + 1] + pmf[k]
            self._tails[bid.face] = tail
        return tail[bid.quantity] if bid.quantity < len(tail) else 0.0

    def exactly(self, bid: Bid) -> float:
        pmf = self.pmf(bid.face)
        return pmf[bid.quantity] if bid.quantity < len(pmf) else 0.0


@lru_cache(maxsize=8192)
def others_tails(model: BidModel, in_play: int, wild: bool, parts: tuple) -> tuple:
    """Per face (index 0 unused), what a seat believes the other seats hold together: tail[k] = P(at least k of
    their dice count for the face). `parts` is ((dice, the bids that seat made this round), ...) for the others,
    sorted (so every order hits the cache): a seat with no bids, or too many dice to read, counts as fair rolls."""
    unread = sum(n for n, bids in parts if not bids or n > MAX_READ)
    read = [posterior(model, n, in_play, wild, bids) for n, bids in parts if bids and n <= MAX_READ]
    out = [()]
    for face in range(1, 7):
        dist = list(_binomial_pmf(unread, wild and face != 1))
        for per_face in read:
            dist = _convolve(dist, per_face[face])
        tail = [0.0] * (len(dist) + 1)
        for k in range(len(dist) - 1, -1, -1):
            tail[k] = tail[k + 1] + dist[k]
        out.append(tuple(tail))
    return tuple(out)
