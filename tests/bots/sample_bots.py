"""Bots for the tests, loaded by path (`tests/bots/sample_bots.py:Name`): good ones and every way to be bad."""
import time

from dicecup.rules import Bid


def lowest(view):
    """A plain function bot: the lowest legal action."""
    return view.legal[0]


class Seeded:
    def __init__(self, seed=None):
        self.seed = seed

    def act(self, view):
        return view.legal[0]


class Unseeded:
    def act(self, view):
        return view.legal[-1]


class Raises:
    def act(self, view):
        raise RuntimeError("my dice fell off the table")


class RaisesWhenOpening:
    """Raises on a round's opening bid only: a bot that misbehaves now and then, but plays."""

    def act(self, view):
        if view.standing is None:
            raise RuntimeError("I never know how to start")
        return view.legal[0]


class Illegal:
    def act(self, view):
        return Bid(99, 6) if view.standing is None else "4x5"  # a string is not an action


class Slow:
    pause = 0.5

    def act(self, view):
        time.sleep(self.pause)
        return view.legal[0]


class NoAct:
    pass


class BrokenInit:
    def __init__(self):
        raise ValueError("no chair")

    def act(self, view):
        return view.legal[0]


NOT_A_BOT = 42


class Exits:
    """Calls sys.exit in the middle of a game: a bot must not end the program it plays in."""

    def act(self, view):
        import sys
        sys.exit(4)
