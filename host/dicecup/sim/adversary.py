"""Attackers for a whole in-process table (sim/tablesim.py: the real hub, real cupcore cups on a virtual clock), and
the harness that checks the invariants they must never break. tests/adversary and bench/adversary.py share it.

The cups here are boards as far as cupcore can tell: its Runner (Cup, Link, pairing, the choice of stream replies go
back on) over a board with two byte streams, the cable to the hub and a radio a stranger can reach (BLE).

- RogueCup: a keyed cup built from the same code, whose owner edited it: at any moment it says HELLO again on its
  live line (forgetting its deal, or not), resets (a new link; the deal kept or forgotten), comes back from a reset
  under another player's name or one holding a terminal's escapes, sends a second COMMIT, reveals other dice than
  its seed gives, or holds its reveal back 13 s. Every frame it sends carries its real key.
- Stranger: no key. Plain frames of every type, on a paired line to the hub, or over the radio to a paired cup.
- Watch (sim/watch.py): the four invariants, checked after every step.

    table = AdversaryTable(seed=3)
    table.rogue.hello_again(forget=True); table.play(2.0)
    table.watch.violations      # {"consent": ["..."], ...}
"""
import os
import random

from cupcore import wire
from cupcore.board import BoardBase
from cupcore.facecup import FacesMode
from cupcore.runner import Runner, pair

from dicecup.boards.sim.simboard import SeededSource
from dicecup.hub.phases import TablePhase
from dicecup.rules import Rules
from dicecup.sim.tablesim import BUTTONS, GESTURES, SimGame
from dicecup.sim.watch import STALL, Watch

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

    def __init__(self, *args, claimed=None, **kwargs):
        self.claimed = claimed    # the name it gives in its HELLO, when not its own (impersonate)
        super().__init__(*args, **kwargs)
        self.lie_at_reveal = False
        self.reveal_late = None   # seconds it holds its next reveal back (late_reveal)
        self.later = None         # later(when, fn, arg): the game's own schedule, set by the table
        # what it did, in order: the minimal example a violation is reported with
        self.attacks = [f"says it is {claimed!r} at seating"] if claimed else []
        self._tamper()

    def _boot(self):
        return Runner(self.board, self.cup_id, self.claimed or self.name, clock=self.clock.ms, source=self.source,
                      key=self.key)

    def _tamper(self):
        """The cup's sends pass through the owner's edit (a reveal's dice changed while lying, or held back)."""
        honest = self.cup.send

        def send(mtype, values=()):
            if mtype == wire.REVEAL and self.lie_at_reveal:
                values = (values[0], bytes(d % 6 + 1 for d in values[1]), *values[2:])  # other dice, the real seed
            if mtype == wire.REVEAL and self.reveal_late is not None and self.later is not None:
                wait, self.reveal_late = self.reveal_late, None
                self.later(self.clock.now + wait, lambda _: honest(mtype, values), None)
                return True
            return honest(mtype, values)

        self.cup.send = send

    def impersonate(self, name):
        """A reset that comes back saying it is `name` (another seat's player, or a name holding a terminal's
        escapes): its key is its own, so it pairs; the name is not the one it was paired under."""
        self.attacks.append(f"reset, saying it is {name!r}")
        self.claimed = self.cup.name = name  # the kept cup says hello with it too
        self.reset(keep=True)

    def own_name_again(self):
        """Refused under another name, its owner gives up: a reset under the name it was paired as."""
        self.attacks.append("reset under its own name")
        self.claimed = None
        self.cup.name = self.name
        self.reset(keep=True)

    def late_reveal(self, seconds=13.0):
        """Its next reveal held back `seconds` (under the hub's 15 s answer timeout), to hold the call that long."""
        self.attacks.append(f"holds its next reveal {seconds:g} s")
        self.reveal_late = seconds

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

    def __init__(self, seed, cups=3, rules=RULES, data=None, impostor=None):
        """impostor: the name the rogue cup gives when it first says hello (another player's), if not its own."""
        self.rogue_name = f"cup{cups}"

        def make_cup(name, *args, **kwargs):
            if name != self.rogue_name:
                return BoardCup(name, *args, **kwargs)
            return RogueCup(name, *args, claimed=impostor, **kwargs)

        self.game = SimGame(Rules.parse(rules), seed=seed, cups=cups, data=data, make_cup=make_cup, think=THINK)
        self.rogue = self.game.cups[-1]
        self.rogue.later = self.game.at
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
        """The last attacks, for a violation's report (a table with other attackers says its own: sim/phonetable)."""
        return self.rogue.attacks[-4:] + self.stranger.sent[-3:]

    def paired_names(self):
        """The names the hub paired its cups under: the only names that may sit."""
        return {cup.name for cup in self.game.cups}

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


# -- adversarial games, for the bench -----------------------------------------------------------------------------------
ROGUE_ATTACKS = ("hello_forgetting", "hello_keeping", "reset_forgetting", "reset_keeping", "second_commit", "lie",
                 "impersonate", "escapes", "late_reveal")
ESCAPES = "\x1b]0;pwned\x07\x1b[2J"  # retitles the host's terminal, then clears it
IMPOSTORS = (None, None, "alice", "ev" + ESCAPES)  # the name a rogue gives at seating: its own, or not


def rogue_attack(table, name):
    rogue = table.rogue
    {"hello_forgetting": lambda: rogue.hello_again(True), "hello_keeping": lambda: rogue.hello_again(False),
     "reset_forgetting": lambda: rogue.reset(False), "reset_keeping": lambda: rogue.reset(True),
     "second_commit": rogue.second_commit, "lie": rogue.lie,
     "impersonate": lambda: rogue.impersonate(table.game.cups[0].name),
     "escapes": lambda: rogue.impersonate("ev" + ESCAPES), "late_reveal": rogue.late_reveal}[name]()
    table.watch.check()


def play_adversarial_game(seed, steps=100, data=None, attackers=("rogue", "stranger")):
    """One game with the rogue cup and the stranger acting at random moments (`seed` fixes them); the table's Watch
    afterwards, its violations counted per invariant."""
    rng = random.Random(f"adversary {seed}")
    impostor = rng.choice(IMPOSTORS) if "rogue" in attackers else None
    table = AdversaryTable(seed=seed, data=data, impostor=impostor)
    try:
        for _ in range(steps):
            if table.over():
                break
            if not table.playing():
                seat_the_impostor(table)
                table.play(0.01)
            elif table.hub.paused and rng.random() < 0.3:
                host_acts(table)
            else:
                attack_or_play(table, rng, attackers)
        finish(table)
        return table.watch
    finally:
        table.close()


def seat_the_impostor(table):
    """A rogue that gave another name at seating and was refused comes back under its own, so the game begins."""
    rogue = table.rogue
    if rogue.claimed and any("not seated" in text and "paired as" in text for _, text in table.watch.said):
        rogue.own_name_again()


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
