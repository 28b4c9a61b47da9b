"""When things go wrong at the table: a cup that drops and comes back (with its dice or without), a seat the
host retires, and a hub that died and resumes from its journal. Mixed into Hub; kept apart so the happy path in
table.py reads straight through."""
import json
import os

from cupcore import wire

from dicecup.rules import (OVER as ENGINE_OVER, REVEAL as ENGINE_REVEAL, ROLLOFF as ENGINE_ROLLOFF,
                           SHOOTING as ENGINE_SHOOTING, DicecupError, Reroll, Retire)

from .journal import Journal, secrets_path
from .seats import Seat
from .phases import BETWEEN, BIDDING, DEALING, OVER, REVEALING, SEATING


class Recovery:
    def _on_down(self, conn, reason):
        conn.down = True
        seat = self._seat_of(conn)
        if seat is None or self.phase in (SEATING, OVER) or (self.state and not self.state.alive[seat.index]):
            if seat is not None and self.phase == SEATING:
                self.screen.say(f"{seat.name}'s cup left before the game began")
            return
        if self.paused_since is None:
            self.paused_since = self.clock()
        self.screen.say(f"{seat.name}'s cup dropped ({reason}): the game is paused until it comes back; "
                        f"type `retire {seat.name}` to take the seat out")

    def _rejoin(self, seat, conn):
        """A cup is back: its seat again, and the round goes on if it still holds the dice it committed to."""
        seat.conn = conn
        conn.send(wire.WELCOME, (wire.VERSION, seat.index, len(self.seats)))
        self.screen.say(f"{seat.name}'s cup is back")
        if not any(s.is_cup and not s.connected and self.state and self.state.alive[s.index] for s in self.seats):
            self._resume_clock()
        if self.state is None or not self.state.alive[seat.index] or self.phase in (BETWEEN, OVER):
            return
        if seat.commit is not None or seat.index in self.waiting:
            # Ask for the same deal again: a cup that kept its dice answers with the same commitment.
            count = 2 if self.state.phase == ENGINE_ROLLOFF else self.state.dice[seat.index]
            if self.phase == DEALING:
                self.waiting.add(seat.index)
            seat.send(wire.DEAL, (self.deal, count, self.nonce))

    def _resume_clock(self):
        if self.paused_since is None:
            return
        paused = self.clock() - self.paused_since
        self.paused_since = None
        if self.turn_started is not None:
            self.turn_started += paused
        if self.deadline is not None:
            self.deadline += paused
        if self.next_at is not None:
            self.next_at += paused
        if self.phase == DEALING:
            self._after_commits()
        elif self.phase == BIDDING and self.turn_started is None:  # a resumed game's first turn
            self._start_turn()
        elif self.phase == REVEALING:
            self._after_reveals()

    def _lost_dice(self, seat):
        self.screen.say(f"{seat.name}'s cup lost its dice (it was reset): this round is rolled again, "
                        "every bid in it is void")
        self.journal.comment(f"{seat.name}'s cup came back without its dice")
        self.state = self._checked(Reroll(seat.name))
        self._deal_round()

    def _retire(self, name, why):
        if self.state is None or name not in self.state.seats:
            return self.screen.say(f"no seat called {name}")
        try:
            self.state = self._checked(Retire(name))
        except DicecupError as error:
            return self.screen.say(f"can't retire {name}: {error}")
        self.screen.say(f"{name} leaves the game: {why}")
        seat = self.seats[self.state.seats.index(name)]
        if seat.connected:
            seat.send(wire.RESULT, (self.deal, 0, 0, 0, wire.OUT))
        if not any(s.is_cup and not s.connected and self.state.alive[s.index] for s in self.seats):
            self._resume_clock()
        if self.state.phase == ENGINE_OVER:
            return self._game_over()
        self._deal_round()

    def _keep_bot_dice(self):
        """The hub's bots' dice for this deal, in a private file beside the journal, so a resumed hub can go on
        with the round (the journal itself never holds a hidden die)."""
        bots = {s.name: list(s.bot_dice) for s in self.seats if not s.is_cup and s.bot_dice is not None}
        if bots:
            path = secrets_path(self.journal.path)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as handle:
                json.dump({"deal": self.deal, "dice": bots}, handle)
                handle.flush()
                os.fsync(handle.fileno())

    def resume(self, resumed, state, bots):
        """Take over a game from its journal: seats as recorded, the deal in progress as it was; every cup is
        awaited (the game is paused) until it says hello again and shows it still holds its dice."""
        self.state = state
        self.journal = Journal(resumed.path)
        self.journal.comment("the hub restarted; resuming from this journal")
        self.seats = []
        for index, name in enumerate(state.seats):
            if name in resumed.bots:
                seat = Seat(index, name, bot=bots(name))
            else:
                seat = Seat(index, name)
                info = resumed.cups.get(name, {})
                seat.cup_id = int(info["id"]) if info.get("id", "").isdigit() else None
                seat.board, seat.fw = info.get("board"), info.get("fw")
            self.seats.append(seat)
        self.rounds_done = len(state.history)
        if state.phase == ENGINE_OVER:
            self.phase = OVER
            return
        self.deal, self.nonce = resumed.deal, resumed.nonce
        bot_dice = _read_bot_dice(resumed.path, self.deal)
        for seat in self.seats:
            seat.commit = resumed.commits.get(seat.name)
            seat.bot_dice = bot_dice.get(seat.name)
        self.paused_since = self.clock()
        mid_deal = self.deal and (state.bids or state.phase in (ENGINE_REVEAL, ENGINE_ROLLOFF) or
                                  any(seat.commit for seat in self.seats))
        bots_lost = any(not s.is_cup and state.alive[s.index] and s.bot_dice is None for s in self.seats)
        if state.phase == ENGINE_SHOOTING or not mid_deal:
            self.phase = BETWEEN
            self.next_at = self.clock()
            if state.phase == ENGINE_SHOOTING:
                self._round_over()
        elif bots_lost:
            self.screen.say("the hub's bots lost their dice with the hub: this round is rolled again")
            self.state = self._checked(Reroll(next(s.name for s in self.seats if not s.is_cup)))
            self.phase, self.next_at = BETWEEN, self.clock()
        elif state.phase == ENGINE_REVEAL:
            self.phase = REVEALING
            unrevealed = [s for s in self.seats if state.alive[s.index] and state.rolls[s.index] is None]
            self.waiting = {s.index for s in unrevealed if s.is_cup}
            self.reveals = {s.index: s.bot_dice for s in unrevealed if not s.is_cup}
        else:
            self.phase = DEALING if any(s.is_cup and s.commit is None and state.alive[s.index]
                                        for s in self.seats) else BIDDING
            self.waiting = {s.index for s in self.seats if s.is_cup and state.alive[s.index] and s.commit is None}
        self.screen.say(f"resuming {resumed.path.name}: round {state.round}; waiting for every cup to say hello")



def _read_bot_dice(journal_path, deal) -> dict:
    try:
        kept = json.loads(secrets_path(journal_path).read_text())
    except (OSError, ValueError):
        return {}
    if kept.get("deal") != deal:
        return {}
    return {name: tuple(dice) for name, dice in kept.get("dice", {}).items()}
