"""Hands on the one virtual cup of a poker table where every move is typed (`dicecup play --rules poker --sim 1
--players ...`): the moves the hub can't make for the cup's holder, since only the cup knows its dice, are pressed
on its buttons here, as the holder would press them. The hub's poker Round calls `shake()` and `tries()`; it never
touches the cup's buttons itself."""
from dicecup.rules.errors import NotationError


SETTLING = 1.0  # seconds the hub waits for the cup to take a press before (the seat's B held, a try) at most


class TypedHands:
    def __init__(self, cup):
        self.cup = cup
        self.cursor = 0       # where the last typed try left the cup's pointer
        self.pressed = None   # (round, tries) of the last try pressed, until the cup has rolled it

    def shake(self):
        """The opening shake: B held (once: a second B held while the first is on its way would be a move)."""
        if not self.cup.wait_settled(SETTLING):
            raise NotationError("the cup is still taking the press before: wait for it")
        self.cup.press("b", "long")

    def tries(self, state, slots):
        """A try at five of a kind: A moves the pointer (at die 1 when the tries begin, where the last try left it
        after), B picks each die, B held rolls them."""
        # The cup drops presses while it is busy rolling, and a try pressed twice would be two tries.
        if self.pressed == (state.round, state.tries) or not self.cup.wait_settled(SETTLING):
            raise NotationError("the cup is rolling the try before: wait for it to land")
        self.pressed = (state.round, state.tries)
        cursor = self.cursor if state.tries else 0
        for slot in sorted(set(slots)):
            for _ in range((slot - 1 - cursor) % 5):
                self.cup.press("a", "press")
            self.cup.press("b", "press")
            cursor = slot - 1
        self.cup.press("b", "long")
        self.cursor = cursor
