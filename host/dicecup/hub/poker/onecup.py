"""The poker-dice table's one cup: every player sits with the first cup that sits (PokerSeating), and a cup that
drops pauses the whole table and, back mid-round, waits for the host's `reroll NAME` or `retire NAME` (PokerRecovery:
PokerRound's own methods for it)."""
from cupcore import wire

from dicecup.rules.events import Reroll, Retire
from dicecup.rules.poker import OVER as P_OVER

from ..phases import TablePhase
from .cuplink import TableCup
from ..seating import Seating
from ..seats import Seat

BETWEEN, OVER, SEATING = TablePhase.BETWEEN, TablePhase.OVER, TablePhase.SEATING


class PokerSeating(Seating):
    """The first cup to sit is the table's one cup, and every player sits with it (in `hub.players` order)."""

    def on_sit(self, conn, values):
        hub = self.hub
        if not hub.players or self.seats or conn.hello is None or values[1] != wire.READY or \
                hub.phase != SEATING:
            return super().on_sit(conn, values)
        for name in hub.players:
            self.seats.append(Seat(len(self.seats), name, conn=conn))
        hub.round.cup = TableCup(hub.round)
        conn.send(wire.ACCEPT, (values[0], wire.READY))
        conn.send(wire.WELCOME, (wire.VERSION, 0, len(self.seats)))
        verb = "plays" if len(hub.players) == 1 else "play"  # the others at the table are bots on the hub
        hub.say(f"{conn.hello[4]} is the table's cup, passed round: {', '.join(hub.players)} {verb} with it")


class PokerRecovery:
    """PokerRound's recovery (a mixin of its methods, never an object of its own): a cup that drops and comes
    back, and `retire`, at a poker table. Every seat plays the one cup, so a dropped cup pauses the whole table.
    Back (the same cup id) before any die of the round was rolled, it goes on (a roll in flight is void). Back
    once dice were rolled and seen, the table stays paused until the host types `reroll NAME` -- the round starts
    again from the opener's shake, its bids void, journaled as `#@ reroll NAME by=host` and the record's `reroll
    NAME` (nobody loses a life) -- or `retire NAME`: a drop is open to any player holding a bad hand, so it never
    re-rolls on its own."""

    def dropped(self, seat, why):
        table = self.table
        if table.phase == SEATING:
            return table.say(f"the table's cup left before the game began ({why})")
        if table.phase == OVER:
            return
        table.pause()
        table.say(f"the table's cup dropped ({why}): the game is paused until it comes back; this round will be "
                  "played again from the shake")

    def back(self, seat, conn):
        table = self.table
        for each in table.seats:  # every seat holds the one cup
            if each.is_cup:
                each.conn = conn
        conn.send(wire.WELCOME, (wire.VERSION, 0, len(table.seats)))
        if table.phase == OVER or self.state is None:
            return table.say("the table's cup is back")
        cup = self.cup
        if cup is not None and cup.closing:  # the round was over: its secret is asked again
            table.go_on()
            return cup.send_table()
        in_flight = cup is not None and cup.rolling is not None
        if in_flight:
            cup.rolling = None  # a roll in flight is void with the round
        table.go_on()
        if table.phase == BETWEEN:  # the round was over: the next one starts as it would have
            return table.say("the table's cup is back: the game goes on")
        state = self.state
        who = state.seats[state.holder if state.holder is not None else state.opener]
        if self.round_deals:  # dice were rolled and seen: the round is played again only if the host consents
            return self._ask_the_host(who)
        restarted = bool(self.round_events or in_flight)  # nothing seen yet: nothing to lose in starting again
        if restarted:
            table.journal.comment("the table's cup dropped and came back: the round is played again, its bids void")
            self._restart(who)
        table.say("the table's cup is back: " + ("this round starts again from the shake, its bids void"
                                                 if restarted else "the game goes on"))
        self.next_turn()

    def _ask_the_host(self, who):
        """The cup is back mid-round, its dice rolled and looked at: a player could pull the cable to have a bad
        hand rolled again, so the round waits (the table stays paused) for `reroll NAME` or `retire NAME`."""
        table = self.table
        self.needs_consent, self.consent_for = True, who
        table.pause()
        table.journal.comment("the table's cup dropped and came back mid-round: not played again without the "
                              "host's consent")
        table.say(f"the table's cup is back, but its dice may not be the ones rolled: the game is paused; type "
                  f"`reroll {who}` to play this round again from the shake, its bids void, or `retire NAME`")

    def _restart(self, who):
        self.record(Reroll(who))
        self.open_the_rest()
        if self.cup is not None:
            self.cup.forget_round()

    def reroll(self, name):
        """`reroll NAME` typed at the hub: the table consents to play the round again (journaled by=host)."""
        table = self.table
        if not self.needs_consent:
            return table.say(f"nothing to roll again: `reroll {name}` is for the table's cup coming back mid-round, "
                             "and it has not")
        with table.journal.batch():
            table.journal.fact("reroll", name, "by=host")
            self._restart(name)
        self.needs_consent = False
        table.say("the host consents: this round starts again from the shake, its bids void")
        table.go_on()
        self.next_turn()

    def retire(self, name, why):
        table = self.table
        self.record(Retire(name))
        table.say(f"{name} is out of the game ({why}); the round starts again")
        self.open_the_rest()
        if self.needs_consent:  # the host's other answer to a cup back mid-round: the round starts again
            self.needs_consent = False
            if self.cup is not None:
                self.cup.forget_round()
            table.go_on()
        if self.state.phase == P_OVER:
            return table.end_game()
        self.next_turn()
