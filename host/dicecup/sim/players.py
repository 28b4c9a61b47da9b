"""Bots at the table with their hands on virtual cups (the demo, and the end-to-end tests)."""
import threading
import time

from dicecup.sim.hands import Hands
from dicecup.bots.simple import SimpleBot


def seat_in_order(cups, hub, stop, timeout=60.0):
    """Each bot holds its cup's B button in turn, so seats go clockwise in cup order."""
    for cup in cups:
        deadline = time.monotonic() + timeout
        pressed = False
        while not stop.is_set():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{cup.name} never got a seat")
            seated = any(s.conn is not None and s.conn.cup_id == cup.cup_id for s in hub.seats)
            if seated:
                break
            known = any(c.hello and c.cup_id == cup.cup_id for c in hub.conns)
            if known and not pressed:
                cup.press("b", "long")
                pressed = True
            time.sleep(0.02)


class BotPlayers:
    """Starts a seating thread and one pair of bot hands per virtual cup; reports the first failure."""

    def __init__(self, cups, hub, stop, seed=None, bot_factory=None):
        self.stop = stop
        make = bot_factory or (lambda i: SimpleBot(None if seed is None else f"{seed}:{i}"))
        self.hands = [Hands(cup, hub, make(i), stop) for i, cup in enumerate(cups)]
        self.errors = []

        def seat_then_play():
            try:
                seat_in_order(cups, hub, stop)
            except Exception as error:  # noqa: BLE001 - reported below, never lost
                self.errors.append(error)
                stop.set()
                return
            for hands in self.hands:
                hands.start()

        self._seater = threading.Thread(target=seat_then_play, name="seating", daemon=True)

    def start(self):
        self._seater.start()
        return self

    def join(self):
        self._seater.join(5)
        for hands in self.hands:
            if hands.is_alive():
                hands.join(5)
            if hands.error:
                self.errors.append(hands.error)
        return self.errors
