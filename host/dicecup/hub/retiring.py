"""`retire NAME` typed at the hub: a seat still playing — its cup connected, or a bot — is
asked about first, since a slip of the keyboard must not end someone's game; the same line again, or `yes`,
within `window` seconds confirms, `no` keeps the seat. A seat whose cup is unplugged (the case `retire` is
for: the table waits on it) goes at once, as the drop message says."""


class RetireQuestion:
    window = 10.0  # seconds a question stays open

    def __init__(self, hub):
        self.hub = hub
        self.asked = None  # (seat name, the hub clock's time the question closes)

    def retire(self, name):
        hub = self.hub
        seat = hub.seats[hub.state.seats.index(name)]
        still_playing = hub.state.alive[seat.index] and (seat.connected or not seat.is_cup)
        if self._open() == name or not still_playing:
            self.asked = None
            return hub.round.retire(name, "retired by the host")
        self.asked = (name, hub.clock() + self.window)
        why = f"{name} is a bot still playing" if not seat.is_cup else f"{name} still plays with the table's cup" \
            if _shares_its_cup(hub, seat) else f"{name}'s cup is still connected"
        hub.say(f"retire {name}? {why} — type `retire {name}` again (or `yes`) within {self.window:.0f} s to "
                f"confirm, or `no` to keep the seat")

    def answer(self, word: str):
        """`yes` or `no`, typed at the hub."""
        hub, name = self.hub, self._open()
        self.asked = None
        if name is None:
            return hub.say(f"nothing to confirm: `yes` and `no` answer a `retire NAME` within "
                           f"{self.window:.0f} s of it")
        if word == "yes":
            return hub.round.retire(name, "retired by the host")
        hub.say(f"{name} stays in the game")

    def _open(self):
        """The seat the open question is about, or None (none asked, or its time ran out)."""
        if self.asked is None or self.hub.clock() >= self.asked[1]:
            return None
        return self.asked[0]


def _shares_its_cup(hub, seat) -> bool:
    """A poker table's players pass one cup (PokerSeating): the cup is the table's, not the seat's own."""
    return seat.conn is not None and any(other is not seat and other.conn is seat.conn for other in hub.seats)
