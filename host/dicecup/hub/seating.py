"""Seating: the ports the hub listens on, the cups that say hello, and who takes which seat before the game.

A cup takes the next seat clockwise when its owner holds B (a READY intent from a cup with no seat); bots sit
after the cups. Mixed into Hub (table.py), whose round flow starts once everyone expected is seated.
"""
from cupcore import wire, wirenames

from dicecup.rules import new_game

from .phases import SEATING
from .seats import Seat, seat_name


class Seating:
    who_every = 1.0  # seconds between "who?" to a port that has not said hello (a board may still be booting)

    def add_connection(self, conn):
        self.conns.append(conn)
        self._ask_who(conn)

    def _ask_who(self, conn):
        conn.asked_who = self.clock()
        conn.send(wire.WHO)

    def _seat_of(self, conn):
        for seat in self.seats:
            if seat.conn is conn:
                return seat
        return None

    def _on_hello(self, conn, values):
        proto, cup_id, name = values[0], values[3], values[4]
        if proto != wire.VERSION:
            conn.send(wire.ERROR, (wire.ERR_VERSION, wire.HELLO))
            self.screen.say(f"{name}'s cup speaks protocol {proto}, this hub speaks {wire.VERSION}: "
                            "flash it with this version (`dicecup flash`)")
            return
        conn.hello = values
        for seat in self.seats:
            if seat.is_cup and seat.cup_id == cup_id:
                return self._rejoin(seat, conn)
        if self.phase == SEATING:
            self.screen.say(f"a cup called {name} is here: hold its B button to take the next seat")
        else:
            self.screen.say(f"a cup called {name} connected, but the game has started without it")

    def _on_sit(self, conn, values):
        kind = values[1]
        if conn.hello is None:
            return conn.send(wire.WHO)
        if kind != wire.READY or self.phase != SEATING:
            reason = wirenames.TABLE_FULL if self.phase != SEATING else wirenames.NOT_SEATED
            return conn.send(wire.REFUSE, (values[0], kind, reason))
        taken = {s.name for s in self.seats}
        seat = Seat(len(self.seats), seat_name(conn.hello[4], taken), conn=conn)
        self.seats.append(seat)
        conn.send(wire.ACCEPT, (values[0], wire.READY))
        conn.send(wire.WELCOME, (wire.VERSION, seat.index, len(self.seats)))
        self.screen.say(f"{seat.name} takes seat {seat.index + 1}")

    def _maybe_start(self):
        cups = [s for s in self.seats if s.is_cup]
        unseated = [c for c in self.conns if c.hello and not c.down and self._seat_of(c) is None]
        low = self.rules.players[0]
        if unseated or len(cups) < self.expect_cups or len(cups) + len(self.bot_factories) < low:
            return
        for name, bot in self.bot_factories:
            self.seats.append(Seat(len(self.seats), seat_name(name, {s.name for s in self.seats}), bot=bot))
        self.start(new_game(self.rules, [s.name for s in self.seats]))
