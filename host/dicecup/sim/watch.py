"""The invariants an attacked table must never break, checked after every step of sim/adversary.py's games (and by
sim/phonetable.py, the rogue phone on a phone seat's table):

    dice_fixed      a seat's dice in a round are a fixed function of its first commitment and the hub's entropy
                    for that round (a new entropy for another commitment in the same round is a new roll shown)
    consent         no re-deal without the host's consent: the journal's `reroll` lines against the `reroll NAME`
                    the host typed when the table asked
    unkeyed         no effect from an unkeyed frame: the table, every seat's sessions and every cup's deal are as
                    they were, no honest line pairs again, no cup's replies go to the stranger's stream
    never_stops     no exception, and never stalled: the table either progresses or is paused with a stated reason
                    for the host
    names_kept      every seat is named as its cup was paired (a table that knows them: paired_names()), and nothing
                    a cup called itself reaches the host's lines or the journal with a control character in it
    prompt_reveals  once every other seat has revealed, the last cup is not waited for longer than the hub's
                    late_reveal_wait: it reveals or drops
"""
import unicodedata

from cupcore import commit as commitment
from cupcore import dice as fair_dice

from dicecup.hub.phases import RoundPhase
from dicecup.hub.snapshot import Said
from dicecup.rules.record import record_lines

INVARIANTS = ("dice_fixed", "consent", "unkeyed", "never_stops", "names_kept", "prompt_reveals")
PROMPT_MARGIN = 0.5  # seconds past late_reveal_wait before a reveal still awaited counts as the call held
STALL = 40.0  # virtual seconds without a journal line or a change of phase: past a cup's answer timeout (15 s), a
              # drop and the port opened again


class Watch:
    """The four invariants, checked after every step; each violation kept with the attacks that led to it."""

    def __init__(self, table):
        self.table = table
        self.violations = {name: [] for name in INVARIANTS}
        self.dead = False
        self.said = []
        table.hub.subscribe(self._heard)
        self._offset = 0
        self._round = None
        self._deal = None
        self._nonces = {}
        self._commits = {}          # (deal, name) -> digest
        self._first = {}            # name -> (deal, digest, entropy): the seat's first roll this round
        self._flagged = set()       # deals already counted as a new roll shown
        self._seed = {}
        self._seats = []
        self.rerolls = 0
        self._consented = 0
        self._lines_owned = None    # the honest seats' (conn, hub session, cup session) once the game is on
        self._progress = None
        self._stalled = False
        self._last_reveal = None    # (deal, seat index, when it was first seen the only one awaited)

    def _heard(self, item):
        if isinstance(item, Said):
            self.said.append((self.table.game.clock.now, item.text))
            if _raw_controls(item.text):
                self.violate("names_kept", f"the hub said a line with raw control characters: {item.text!r}")

    def violate(self, invariant, what):
        attacks = self.table.recent_attacks()
        self.violations[invariant].append(f"{what} (at {self.table.game.clock.now:.1f} s; last attacks: "
                                          f"{'; '.join(attacks) or 'none'})")

    def count(self):
        return {name: len(found) for name, found in self.violations.items()}

    # -- never stops ---------------------------------------------------------------------------------------------------
    def died(self, error):
        self.dead = True
        self.violate("never_stops", f"the hub raised {type(error).__name__}: {error}")

    def _check_progress(self):
        hub, now = self.table.hub, self.table.game.clock.now
        journal = hub.journal.path.stat().st_size if hub.journal is not None else 0
        marker = (journal, hub.phase_shown, hub.paused, self.table.deal_id())
        if self._progress is None or self._progress[0] != marker:
            self._progress, self._stalled = (marker, now), False
            return
        if hub.finished or self._stalled or now - self._progress[1] < STALL:
            return
        if hub.paused and self._reason_since(hub.paused_since):
            return
        self._stalled = True
        self.violate("never_stops", f"stalled for {now - self._progress[1]:.0f} s in {hub.phase_shown.name}, "
                                     f"{'paused' if hub.paused else 'not paused'}, with no reason stated for the host")

    def _reason_since(self, since):
        """A line said since the pause that tells the host what to type."""
        return any("type `" in text for when, text in self.said if when >= since)

    def asked_reroll_for(self):
        """The seat the table asks the host about re-dealing (`reroll NAME` in its last lines), or None."""
        hub = self.table.hub
        if not hub.paused or hub.state is None:
            return None
        # Only what the table asked since this pause: not its answer to a `reroll` that was no longer wanted
        # ("nothing to roll again: `reroll NAME` is for..."), which a host typing it again would be answered with
        # for ever, the table's clock standing still.
        for when, text in reversed(self.said[-5:]):
            if when < hub.paused_since or text.startswith("nothing to roll again"):
                continue
            for name in hub.state.seats:
                if f"reroll {name}" in text:
                    return name
        return None

    # -- the journal: dice fixed, re-deals consented ------------------------------------------------------------------
    def _read_journal(self):
        journal = self.table.hub.journal
        if journal is None:
            return
        with open(journal.path, "rb") as f:
            f.seek(self._offset)
            data = f.read()
        cut = data.rfind(b"\n") + 1
        self._offset += cut
        raw = [line for line in data[:cut].decode(errors="replace").split("\n") if _raw_controls(line)]
        for line in raw:  # the hub writes every line canonical: a raw control character is a breach
            self.violate("names_kept", f"a journal line with raw control characters: {line!r}")
        for line in () if raw else record_lines(data[:cut]):  # the one reading refuses such a journal outright
            self._journal_line(line.split())

    def _journal_line(self, words):
        if not words:
            return
        if words[0] == "seats":
            self._seats = words[1:]
            paired = getattr(self.table, "paired_names", None)
            strangers = [name for name in self._seats if paired is not None and name not in paired()]
            if strangers:
                self.violate("names_kept", f"seated under a name no cup was paired as: {', '.join(strangers)}")
        elif words[:2] == ["#@", "round"]:
            self._new_deal(int(words[2]), words[3], words[4])
        elif words[:2] == ["#@", "commit"]:
            self._commits[(self._deal, words[2])] = bytes.fromhex(words[3])
        elif words[:2] == ["#@", "entropy"]:
            self._entropy(words[2], bytes.fromhex(words[3]))
        elif words[:2] == ["#@", "seed"]:
            self._seed[words[2]] = bytes.fromhex(words[3])
        elif words[0] == "reroll":
            self._reroll(words[1])
        elif words[0] == "retire":  # the host's decision, or the hub's after a lying reveal: the round starts over
            self._first = {}
        elif words[0] == "roll":
            self._revealed(words[1], bytes(int(d) for d in words[2:]))

    def _new_deal(self, round_, deal, nonce):
        round_, self._deal = int(round_), int(deal.split("=")[1])
        self._nonces[self._deal] = bytes.fromhex(nonce.split("=")[1])
        if round_ != self._round:
            self._round, self._first = round_, {}

    def _entropy(self, name, entropy):
        digest = self._commits.get((self._deal, name))
        first = self._first.setdefault(name, (self._deal, digest, entropy))
        if first[0] == self._deal:
            return
        if self._deal not in self._flagged:  # once per re-deal, however many seats it rolled again
            self._flagged.add(self._deal)
            self.violate("dice_fixed", f"round {self._round}: {name} (and the table) shown a new roll, deal "
                                        f"{self._deal} after deal {first[0]}, without the host's consent")
        self._first[name] = (self._deal, digest, entropy)  # the reveals are checked against the roll shown last

    def _reroll(self, name):
        self.rerolls += 1
        if self.table.consents > self._consented:
            self._consented += 1
            self._first = {}
            return
        self.violate("consent", f"round {self._round} re-dealt for {name} ({self.rerolls} re-deals, "
                                 f"{self.table.consents} consents)")

    def _revealed(self, name, dice):
        first = self._first.get(name)
        seed = self._seed.get(name)
        if first is None or seed is None or name not in self._seats:
            return
        deal, digest, entropy = first
        seat = self._seats.index(name)
        nonce = self._nonces[deal]
        fixed = bytes(fair_dice.roll(seed, nonce, seat, entropy, len(dice))) if digest is not None and \
            commitment.verify(digest, nonce, seat, len(dice), seed) else None
        if fixed != dice:
            self.violate("dice_fixed", f"round {self._round}: {name} revealed {' '.join(map(str, dice))}, not the "
                                        "dice of its first commitment and entropy this round")

    # -- no effect from an unkeyed frame ------------------------------------------------------------------------------
    def _state(self, paired):
        """Everything a stranger's frame must leave as it was: the table, and the cups that were paired (`paired`:
        one flag a cup). A cup holding no session (one that has just reset) can't tell a stranger's challenge from
        its hub's, and answering it changes nothing at the table: the hub pairs only a proof it asked for."""
        hub = self.table.hub
        seats = tuple((seat.conn, seat.conn and seat.conn.link.session, seat.conn and seat.conn.pairing,
                       seat.conn and seat.conn.hello) for seat in hub.seats)
        cups = tuple((cup.link.session, cup.cup.state, cup.cup.seat, cup.cup.mode.deal, cup.dice()) if was else None
                     for cup, was in zip(self.table.game.cups, paired))
        deal = getattr(hub.round, "deal", None)
        return (hub.phase_shown, hub.paused, hub.state, self.table.deal_id(), deal and dict(deal.commits),
                hub.journal and hub.journal.path.stat().st_size, seats, cups)

    def unkeyed(self, what, deliver):
        paired = [cup.link.session is not None for cup in self.table.game.cups]
        before = self._state(paired)
        try:
            deliver()
        except Exception as error:  # noqa: BLE001
            self.died(error)
            return
        after = self._state(paired)
        # Connections and sessions have no __eq__: a new one is a change.
        changed = [name for name, was, now in zip(_STATE_PARTS, before, after) if was != now]
        if changed:
            self.violate("unkeyed", f"{what} changed {', '.join(changed)}")
        self.check()

    def _check_honest_lines(self):
        """No honest cup resets or re-pairs on its own here: a new connection or session on its line came from a
        frame nobody keyed. A reply of theirs written to the stranger's stream never reached the hub."""
        table = self.table
        if not table.playing():
            return
        honest = [(seat, cup) for seat, cup in zip(table.hub.seats, table.game.cups) if cup is not table.rogue]
        owned = tuple((seat.conn, seat.conn.link.session, cup.link.session) for seat, cup in honest)
        if self._lines_owned is None:
            self._lines_owned = owned
            self._diverted = [0] * len(honest)
        for (seat, cup), was, now in zip(honest, self._lines_owned, owned):
            if not all(a is b for a, b in zip(was, now)):
                self.violate("unkeyed", f"{seat.name}'s line paired again (a new session) though its cup never "
                                         "reset")
        for i, (seat, cup) in enumerate(honest):
            if cup.board.diverted > self._diverted[i]:
                self.violate("unkeyed", f"{seat.name}'s cup sent {cup.board.diverted - self._diverted[i]} frames "
                                         "meant for its hub on the stranger's stream")
                self._diverted[i] = cup.board.diverted
        self._lines_owned = owned

    # -- prompt reveals -------------------------------------------------------------------------------------------------
    def _check_reveals(self):
        """The last cup to reveal, once every other seat has, reveals or is dropped within late_reveal_wait (a
        check comes after each step, so the wait is seen at most one step late: never counted too soon)."""
        hub, now = self.table.hub, self.table.game.clock.now
        deal = getattr(hub.round, "deal", None)
        missing = deal.missing_reveals() if deal is not None and hub.phase_shown == RoundPhase.REVEALING else ()
        awaited = next(iter(missing)) if len(missing) == 1 else None
        if awaited is None or hub.paused or not hub.seats[awaited].connected:
            self._last_reveal = None
            return
        if self._last_reveal is None or self._last_reveal[:2] != (deal.id, awaited):
            self._last_reveal = (deal.id, awaited, now)
            return
        waited = now - self._last_reveal[2]
        if waited > hub.late_reveal_wait + PROMPT_MARGIN:
            self.violate("prompt_reveals", f"deal {deal.id}: {hub.seats[awaited].name}'s reveal awaited {waited:.1f} "
                                           f"s after every other seat's")
            self._last_reveal = (deal.id, awaited, float("inf"))  # once per deal

    def check(self):
        if self.dead:
            return
        self._read_journal()
        self._check_honest_lines()
        self._check_progress()
        self._check_reveals()


def _raw_controls(text: str) -> bool:
    """Control or format characters as they are (a terminal's escape, a line break inside a line): plaintext.printable
    shows them as escapes; a tab is a journal's own."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch != "\t" for ch in text)


_STATE_PARTS = ("the phase", "the pause", "the game", "the deal", "the commitments", "the journal",
                "a seat's link (connection, session, pairing, hello)", "a cup (session, state, seat, deal, dice)")
