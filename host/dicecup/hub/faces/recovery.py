"""When things go wrong at a face-bid table: a cup that drops and comes back (with its dice or without), a seat the
host retires, and a hub that died and resumes from its journal. These are FaceRound's own methods (the Round owns
its recovery), kept in a module of their own so the happy path in round.py reads straight through.

No player's action re-rolls a round: a cup back without the dice it was shown waits for the host (`reroll NAME`,
`retire NAME`), as a called round does.

They talk to the table through its methods (`say`, `pause()`, `go_on()`, `end_game()`, `take_over(...)`) and
read its `phase`, `seats` and `journal`; of the Round they use `record(event)`, `deal`, `phase`, `deal_again()`,
`redeal_to(seat)` and `take_over(...)`.
"""
import json

from cupcore import wire

from dicecup.rules import (OVER as ENGINE_OVER, REVEAL as ENGINE_REVEAL, ROLLOFF as ENGINE_ROLLOFF,
                           SHOOTING as ENGINE_SHOOTING, DicecupError, Reroll, Retire)

from .deal import Deal
from ..journal import Journal, secrets_path
from ..phases import RoundPhase, TablePhase
from ..seats import seat_from_journal


class FaceRecovery:
    """FaceRound's recovery: a mixin of its methods, never an object of its own."""

    # -- a cup drops and comes back ------------------------------------------------------------------------------
    def dropped(self, seat, reason):
        table = self.table
        if table.phase == TablePhase.SEATING:
            return table.say(f"{seat.name}'s cup left before the game began")
        if table.phase == TablePhase.OVER or not self.state.alive[seat.index]:
            return
        table.pause()
        table.say(f"{seat.name}'s cup dropped ({reason}): the game is paused until it comes back; "
                  f"type `retire {seat.name}` to take the seat out")

    def back(self, seat, conn):
        """A cup is back: its seat again, and the deal goes on if it still holds the dice it committed to."""
        table = self.table
        seat.conn = conn
        seat.paired = getattr(conn, "pairing", "paired") == "paired"  # a resumed seat was placed from the journal
        conn.send(wire.WELCOME, (wire.VERSION, seat.index, len(table.seats)))
        table.say(f"{seat.name}'s cup is back")
        if table.phase == TablePhase.PLAYING and self.state.alive[seat.index]:
            # A cup that kept its dice answers with the same commitment. Until it has answered, the table stays
            # paused: a slow board (a Pico takes about a second to boot) must not find the round called meanwhile,
            # which would turn "rolled again" into "the call stands without its dice".
            self.redeal_to(seat)
        table.go_on()

    def lost_dice(self, seat):
        """A cup back with a fresh commitment once the hub had sent its entropy: its player has seen dice that are
        gone. Rolling the round again on the cup's word would let anyone re-roll at will (reset, unplug, say hello
        again, reload a phone), so the round never is: the table waits, as after a call, for the host's `reroll
        NAME` (the table consents) or `retire NAME`; a cup that finds the first dice after all goes on (deal.py)."""
        table = self.table
        self.deal.without_dice.add(seat.index)
        table.pause()
        if self.phase == RoundPhase.REVEALING and not self.deal.rolloff:
            table.journal.comment(f"{seat.name}'s cup came back without its dice after the call: not rolled again")
            return table.say(f"{seat.name}'s cup came back without the dice it committed to, after the call: the call "
                             f"stands, and can't be settled without those dice; the game is paused: type `retire "
                             f"{seat.name}` to go on without the seat")
        table.journal.comment(f"{seat.name}'s cup came back without the dice it was shown: not rolled again without "
                              "the host's consent")
        table.say(f"{seat.name}'s cup came back without the dice it was shown (it was reset, or drew new ones): the "
                  f"game is paused; type `reroll {seat.name}` to roll this round again for everyone, every bid void, "
                  f"or `retire {seat.name}` to go on without the seat")

    def reroll(self, name):
        """`reroll NAME` typed at the hub: the table consents to roll the round again because NAME's cup lost the
        dice it was shown. Journaled as `#@ reroll NAME by=host` beside the record's `reroll NAME`, so `dicecup
        verify` can tell a re-deal the host allowed from one it never did. Once called, the call stands."""
        table, deal = self.table, self.deal
        seat = table.seats[self.state.seats.index(name)]
        if deal is None or seat.index not in deal.without_dice:
            return table.say(f"nothing to roll again: `reroll {name}` is for {name}'s cup coming back without the "
                             "dice it was shown, and it has not")
        if self.phase == RoundPhase.REVEALING and not deal.rolloff:
            return table.say(f"the call stands: this round can't be rolled again once called; `retire {name}` "
                             "goes on without the seat")
        with table.journal.batch():
            table.journal.fact("reroll", name, "by=host")
            if not deal.rolloff:  # a roll-off's deal is rolled again with no record line: it has no bids to void
                self.record(Reroll(name))
        table.say(f"the host consents: {'the roll-off' if deal.rolloff else 'this round'} is rolled again for "
                  "everyone" + ("" if deal.rolloff else ", every bid in it void"))
        self.deal_again()
        table.go_on()  # the table waited for the host: the fresh deal goes on

    # -- the host takes a seat out ---------------------------------------------------------------------------------
    def retire(self, name, why):
        table = self.table
        if self.state is None or name not in self.state.seats:
            return table.say(f"no seat called {name}")
        try:
            self.record(Retire(name))
        except DicecupError as error:
            return table.say(f"can't retire {name}: {error}")
        table.say(f"{name} leaves the game: {why}")
        seat = table.seats[self.state.seats.index(name)]
        seat.send(wire.RESULT, (self.deal.id if self.deal else 0, 0, 0, 0, wire.OUT))
        table.go_on()
        if self.state.phase == ENGINE_OVER:
            self.phase = None
            return table.end_game()
        self.deal_again()

    # -- the hub's own bots' dice, kept for a resumed hub -------------------------------------------------------------
    def keep_bot_dice(self, deal):
        """The hub's bots' dice for this deal, in a private file beside the journal, so a resumed hub can go on
        with the round (the journal itself never holds a hidden die)."""
        if not deal.bot_dice:
            return
        names = {self.table.seats[i].name: list(dice) for i, dice in deal.bot_dice.items()}
        seeds = {self.table.seats[i].name: seed.hex() for i, seed in deal.bot_seeds.items()}
        self.keep_secrets({"deal": deal.id, "dice": names, "seeds": seeds})

    # -- a hub that died -------------------------------------------------------------------------------------------
    def resume(self, resumed, state, bots):
        """Take over a game from its journal: seats as recorded, the deal in progress as it was; every cup is
        awaited (the game is paused) until it says hello again and shows it still holds its dice."""
        table = self.table
        journal = Journal(resumed.path)
        journal.comment("the hub restarted; resuming from this journal")
        seats = [seat_from_journal(index, name, resumed, bots) for index, name in enumerate(state.seats)]
        opener = state.seats.index(resumed.opener) if resumed.opener in state.seats else None
        if state.phase == ENGINE_OVER:
            return self.take_over(state, journal, seats, None, opener)
        deal = self._deal_in_progress(resumed, state, seats)
        mid_deal = deal is not None and (state.bids or state.phase in (ENGINE_REVEAL, ENGINE_ROLLOFF) or
                                         deal.cups & set(deal.commits))  # a cup committed (bots' are the hub's)
        bots_lost = [i for i in deal.counts if not seats[i].is_cup and i not in deal.bot_dice] if deal else []
        if state.phase == ENGINE_SHOOTING or not mid_deal:
            self.take_over(state, journal, seats, deal, opener)
        elif bots_lost:
            self.take_over(state, journal, seats, deal, opener)
            table.say("the hub's bots lost their dice with the hub: this round is rolled again")
            with journal.batch():  # the hub's own loss, no player's action: said so for `dicecup verify`
                journal.fact("reroll", seats[bots_lost[0]].name, "by=hub")
                self.record(Reroll(seats[bots_lost[0]].name))  # a bot still in the deal, so in the game
        elif state.phase == ENGINE_REVEAL:
            deal.reveal_bots()
            self.take_over(state, journal, seats, deal, opener, RoundPhase.REVEALING)
        else:
            self.take_over(state, journal, seats, deal, opener, RoundPhase.DEALING)
        table.say(f"resuming {resumed.path.name}: round {state.round}; waiting for every cup to say hello")

    @staticmethod
    def _deal_in_progress(resumed, state, seats):
        """The last deal as the journal has it: its nonce, the commitments, and the hub's bots' dice (kept beside
        the journal). In a reveal, only the seats whose rolls the journal does not have yet are still dealt."""
        if not resumed.deal:
            return None
        if resumed.deal_round not in (0, state.round):  # ruled already: the hub died before the next deal
            return Deal(resumed.deal, resumed.nonce, {})  # nobody's dice in it; the next deal's id follows it
        if state.phase == ENGINE_ROLLOFF:
            counts = {i: 2 for i in state.contenders}
        else:
            counts = {i: state.dice[i] for i, alive in enumerate(state.alive) if alive}
        if state.phase == ENGINE_REVEAL:
            counts = {i: n for i, n in counts.items() if state.rolls[i] is None}
        deal = Deal(resumed.deal, resumed.nonce, counts, rolloff=state.phase == ENGINE_ROLLOFF)
        bot_dice, bot_seeds = _read_bot_dice(resumed.path, resumed.deal)
        entropy = resumed.entropy or {}
        for index in counts:
            seat = seats[index]
            if seat.name in resumed.commits:
                deal.commits[index] = resumed.commits[seat.name]
                if seat.name in entropy:  # sent again as it was: the cup accepts the same bytes
                    deal.entropy[index] = entropy[seat.name]
            if seat.is_cup:
                deal.cups.add(index)
            elif seat.name in bot_dice:
                deal.bot_dice[index] = bot_dice[seat.name]
                if seat.name in bot_seeds:  # so its seed reaches the journal at the reveal, as a cup's does
                    deal.bot_seeds[index] = bot_seeds[seat.name]
        return deal


def _read_bot_dice(journal_path, deal) -> tuple:
    """The hub's bots' dice and seeds for this deal, from beside the journal: ({name: dice}, {name: seed})."""
    try:
        kept = json.loads(secrets_path(journal_path).read_text())
    except (OSError, ValueError):
        return {}, {}
    if kept.get("deal") != deal:
        return {}, {}
    seeds = {name: bytes.fromhex(seed) for name, seed in kept.get("seeds", {}).items()}
    return {name: tuple(dice) for name, dice in kept.get("dice", {}).items()}, seeds
