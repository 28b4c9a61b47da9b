"""The turn clock's last seconds: once a turn, when its clock enters them, the player is
warned — on the screen, and on their cup (CUE_HURRY, arg = whole seconds left, docs/protocol.md)."""
from cupcore import wire

HURRY_SECONDS = 5.0


def hurry_from(clock: float) -> float:
    """Seconds left when a turn is hurried: the last 5, or the last third of a clock shorter than 15 s (a
    warning at 5 s of a 6 s clock would come almost as the turn begins)."""
    return min(HURRY_SECONDS, clock / 3)


class Hurry:
    """Warns the seat to act once per turn. A turn that was paused (a cup dropped) and goes on is a new start
    of its clock (the Round's carry_on moves turn_started), so it is warned again."""

    def __init__(self, round):
        self.round = round  # the face-bid Round whose turns are timed
        self._warned = None  # the turn_started of the turn warned

    def tick(self, seat):
        playing = self.round
        left = playing.clock_left()
        if left is None or self._warned == playing.turn_started or left > hurry_from(playing.table.rules.clock):
            return
        self._warned = playing.turn_started
        seconds = max(1, int(left + 0.999))
        seat.send(wire.CUE, (wire.CUE_HURRY, seconds))  # a bot's seat has no cup: nothing is sent
        playing.table.say(f"⏱ {seat.name}: {seconds} s left to play")
