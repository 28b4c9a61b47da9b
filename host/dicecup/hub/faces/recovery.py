"""When things go wrong at the table: a cup that drops and comes back (with its dice or without), a seat the
host retires, and a hub that died and resumes from its journal. Kept apart so the happy path in table.py reads
straight through.

No player's action re-rolls a round: a cup back without the dice it was shown waits for the host (`reroll NAME`,
`retire NAME`), as a called round does.

Recovery talks to the table only through its documented methods (`say`, `pause()`, `go_on()`, `end_game()`) and
fields it reads (`state`, `phase`, `seats`, `journal`), and to the face-bid Round (faces.py) through `record(event)`,
`deal`, `deal_again()`, `redeal_to(seat)` and `take_over(...)`.
"""
import json

from cupcore import wire

from dicecup.rules import (OVER as ENGINE_OVER, REVEAL as ENGINE_REVEAL, ROLLOFF as ENGINE_ROLLOFF,
                           SHOOTING as ENGINE_SHOOTING, DicecupError, Reroll, Retire)

from .deal import Deal
from ..journal import Journal, secrets_path
from ..phases import TablePhase
from ..seats import seat_from_journal


class Recovery:
    def __init__(self, round):
        self.round = round
        self.hub = round.table

    # -- a cup drops and comes back ------------------------------------------------------------------------------
    def dropped(self, seat, reason):
        hub = self.hub
        if hub.phase == TablePhase.SEATING:
            return hub.say(f"{seat.name}'s cup left before the game began")
        if hub.phase == TablePhase.OVER or not hub.state.alive[seat.index]:
            return
        hub.pause()
        hub.say(f"{seat.name}'s cup dropped ({reason}): the game is paused until it comes back; "
                f"type `retire {seat.name}` to take the seat out")

    def cup_back(self, seat, conn):
        """A cup is back: its seat again, and the deal goes on if it still holds the dice it committed to."""
        hub = self.hub
        seat.conn = conn
        seat.paired = getattr(conn, "pairing", "paired") == "paired"  # a resumed seat was placed from the journal
        conn.send(wire.WELCOME, (wire.VERSION, seat.index, len(hub.seats)))
        hub.say(f"{seat.name}'s cup is back")
        if hub.state is not None and hub.state.alive[seat.index] and \
                hub.phase not in (TablePhase.BETWEEN, TablePhase.OVER):
            # A cup that kept its dice answers with the same commitment. Until it has answered, the table stays
            # paused: a slow board (a Pico takes about a second to boot) must not find the round called meanwhile,
            # which would turn "rolled again" into "the call stands without its dice".
            self.round.redeal_to(seat)
        hub.go_on()

    def lost_dice(self, seat):
        """A cup back with a fresh commitment once the hub had sent its entropy: its player has seen dice that are
        gone. Rolling the round again on the cup's word would let anyone re-roll at will (reset, unplug, say hello
        again, reload a phone), so the round never is: the table waits, as after a call, for the host's `reroll
        NAME` (the table consents) or `retire NAME`; a cup that finds the first dice after all goes on (deal.py)."""
        hub = self.hub
        self.round.deal.without_dice.add(seat.index)
        hub.pause()
        if hub.phase == TablePhase.REVEALING and not self.round.deal.rolloff:
            hub.journal.comment(f"{seat.name}'s cup came back without its dice after the call: not rolled again")
            return hub.say(f"{seat.name}'s cup came back without the dice it committed to, after the call: the call "
                           f"stands, and can't be settled without those dice; the game is paused: type `retire "
                           f"{seat.name}` to go on without the seat")
        hub.journal.comment(f"{seat.name}'s cup came back without the dice it was shown: not rolled again without "
                            "the host's consent")
        hub.say(f"{seat.name}'s cup came back without the dice it was shown (it was reset, or drew new ones): the "
                f"game is paused; type `reroll {seat.name}` to roll this round again for everyone, every bid void, "
                f"or `retire {seat.name}` to go on without the seat")

    def reroll(self, name):
        """`reroll NAME` typed at the hub: the table consents to roll the round again because NAME's cup lost the
        dice it was shown. Journaled as `#@ reroll NAME by=host` beside the record's `reroll NAME`, so `dicecup
        verify` can tell a re-deal the host allowed from one it never did. Once called, the call stands."""
        hub, deal = self.hub, self.round.deal
        seat = hub.seats[hub.state.seats.index(name)]
        if deal is None or seat.index not in deal.without_dice:
            return hub.say(f"nothing to roll again: `reroll {name}` is for {name}'s cup coming back without the "
                           "dice it was shown, and it has not")
        if hub.phase == TablePhase.REVEALING and not deal.rolloff:
            return hub.say(f"the call stands: this round can't be rolled again once called; `retire {name}` "
                           "goes on without the seat")
        with hub.journal.batch():
            hub.journal.fact("reroll", name, "by=host")
            if not deal.rolloff:  # a roll-off's deal is rolled again with no record line: it has no bids to void
                self.round.record(Reroll(name))
        hub.say(f"the host consents: {'the roll-off' if deal.rolloff else 'this round'} is rolled again for "
                "everyone" + ("" if deal.rolloff else ", every bid in it void"))
        self.round.deal_again()
        hub.go_on()  # the table waited for the host: the fresh deal goes on

    # -- the host takes a seat out ---------------------------------------------------------------------------------
    def retire(self, name, why):
        hub = self.hub
        if hub.state is None or name not in hub.state.seats:
            return hub.say(f"no seat called {name}")
        try:
            self.round.record(Retire(name))
        except DicecupError as error:
            return hub.say(f"can't retire {name}: {error}")
        hub.say(f"{name} leaves the game: {why}")
        seat = hub.seats[hub.state.seats.index(name)]
        seat.send(wire.RESULT, (self.round.deal.id if self.round.deal else 0, 0, 0, 0, wire.OUT))
        hub.go_on()
        if hub.state.phase == ENGINE_OVER:
            return hub.end_game()
        self.round.deal_again()

    # -- the hub's own bots' dice, kept for a resumed hub -------------------------------------------------------------
    def keep_bot_dice(self, deal):
        """The hub's bots' dice for this deal, in a private file beside the journal, so a resumed hub can go on
        with the round (the journal itself never holds a hidden die)."""
        if not deal.bot_dice:
            return
        names = {self.hub.seats[i].name: list(dice) for i, dice in deal.bot_dice.items()}
        seeds = {self.hub.seats[i].name: seed.hex() for i, seed in deal.bot_seeds.items()}
        self.round.keep_secrets({"deal": deal.id, "dice": names, "seeds": seeds})

    # -- a hub that died -------------------------------------------------------------------------------------------
    def resume(self, resumed, state, bots):
        """Take over a game from its journal: seats as recorded, the deal in progress as it was; every cup is
        awaited (the game is paused) until it says hello again and shows it still holds its dice."""
        hub = self.hub
        journal = Journal(resumed.path)
        journal.comment("the hub restarted; resuming from this journal")
        seats = [seat_from_journal(index, name, resumed, bots) for index, name in enumerate(state.seats)]
        opener = state.seats.index(resumed.opener) if resumed.opener in state.seats else None
        if state.phase == ENGINE_OVER:
            return self.round.take_over(state, journal, seats, None, TablePhase.OVER, opener)
        deal = self._deal_in_progress(resumed, state, seats)
        mid_deal = deal is not None and (state.bids or state.phase in (ENGINE_REVEAL, ENGINE_ROLLOFF) or
                                         deal.cups & set(deal.commits))  # a cup committed (bots' are the hub's)
        bots_lost = [i for i in deal.counts if not seats[i].is_cup and i not in deal.bot_dice] if deal else []
        if state.phase == ENGINE_SHOOTING or not mid_deal:
            self.round.take_over(state, journal, seats, deal, TablePhase.BETWEEN, opener)
        elif bots_lost:
            self.round.take_over(state, journal, seats, deal, TablePhase.BETWEEN, opener)
            hub.say("the hub's bots lost their dice with the hub: this round is rolled again")
            with journal.batch():  # the hub's own loss, no player's action: said so for `dicecup verify`
                journal.fact("reroll", seats[bots_lost[0]].name, "by=hub")
                self.round.record(Reroll(seats[bots_lost[0]].name))  # a bot still in the deal, so in the game
        elif state.phase == ENGINE_REVEAL:
            deal.reveal_bots()
            self.round.take_over(state, journal, seats, deal, TablePhase.REVEALING, opener)
        else:
            self.round.take_over(state, journal, seats, deal, TablePhase.DEALING, opener)
        hub.say(f"resuming {resumed.path.name}: round {state.round}; waiting for every cup to say hello")

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
