"""Attackers for a whole in-process table (sim/tablesim.py: the real hub, real cupcore cups on a virtual clock), and
the invariants they must never break (issue 24). tests/adversary and bench/adversary.py share it.

The cups here are boards as far as cupcore can tell: its Runner (Cup, Link, pairing, the choice of stream replies go
back on) over a board with two byte streams, the cable to the hub and a radio a stranger can reach (BLE).

- RogueCup: a keyed cup built from the same code, whose owner edited it: at any moment it says HELLO again on its
  live line (forgetting its deal, or not), resets (a new link; the deal kept or forgotten), sends a second COMMIT,
  reveals other dice than its seed gives. Every frame it sends carries its real key.
- Stranger: no key. Plain frames of every type, on a paired line to the hub, or over the radio to a paired cup.
- Watch: the invariants, checked after every step:
    dice_fixed      a seat's dice in a round are a fixed function of its first commitment and the hub's entropy
                    for that round (a new entropy for another commitment in the same round is a new roll shown)
    consent         no re-deal without the host's consent: the journal's `reroll` lines against the `reroll NAME`
                    the host typed when the table asked
    unkeyed         no effect from an unkeyed frame: the table, every seat's sessions and every cup's deal are as
                    they were, no honest line pairs again, no cup's replies go to the stranger's stream
    never_stops     no exception, and never stalled: the table either progresses or is paused with a stated reason
                    for the host

    table = AdversaryTable(seed=3)
    table.rogue.hello_again(forget=True); table.play(2.0)
    table.watch.violations      # {"consent": ["..."], ...}
"""
import os
import random
from pathlib import Path

from cupcore import commit as commitment
from cupcore import dice as fair_dice
from cupcore import wire
from cupcore.board import BoardBase
from cupcore.facecup import FacesMode
from cupcore.runner import Runner, pair

from dicecup.boards.sim.simboard import SeededSource
from dicecup.hub.phases import TablePhase
from dicecup.hub.snapshot import Said
from dicecup.rules import Rules
from dicecup.sim.tablesim import BUTTONS, GESTURES, SimGame

INVARIANTS = ("dice_fixed", "consent", "unkeyed", "never_stops")
STALL = 40.0  # virtual seconds without a journal line or a change of phase: past a cup's answer timeout (15 s), a
              # drop and the port opened again
# Short games (about 7 rounds), with the turn clock on: it is what moves a table on past a player who won't act (a
# rogue that threw its own dice away and sits on its turn has no dice to lose but its turn), within STALL.
RULES = "dudo dice=3 clock=30"
THINK = 0.5  # seconds a player takes over a turn: a round's bidding lasts long enough to be attacked
MESSAGE_TYPES = tuple(sorted(wire.LAYOUTS))  # a stranger sends any of them, either way


# -- a board with two streams -----------------------------------------------------------------------------------------
class _Pixels(list):
    def write(self):
        pass


class Stream:
    """One of a board's byte links: bytes handed to it wait for the Runner's next poll."""

    def __init__(self, write):
        self.write = write
        self.waiting = b""

    def arrive(self, data):
        self.waiting += bytes(data)

    def poll(self, feed):
        data, self.waiting = self.waiting, b""
        if data:
            feed(data, len(data))


class TwoStreamBoard(BoardBase):
    """A board whose cup is reached over the cable (the hub) and over a radio anyone nearby can write to. A reply the
    cup writes on the radio while no stranger is talking to it is `diverted`: its hub never gets it."""

    name = "sim"

    def __init__(self, clock, to_hub):
        super().__init__(clock, _Pixels([(0, 0, 0)] * 5), 5)
        self.cable = Stream(to_hub)
        self.radio = Stream(self._on_radio)
        self.streams = [self.cable, self.radio]
        self.stranger_talking = False
        self.to_stranger = []   # frames the cup sent a stranger in answer
        self.diverted = 0

    def _on_radio(self, data):
        if self.stranger_talking:
            self.to_stranger.append(bytes(data))
        else:
            self.diverted += 1


class BoardCup:
    """A cup as a board runs it (cupcore.runner.Runner), where tablesim's SimCup has only the Cup and its Link.
    Bots press its buttons as they press a SimCup's."""

    def __init__(self, name, cup_id, seed, clock, wire_out, key=None):
        self.name, self.cup_id, self.key, self.clock = name, cup_id, key, clock
        self.board = TwoStreamBoard(clock.ms, wire_out.write)
        self.source = SeededSource(seed)
        self.runner = self._boot()
        self.decided = None
        self.resets = 0

    def _boot(self):
        return Runner(self.board, self.cup_id, self.name, clock=self.clock.ms, source=self.source, key=self.key)

    @property
    def cup(self):
        return self.runner.cup

    @property
    def link(self):
        return self.runner.link

    @property
    def crashes(self):
        return self.runner.crashes

    def feed(self, data):
        self.board.cable.arrive(data)
        self.runner.step(self.clock.ms())

    def hear_stranger(self, data):
        """Bytes from a stranger's radio; returns what the cup answered on it."""
        self.board.stranger_talking, before = True, len(self.board.to_stranger)
        try:
            self.board.radio.arrive(data)
            self.runner.step(self.clock.ms())
        finally:
            self.board.stranger_talking = False
        return self.board.to_stranger[before:]

    def press(self, button, gesture):
        self.cup.gesture(BUTTONS[button], GESTURES[gesture])

    def dice(self):
        return tuple(self.cup.mode.held())


class RogueCup(BoardCup):
    """A cup whose owner edited its firmware, with its real key: every frame it sends is authentic."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lie_at_reveal = False
        self.attacks = []   # what it did, in order: the minimal example a violation is reported with
        self._tamper()

    def _tamper(self):
        """The cup's sends pass through the owner's edit (a reveal's dice changed while lying)."""
        honest = self.cup.send

        def send(mtype, values=()):
            if mtype == wire.REVEAL and self.lie_at_reveal:
                values = (values[0], bytes(d % 6 + 1 for d in values[1]), *values[2:])  # other dice, the real seed
            return honest(mtype, values)

        self.cup.send = send

    def hello_again(self, forget):
        """HELLO on its live line; `forget`: the deal dropped first (a fresh mode), so the deal sent again after the
        welcome is answered with a fresh seed."""
        self.attacks.append(f"hello again{' forgetting its deal' if forget else ''}")
        if forget:
            self.cup.play(FacesMode)
        self.cup.hello()

    def reset(self, keep):
        """The reset button: a new link (its session gone), HELLO unasked as a Pico says it. `keep`: the cup comes
        back with its deal (as a board that keeps it in flash), else it forgets it."""
        self.attacks.append(f"reset {'keeping' if keep else 'forgetting'} its deal")
        self.resets += 1
        kept = self.cup
        self.runner = self._boot()
        if keep:
            kept.send = self.cup.send  # the old cup's deal, seat and state, on the new link
            self.runner.cup = kept
            pair(kept, self.link, self.key)
        self._tamper()
        self.cup.hello()

    def second_commit(self):
        self.attacks.append("a second commit")
        self.cup.send(wire.COMMIT, (max(self.cup.mode.deal, 0), os.urandom(32)))

    def lie(self):
        self.attacks.append("lies at its next reveal")
        self.lie_at_reveal = True


# -- a stranger without a key -----------------------------------------------------------------------------------------
class Stranger:
    """Plain frames, well formed, of any type, with values drawn from `rng`, biased to what the table knows (the deal
    in progress, a seated cup's id, a bid that raises) so they reach past the first checks."""

    def __init__(self, table):
        self.table = table
        self.sent = []

    def values(self, rng, mtype):
        out = []
        for field, code in zip(_fields(mtype), wire.LAYOUTS[mtype]):
            out.append(self._value(rng, mtype, field, code))
        return tuple(out)

    def _value(self, rng, mtype, field, code):
        table = self.table
        if field == "deal" and rng.random() < 0.8:
            return table.deal_id()
        if field == "cup_id":
            return rng.choice([rng.randrange(2 ** 32)] + [cup.cup_id for cup in table.game.cups])
        if mtype == wire.INTENT and field == "kind":
            return rng.choice((wire.BID, wire.BID, wire.LIAR, wire.SPOT, wire.READY))
        if mtype == wire.INTENT and field in ("qty", "face"):
            return rng.randrange(1, 5) if field == "qty" else rng.randrange(2, 7)
        if mtype == wire.HELLO and field == "proto":
            return wire.VERSION
        if code in "Bb":
            return rng.randrange(256) if code == "B" else rng.randrange(-128, 128)
        if code == "H":
            return rng.randrange(65536)
        if code == "I":
            return rng.randrange(2 ** 32)
        if code in "nak":
            return rng.randbytes({"n": 8, "a": 16, "k": 32}[code])
        if code == "d":
            return bytes(rng.randrange(1, 7) for _ in range(rng.randrange(1, 6)))
        return "".join(rng.choice("abcxyz-") for _ in range(rng.randrange(1, 9)))

    def frame(self, rng, mtype):
        return self.values(rng, mtype), rng.randrange(1, 256) if wire.is_reliable(mtype) else 0, rng.randrange(256)

    def to_hub(self, rng, index, mtype):
        """A plain frame of `mtype`, values drawn from `rng`, on seat `index`'s line to the hub."""
        return self.tell_hub(index, mtype, *self.frame(rng, mtype))

    def to_cup(self, rng, index, mtype):
        """A plain frame of `mtype`, values drawn from `rng`, over the radio to seat `index`'s cup."""
        return self.tell_cup(index, mtype, *self.frame(rng, mtype))

    def tell_hub(self, index, mtype, values, seq=1, ack=0):
        """A plain frame on seat `index`'s line, as if the stranger were on its cable."""
        conn = self.table.game.conns[index]
        if conn.down:
            return
        frame = wire.encode(mtype, values, seq, ack)
        self.sent.append(f"to the hub on seat {index + 1}'s line: {_name(mtype)} {_shown(values)}")
        self.table.watch.unkeyed(self.sent[-1], lambda: self.table.hub.handle(("bytes", conn, frame)))

    def tell_cup(self, index, mtype, values, seq=1, ack=0):
        """A plain frame over the radio to seat `index`'s cup."""
        frame = wire.encode(mtype, values, seq, ack)
        self.sent.append(f"over the radio to cup {index + 1}: {_name(mtype)} {_shown(values)}")
        cup = self.table.game.cups[index]
        self.table.watch.unkeyed(self.sent[-1], lambda: cup.hear_stranger(frame))


def _shown(values):
    return " ".join(value.hex()[:8] + "…" if isinstance(value, bytes) and len(value) > 6 else
                    "".join(map(str, value)) if isinstance(value, bytes) else str(value) for value in values)


def _fields(mtype):
    from cupcore import wirenames

    return wirenames.MESSAGES[mtype][1]


def _name(mtype):
    from cupcore import wirenames

    return wirenames.name_of(mtype)


# -- the table with its attackers --------------------------------------------------------------------------------------
class AdversaryTable:
    """A game of `cups` board cups, the last a RogueCup, a Stranger beside it, a host who consents to a re-deal only
    when the table asks, and the Watch on all of it."""

    def __init__(self, seed, cups=3, rules=RULES, data=None):
        self.rogue_name = f"cup{cups}"

        def make_cup(name, *args, **kwargs):
            return (RogueCup if name == self.rogue_name else BoardCup)(name, *args, **kwargs)

        self.game = SimGame(Rules.parse(rules), seed=seed, cups=cups, data=data, make_cup=make_cup, think=THINK)
        self.rogue = self.game.cups[-1]
        self.stranger = Stranger(self)
        self.consents = 0
        self.watch = Watch(self)

    @property
    def hub(self):
        return self.game.hub

    def deal_id(self):
        deal = getattr(self.hub.round, "deal", None)
        return deal.id if deal is not None else 0

    def recent_attacks(self):
        """The last attacks, for a violation's report (a table with other attackers says its own: sim/roguephone)."""
        return self.rogue.attacks[-4:] + self.stranger.sent[-3:]

    def playing(self) -> bool:
        return self.hub.phase != TablePhase.SEATING

    def over(self) -> bool:
        return self.hub.finished or self.watch.dead

    def play(self, seconds):
        """Let the table and its honest players run for `seconds` of virtual time; then check every invariant."""
        if self.over():
            return
        try:
            self.game.run(limit=self.game.clock.now + seconds, grace=0.0)
        except Exception as error:  # noqa: BLE001 - the invariant: nothing any attacker sends stops the table
            self.watch.died(error)
        self.watch.check()

    def host_consents(self):
        """The host types `reroll NAME` for the seat the table asks about, if it asks; True if typed."""
        name = self.watch.asked_reroll_for()
        if name is None:
            return False
        self.consents += 1
        self.hub.handle(("command", f"reroll {name}"))
        self.watch.check()
        return True

    def host_retires_rogue(self):
        """A table paused on the rogue for long: the host takes its seat out, so the game goes on."""
        state = self.hub.state
        name = self.hub.seats[-1].name
        if state is not None and self.hub.paused and name in state.seats and state.alive[state.seats.index(name)]:
            self.hub.handle(("command", f"retire {name}"))
            self.hub.handle(("command", "yes"))
            self.watch.check()

    def close(self):
        self.game.close()


# -- the invariants ----------------------------------------------------------------------------------------------------
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

    def _heard(self, item):
        if isinstance(item, Said):
            self.said.append((self.table.game.clock.now, item.text))

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
        marker = (journal, hub.phase, hub.paused, self.table.deal_id())
        if self._progress is None or self._progress[0] != marker:
            self._progress, self._stalled = (marker, now), False
            return
        if hub.finished or self._stalled or now - self._progress[1] < STALL:
            return
        if hub.paused and self._reason_since(hub.paused_since):
            return
        self._stalled = True
        self.violate("never_stops", f"stalled for {now - self._progress[1]:.0f} s in {hub.phase.name}, "
                                     f"{'paused' if hub.paused else 'not paused'}, with no reason stated for the host")

    def _reason_since(self, since):
        """A line said since the pause that tells the host what to type."""
        return any("type `" in text for when, text in self.said if when >= since)

    def asked_reroll_for(self):
        """The seat the table asks the host about re-dealing (`reroll NAME` in its last lines), or None."""
        if not self.table.hub.paused or self.table.hub.state is None:
            return None
        for _, text in reversed(self.said[-5:]):
            for name in self.table.hub.state.seats:
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
        for line in data[:cut].decode().splitlines():
            self._journal_line(line.split())

    def _journal_line(self, words):
        if not words:
            return
        if words[0] == "seats":
            self._seats = words[1:]
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
        return (hub.phase, hub.paused, hub.state, self.table.deal_id(), deal and dict(deal.commits),
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

    def check(self):
        if self.dead:
            return
        self._read_journal()
        self._check_honest_lines()
        self._check_progress()


_STATE_PARTS = ("the phase", "the pause", "the game", "the deal", "the commitments", "the journal",
                "a seat's link (connection, session, pairing, hello)", "a cup (session, state, seat, deal, dice)")


# -- adversarial games, for the bench -----------------------------------------------------------------------------------
ROGUE_ATTACKS = ("hello_forgetting", "hello_keeping", "reset_forgetting", "reset_keeping", "second_commit", "lie")


def rogue_attack(table, name):
    rogue = table.rogue
    {"hello_forgetting": lambda: rogue.hello_again(True), "hello_keeping": lambda: rogue.hello_again(False),
     "reset_forgetting": lambda: rogue.reset(False), "reset_keeping": lambda: rogue.reset(True),
     "second_commit": rogue.second_commit, "lie": rogue.lie}[name]()
    table.watch.check()


def play_adversarial_game(seed, steps=100, data=None, attackers=("rogue", "stranger")):
    """One game with the rogue cup and the stranger acting at random moments (`seed` fixes them); the table's Watch
    afterwards, its violations counted per invariant."""
    rng = random.Random(f"adversary {seed}")
    table = AdversaryTable(seed=seed, data=data)
    try:
        for _ in range(steps):
            if table.over():
                break
            if not table.playing():
                table.play(0.01)
            elif table.hub.paused and rng.random() < 0.3:
                host_acts(table)
            else:
                attack_or_play(table, rng, attackers)
        finish(table)
        return table.watch
    finally:
        table.close()


def attack_or_play(table, rng, attackers):
    roll = rng.random()
    if roll < 0.6:
        table.play(rng.choice((0.01, 0.03, 0.1, 0.3, 1.0)))
    elif "rogue" in attackers and roll < 0.75:
        rogue_attack(table, rng.choice(ROGUE_ATTACKS))
    elif "stranger" in attackers:
        index = rng.randrange(len(table.game.cups))
        if rng.random() < 0.5:
            table.stranger.to_hub(rng, index, rng.choice(MESSAGE_TYPES))
        else:
            table.stranger.to_cup(rng, index, rng.choice(MESSAGE_TYPES))
    else:
        table.play(0.1)


def finish(table, limit=300.0):
    """The attackers stop; the table plays on to the end (the host answering when it is asked), or it stalls."""
    end = table.game.clock.now + limit
    while not table.over() and table.game.clock.now < end:
        if table.hub.paused:
            host_acts(table)
        else:
            table.play(5.0)


def host_acts(table):
    """The host answers a paused table: consents to the re-deal it asks about, or else, after a long wait, takes the
    rogue's seat out."""
    if not table.host_consents():
        table.play(STALL + 1)
        table.host_retires_rogue()
