"""A poker-dice hub that died, going on from its journal (`dicecup resume`): "never a lost round".

The game goes on from the journal's last whole round. A round cut off mid-way is played again from its opener's
shake, its bids void -- journaled as the record's `reroll NAME`, as the table does when its cup drops and comes
back (PokerRecovery.back) -- so nobody loses a life for half a round, and no hidden die of it is used again:
the next shake rolls all five afresh.

Whose dice they were decides what becomes of the cut round's hidden dice:
- bots on the hub: the hub drew every die's seed, and keeps those of the round in progress in its private file
  beside the journal (Round.keep_secrets, as a face-bid bot's dice are kept). A resumed hub opens the ones
  nobody saw (`#@ die-seed`, after the `reroll`), so `dicecup verify` tallies every roll. Without that file (a full
  disk) they stay unrevealed, which verify reports and accepts.
- the table's one cup (`--players`): its seeds never left it. The cup that comes back -- the same one, on its old
  port or a new `--port`, or a new virtual cup (`--sim 1`) -- is told to forget the round (TableCup.forget_round)
  and becomes every player's cup again; its id and port are journaled (`#@ cup`), so the game can be resumed again.
  It is asked for the round secret of the rolls no secret settled yet (poker/cuplink.py): the same cup opens it, so
  the cut round's dice are rechecked; a new cup has none, and the journal notes those dice as not opened.
"""
import json
import re

from cupcore import commit as commitment
from cupcore import wire

from dicecup.rules.events import Reroll
from dicecup.rules.poker import OPENING
from dicecup.rules.record import record_lines

from ..journal import Journal, secrets_path
from ..journalfacts import FairnessError, journal_text
from ..phases import TablePhase
from ..seats import seat_from_journal
from .dice import PokerDeal
from .cuplink import TableCup
from .onecup import PokerSeating
from .verify import check_poker_journal


def why_not_poker(text: str):
    """Why this poker journal can't be taken up again (None if it can): a game stopped because its cup cheated
    (Round.stop_cheating) stays stopped, and the fair-dice facts must check, since the resumed hub goes on
    numbering and opening its rolls."""
    if any(_CHEATING.match(line) for line in record_lines(text)):
        return "the table's cup was caught cheating in this game, which stopped it there, so it can't go on"
    try:
        check_poker_journal(text)
    except FairnessError as error:
        return f"its dice facts don't check: {error}; `dicecup verify` says more"
    return None


def resume_poker(poker, resumed, state, bots):
    """Take a poker game up again on the poker Round of a table with no seats yet: seats and lives as journaled,
    the cut round (if any) played again from the shake. A table of one cup waits (paused) until a cup says hello."""
    table = poker.table
    text = journal_text(resumed.path)
    journal = Journal(resumed.path)
    journal.comment("the hub restarted; resuming from this journal")
    seats = [seat_from_journal(index, name, resumed, bots) for index, name in enumerate(state.seats)]
    rolls, settled = _rolls(text)
    if state.phase == OPENING and state.holder is None and resumed.opener in state.seats:  # round 1, drawn
        opener = state.seats.index(resumed.opener)
        state = state._replace(opener=opener, holder=opener)
    poker.state, poker.subs = state, max(rolls, default=0)
    table.take_over(journal, seats, TablePhase.OVER if state.winner is not None else TablePhase.BETWEEN,
                    seating=ResumedPokerSeating(table))
    if any(seat.is_cup for seat in seats):
        poker.cup = TableCup(poker)
        # The cup's rolls its round secret has not settled yet: asked for when the cup is back (forget_round), so
        # the cut round's dice are rechecked if it kept the secret (a cup that lost it says so, and it is noted).
        poker.cup.unsettled = [deal for id, deal in sorted(rolls.items()) if id > settled]
    cut = state.phase != OPENING
    if cut:
        journal.comment("the hub stopped mid-round: the round is played again, its bids void")
        with journal.batch():  # the hub's own stop, no player's action: said so for `dicecup verify`
            journal.fact("reroll", state.seats[_someone_playing(state)], "by=hub")
            poker.record(Reroll(state.seats[_someone_playing(state)]))
    _open_kept_seeds(journal, resumed.path, rolls)
    table.say(f"resuming {resumed.path.name}: round {state.round}" +
              (", played again from the shake, its bids void" if cut else "") +
              ("; waiting for the table's cup to say hello" if poker.cup is not None else ""))
    table.go_on()  # a table of bots goes on at once; one cup's waits (paused) until it says hello


def _someone_playing(state) -> int:
    """Who the `reroll` names: the holder, else the opener, else the first seat still in the game."""
    for index in (state.holder, state.opener):
        if index is not None and state.lives[index]:
            return index
    return next(i for i, lives in enumerate(state.lives) if lives)


def _rolls(text):
    """The journal's rolls (its fair-dice facts, already checked) as {sub-deal id: PokerDeal} with their
    commitments and the dice already opened (seeds), and the last sub-deal a round secret settled (or the cup said
    it could not)."""
    rolls, settled = {}, 0
    for raw in record_lines(text):
        unopened = _NO_SECRET.match(raw)
        if unopened:
            settled = max(settled, int(unopened.group(1)))
        words = raw[3:].split() if raw.startswith("#@ ") else ()
        if len(words) >= 3 and words[0] == "dice":
            fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
            rolls[int(words[1])] = PokerDeal(int(words[1]), bytes.fromhex(fields["nonce"]),
                                             [int(c) for c in fields["dice"]], fields.get("by", "?"))
        elif len(words) == 4 and words[0] == "die-commit":
            rolls[int(words[1])].commits[int(words[2])] = bytes.fromhex(words[3])
        elif len(words) == 4 and words[0] == "die-seed":
            deal = rolls[int(words[1])]
            deal.seeds[int(words[2])] = bytes.fromhex(words[3])
            deal.opened.add(int(words[2]))
        elif len(words) >= 3 and words[0] == "round-secret":
            settled = max([settled] + [int(w[5:]) for w in words[3:] if w.startswith("last=")])
    return rolls, settled


_CHEATING = re.compile(r"# .*: cheating; the game stopped$")  # Round.stop_cheating's comment
_NO_SECRET = re.compile(r"^# the cup opened no round secret for sub-deals \d+-(\d+)")  # cuplink.TableCup.on_error


def _open_kept_seeds(journal, path, rolls):
    """Every die the hub rolled for its bots and nobody saw, opened from its private file (only a seed that opens
    the journal's commitment of that die is written): the cut round's, and a round end the kill cut short."""
    try:
        kept = json.loads(secrets_path(path).read_text()).get("poker", {})
    except (OSError, ValueError, AttributeError):
        return
    with journal.batch():
        for sub, seeds in sorted(kept.items(), key=lambda item: int(item[0])):
            deal = rolls.get(int(sub))
            for slot, seed in sorted(seeds.items()):
                if deal is None or int(slot) in deal.opened or int(slot) not in deal.commits:
                    continue
                if commitment.verify(deal.commits[int(slot)], deal.nonce, int(slot), 1, bytes.fromhex(seed)):
                    journal.fact("die-seed", deal.id, int(slot), seed)


class ResumedPokerSeating(PokerSeating):
    """The seats as the journal has them. The first cup to say hello while the table's cup is missing is the
    table's cup again: the same cup, or another one paired with this hub on a port the host named (`--port`,
    `--sim 1`); its id and port are journaled, and it is told to forget the cut round's dice."""

    def __init__(self, hub):
        super().__init__(hub, expect_cups=0, bots=())
        self._first_back = True

    def on_hello(self, conn, values):
        cups = [seat for seat in self.seats if seat.is_cup]
        pairing = getattr(conn, "pairing", "paired")
        if self._first_back and cups and not any(seat.connected for seat in cups) and values[0] == wire.VERSION \
                and (pairing == "paired" or pairing == "unpaired" and self.allow_unpaired):
            self._first_back = False
            for seat in cups:
                seat.cup_id, seat.fw, seat.board = values[3], f"{values[1]}.{values[2]}", values[5]
                seat.paired = pairing == "paired"
                self.hub.journal.fact("cup", seat.name, f"id={seat.cup_id}", f"board={seat.board}",
                                       f"fw={seat.fw}", f"port={conn.name}")
            super().on_hello(conn, values)
            if cups[0].conn is conn:
                self.hub.round.cup.forget_round()  # it may hold the cut round's dice, or wait on an intent's answer
            return
        super().on_hello(conn, values)
