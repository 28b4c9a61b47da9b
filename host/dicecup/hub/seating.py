"""Seating: the connections the hub listens on, the cups that say hello, and who takes which seat.

A cup takes the next seat clockwise when its owner holds B (a READY intent from a cup with no seat); bots sit
after the cups. A cup whose id already holds a seat is that seat's cup coming back, unless the seat's first
connection is still alive: then the second claim is refused and the first keeps the seat.

Pairing (docs/protocol.md, "Authentication"): a connection passes a HELLO on only once its cup proved it holds
its key, or when the hub holds no key for that id (conn.pairing says which). A cup that fails the proof (a
hijacker using a seated cup's id, a board flashed again elsewhere) never sits; a cup the hub holds no key for
sits only with `allow_unpaired` (`dicecup play --allow-unpaired`), and its seat says "unpaired" on the screen.
A paired cup sits under the name it was paired under (the registry's, at flashing or `dicecup cups rename`): one
that calls itself anything else is refused, so its key can't carry another player's name.

Seating owns the connections and the seats; it talks to the table only through these of the hub's methods:
`hub.phase` (read), `hub.say(text)`, `hub.clock()` and `hub.round.back(seat, conn)` (a seated cup back).
"""
import unicodedata

from cupcore import wire, wirenames

from .phases import TablePhase
from .seats import Seat, seat_name


class Seating:
    who_every = 1.0  # seconds between "who?" to a port that has not said hello (a board may still be booting)
    allow_unpaired = False  # seat cups this hub holds no key for (TableSetup sets it from the host's flag)
    unpaired_advice = "`dicecup play --allow-unpaired`"  # the command that lets them (a resumed table's differs)

    def __init__(self, hub, *, expect_cups=0, bots=()):
        self.hub = hub
        self.expect_cups = expect_cups
        self.bot_factories = list(bots)   # (name, bot) pairs, seated after the cups
        self.conns = []
        self.seats = []
        self._refused = set()             # connections already told off for claiming a seated cup's id

    # -- connections -----------------------------------------------------------------------------------------
    def add_connection(self, conn):
        self.conns.append(conn)
        self._ask_who(conn)

    def tick(self, now):
        """Retransmits, and "who?" again to ports that have not said hello."""
        for conn in self.conns:
            for mtype, values in conn.tick() or ():  # a challenge that ended in a wrong proof
                if mtype == wire.HELLO:
                    self.on_hello(conn, values)
            if conn.hello is None and not conn.down and not conn.knocking and now - conn.asked_who >= self.who_every:
                self._ask_who(conn)

    def _ask_who(self, conn):
        conn.asked_who = self.hub.clock()
        conn.send(wire.WHO)

    def seat_of(self, conn):
        return next((seat for seat in self.seats if seat.conn is conn), None)

    def _seat_of_cup(self, cup_id):
        return next((seat for seat in self.seats if seat.is_cup and seat.cup_id == cup_id), None)

    def waiting_cups(self) -> tuple:
        """Ids of the cups that said hello and have no seat."""
        return tuple(c.cup_id for c in self.conns if c.hello and not c.down and self.seat_of(c) is None)

    def close(self):
        for conn in self.conns:
            conn.close()

    # -- hello and sitting down --------------------------------------------------------------------------------
    def on_hello(self, conn, values):
        proto, cup_id, name = values[0], values[3], values[4]
        if proto != wire.VERSION:
            conn.send(wire.ERROR, (wire.ERR_VERSION, wire.HELLO))
            self.hub.say(f"{name}'s cup speaks protocol {proto}, this hub speaks {wire.VERSION}: "
                         "flash it with this version (`dicecup flash`)")
            return
        pairing = getattr(conn, "pairing", "paired")
        if pairing != "paired" and not (pairing == "unpaired" and self.allow_unpaired):
            return self._refuse_unpaired(conn, values, pairing)
        registered = getattr(conn, "paired_name", None)
        if registered is not None and unicodedata.normalize("NFC", name) != unicodedata.normalize("NFC", registered):
            return self._refuse_name(conn, values, registered)
        seat = self._seat_of_cup(cup_id)
        if seat is not None and seat.connected and seat.conn is not conn:
            return self._refuse_claim(conn, seat, name)
        conn.hello = values
        if seat is not None:
            return self.hub.round.back(seat, conn)
        if self.hub.phase == TablePhase.SEATING:
            press = "press Take a seat on its page" if values[5] == "phone" else "hold its B button"
            self.hub.say(f"a cup called {name} is here: {press} to take the next seat")
        else:
            self.hub.say(f"a cup called {name} connected, but the game has started without it")

    def _refuse_claim(self, conn, seat, name):
        """A second live connection says it is a seated cup: the seat stays with the first. The second is asked
        who it is again now and then, so it takes the seat over only once the first connection is gone."""
        conn.hello = None
        conn.send(wire.ERROR, (wire.ERR_STATE, wire.HELLO))
        if conn not in self._refused:
            self._refused.add(conn)
            self.hub.say(f"refused: a cup called {name} on {conn.name} claims to be {seat.name}'s cup "
                         f"({seat.cup_id:08x}), which is still connected on {seat.conn.name}")

    def _refuse_name(self, conn, values, registered):
        """A paired cup calling itself by another name than the one it was paired under: not seated, said once.
        Its key proves which cup it is, not whose: the name is the hub's to give (a cup flashed for mallory that
        says alice would play, be journalled and rated as alice)."""
        conn.hello = None
        if conn in self._refused:
            return
        self._refused.add(conn)
        self.hub.say(f"not seated: the cup on {conn.name} was paired as {registered} ({values[3]:08x}) but calls "
                     f"itself {values[4]}: a cup plays under the name this hub gave it (`dicecup flash` puts that "
                     f"name on it; if the cup is rightly {values[4]}'s, `dicecup cups rename {values[3]:08x} "
                     f"{values[4]}`)")

    def _refuse_unpaired(self, conn, values, pairing):
        """Not seated: said once per connection, in one line with what to run. The port is still asked "who?"
        now and then, so the cup sits once it is paired (or the proof was a glitch)."""
        conn.hello = None
        if conn in self._refused:
            return
        self._refused.add(conn)
        cup_id, name = values[3], values[4]
        seat = self._seat_of_cup(cup_id)
        who = f"a cup called {name} ({cup_id:08x}) on {conn.name}"
        if pairing == "wrong key":
            claim = f"{seat.name}'s cup" if seat is not None else "a cup this hub paired"
            self.hub.say(f"not seated: {who} claims to be {claim} but can't prove it holds its key; if it is "
                         f"yours, pair it again over the cable: `dicecup cups rekey {name}`")
        elif pairing == "no key":
            self.hub.say(f"not seated: {who} has lost the key this hub gave it (its settings.toml has none): "
                         f"`dicecup cups rekey {name}` over the cable, or `dicecup flash` it again")
        else:
            self.hub.say(f"not seated: {who} is not paired with this hub (it holds no key for it): pair it with "
                         f"`dicecup flash`, or let unpaired cups play with {self.unpaired_advice}")

    def on_sit(self, conn, values):
        kind = values[1]
        if conn.hello is None:
            return conn.send(wire.WHO)
        seated = self.hub.phase == TablePhase.SEATING
        if kind != wire.READY or not seated:
            return conn.send(wire.REFUSE, (values[0], kind, wirenames.NOT_SEATED if seated else wirenames.TABLE_FULL))
        if self._seat_of_cup(conn.cup_id) is not None:  # said hello before that id sat down on another port
            seat = self._seat_of_cup(conn.cup_id)
            conn.send(wire.REFUSE, (values[0], kind, wirenames.TABLE_FULL))
            return self._refuse_claim(conn, seat, conn.hello[4])
        taken = {s.name for s in self.seats}
        seat = Seat(len(self.seats), seat_name(conn.hello[4], taken), conn=conn)
        self.seats.append(seat)
        conn.send(wire.ACCEPT, (values[0], wire.READY))
        conn.send(wire.WELCOME, (wire.VERSION, seat.index, len(self.seats)))
        self.hub.say(f"{seat.name} takes seat {seat.index + 1}")

    # -- the game can begin ------------------------------------------------------------------------------------
    def everyone_seated(self, rules) -> bool:
        """Every expected cup has a seat, no cup that said hello is still standing, and there are enough
        players once the bots sit down."""
        cups = sum(1 for s in self.seats if s.is_cup)
        return not self.waiting_cups() and cups >= self.expect_cups and \
            cups + len(self.bot_factories) >= rules.players[0]

    def seat_bots(self):
        for name, bot in self.bot_factories:
            self.seats.append(Seat(len(self.seats), seat_name(name, {s.name for s in self.seats}), bot=bot))

    def place(self, seats):
        """The seats as a journal recorded them (a resumed game): every cup is awaited by its id."""
        self.seats = list(seats)
