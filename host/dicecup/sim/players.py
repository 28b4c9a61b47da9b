"""Bots at the table with their hands on virtual cups (the demo, and the end-to-end tests)."""
import threading
import time

from dicecup.sim.hands import Hands
from dicecup.bots.simple import SimpleBot


def seat_in_order(cups, watch, stop, timeout=60.0):
    """Each bot holds its cup's B button in turn, so seats go clockwise in cup order. watch: the hub's latest
    snapshot (hub.watch())."""
    for cup in cups:
        deadline = time.monotonic() + timeout
        pressed = False
        while not stop.is_set():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{cup.name} never got a seat")
            snapshot = watch.get()
            if snapshot.seat_of_cup(cup.cup_id) is not None:
                break
            if cup.cup_id in snapshot.waiting_cups and not pressed:  # the hub knows it: take the next seat
                cup.press("b", "long")
                pressed = True
            watch.wait(lambda s, seen=snapshot: s is not seen, timeout=0.2)


class BotPlayers:
    """Starts a seating thread and one pair of bot hands per virtual cup; reports the first failure."""

    kind = "simple"  # the bot each pair of hands plays (bots/simple.py), unless bot_factory gives another

    def __init__(self, cups, watch, stop, seed=None, bot_factory=None):
        self.stop = stop
        make = bot_factory or (lambda i: SimpleBot(None if seed is None else f"{seed}:{i}"))
        self.hands = [Hands(cup, watch, make(i), stop) for i, cup in enumerate(cups)]
        self.errors = []

        def seat_then_play():
            try:
                seat_in_order(cups, watch, stop)
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
