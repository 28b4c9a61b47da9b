"""A table in this process, played frame by frame: the real Table and its CupConnections, an in-memory cable per
cup, a fake clock the test moves on, and cups whose side the test plays by hand with cupcore's own codec and Link.
What crosses each cable is kept as readable lines, in the order it happened:

    t = Transcript("dudo dice=2", tmp_path)
    ana, ben = t.cup("ana"), t.cup("ben")
    t.seat(ana, ben)
    ana.heard()        # ['hub → ana: who', ..., 'hub → ana: deal 1 dice=2 nonce=…']
    ana.commit()       # ana's cup draws a seed and sends its commitment for the deal it was sent
    t.journal()        # the journal lines since the last look, long hex cut to … ('#@ commit ana …')

Nothing here runs a thread, a process or a sleep: bytes move when the test acts, and time moves when it says
`t.clock.advance(15)`. HandCup knows the fair-dice arithmetic (a commitment, the dice from seed and entropy, a
poker die's seed from its round secret) but no rules: what it sends is what the test tells it to.
"""
import re
from pathlib import Path

from cupcore import commit as commitment
from cupcore import dice as fair_dice
from cupcore import pokercup, vouch, wire, wirenames
from cupcore import session as sessions
from cupcore.link import Link
from dicecup.hub.chance import Chance
from dicecup.hub.keyring import Keyring
from dicecup.hub.table import Table
from dicecup.link.transport import Transport
from dicecup.registry import FILENAME as REGISTRY, RegisteredCup, Registry
from dicecup.rules import Rules
from dicecup.sim.tablesim import Clock, SimConnection

REASONS = {code: name.lower() for name, code in vars(wirenames).items()
           if name.isupper() and isinstance(code, int) and code in wirenames.REASONS}
CUES = {code: name[4:].lower() for name, code in vars(wire).items() if name.startswith("CUE_")}
STATUS = {wire.PLAYING: "playing", wire.OUT: "out", wire.WON: "won"}


def describe(mtype, values) -> str:
    """A message as a transcript writes it: `deal 1 dice=2 nonce=…`, `intent 1 bid qty=2 face=5`, `cue call`.
    Raw bytes are … (a test that needs them reads the message itself); a reveal's dice are written out."""
    words = [wirenames.name_of(mtype)]
    if mtype == wire.INTENT and values[1] in (wire.PBID, wire.PBID_LEFT, wire.PBID_RIGHT):
        return f"intent {values[0]} {wirenames.INTENTS[values[1]]} {hand_of(values[2] << 8 | values[3])}"
    for field, value in zip(wirenames.fields_of(mtype), values):
        if field == "deal":
            words.append(str(value))
        elif field == "kind" and mtype == wire.REFUSE and values[2] == wirenames.BAD_REVEAL:
            words.append(wirenames.name_of(value))  # a refused REVEAL or OPEN: the kind is the message's type
        elif field == "kind":
            words.append(wirenames.INTENTS.get(value, str(value)))
        elif field == "reason":
            words.append(REASONS.get(value, str(value)))
        elif field == "cue":
            words.append(CUES.get(value, str(value)))
        elif field == "standing":
            words.append(f"standing={hand_of(value)}")
        elif field == "arg" and value == 0:
            continue
        elif field == "status":
            words.append(STATUS.get(value, str(value)))
        elif field == "dice" and isinstance(value, bytes):
            words.append("dice=" + "".join(map(str, value)))
        elif isinstance(value, bytes):
            words.append(f"{field}=…")
        else:
            words.append(f"{field}={value}")
    return " ".join(words)


def hand_of(code) -> str:
    """A poker bid's code as its hand (`KK`), `-` for none, as pokercup.hand_dice reads it."""
    if code == pokercup.NO_BID:
        return "-"
    return "".join("9TJQKA"[face - 1] for face in pokercup.hand_dice(code, bytearray(5)) if face) or "junk"


class FakeClock(Clock):
    """tablesim's virtual clock (seconds for the hub, ms for the links), moved on only by the test."""

    def advance(self, seconds):
        self.now += seconds


class Cable(Transport):
    """The hub's end of an in-memory cable: what the hub writes waits for the cup in `to_cup`, and is written in
    the log as the hub sends it (acks left out: the link's business, not the game's)."""

    kind = "mem"

    def __init__(self, name, log):
        super().__init__(name)
        self.to_cup, self.to_hub = [], []
        self.log, self.decoder = log, wire.Decoder()
        self.acks = 0  # bare ACKs the hub sent

    def write(self, data):
        self.to_cup.append(bytes(data))
        for byte in data:
            if not self.decoder.push(byte):
                continue
            if self.decoder.type == wire.ACK:
                self.acks += 1
            else:
                values = wire.unpack_body(self.decoder.type, self.decoder.body)
                self.log.append(f"hub → {self.target}: {describe(self.decoder.type, values)}")

    def read(self, timeout):
        return b""


class HandCup:
    """One cup's side, played by the test: cupcore's Link (its sequencing, acks and, paired, its authentication),
    and the messages sent and heard, as lines."""

    def __init__(self, transcript, name, cup_id, key=None):
        self.t, self.name, self.cup_id, self.key = transcript, name, cup_id, key
        self.inbox = []       # (mtype, values) heard and not yet read with heard()
        self.last = {}        # mtype -> the latest values heard of it
        self.frames = []      # every frame this cup put on the wire, as bytes (to replay one)
        self.seed = None      # the seed committed to at the last deal
        self.secret = None    # poker: the round secret every die's seed comes from
        self.rolls = []       # poker: (sub-deal, mask, nonce, entropy) of every roll, for the round secret's tag
        self.plug()

    def plug(self):
        """A new cable and a new connection at the hub (a cup plugged in, or back after a drop)."""
        self.cable = Cable(self.name, self.t.log)
        self.link = Link(self._write, self._heard, clock=self.t.clock.ms)
        self.conn = SimConnection(self.cable, self.t.clock, keys=self.t.keyring or self.t.keys.get)
        self.conn.report_to(self.t)  # a connection the hub gives up on reports itself down, as its reader would
        self.t.table.add_connection(self.conn)
        self.t.pump()

    # -- the wire --------------------------------------------------------------------------------------------
    def _write(self, frame):
        self.frames.append(bytes(frame))
        self.cable.to_hub.append(bytes(frame))

    def _heard(self, mtype, values):
        self.inbox.append((mtype, values))
        self.last[mtype] = values
        if mtype == wire.ENTROPY and self.last.get(wire.PDEAL, (None,))[0] == values[0]:
            self.rolls.append((*self.last[wire.PDEAL], values[1]))  # a poker roll: what the round secret vouches for
        if mtype == wire.CHALLENGE and self.key is not None:
            self._prove(values[0])

    def _prove(self, hub_nonce):
        cup_nonce = bytes(range(16))
        self.t.log.append(f"{self.name} → hub: proof")
        self.link.send(wire.PROOF, (cup_nonce, sessions.proof(self.key, hub_nonce, cup_nonce, self.cup_id)))
        self.link.session = sessions.Session(sessions.session_key(self.key, hub_nonce, cup_nonce), wire.TO_HUB)

    def send(self, mtype, *values):
        """One message from this cup, as its firmware would send it; then the table takes what arrived."""
        self.t.log.append(f"{self.name} → hub: {describe(mtype, values)}")
        self.link.send(mtype, values)
        self.t.pump()

    def write_raw(self, frame: bytes):
        """Bytes on the cable as they are: a frame sent before (a replay), a forged or garbled one."""
        self.cable.to_hub.append(bytes(frame))
        self.t.pump()

    def frame_of(self, mtype) -> bytes:
        """The last frame this cup sent of that message type, as it went on the wire."""
        decoder = wire.Decoder()
        return next(frame for frame in reversed(self.frames) if [decoder.push(b) for b in frame][-1] and
                    decoder.type == mtype)

    def heard(self) -> list:
        """What the hub sent this cup since the last look, as lines (`hub → ana: deal 1 dice=2 nonce=…`)."""
        lines = [f"hub → {self.name}: {describe(m, v)}" for m, v in self.inbox]
        self.inbox = []
        return lines

    # -- what a cup does, in the protocol's words -------------------------------------------------------------
    def hello(self, name=None):
        """HELLO with the cup's own name, or the `name` it claims instead."""
        self.send(wire.HELLO, wire.VERSION, 0, 1, self.cup_id, name or self.name, "hand")

    def sit(self):
        self.send(wire.INTENT, 0, wire.READY, 0, 0)

    def commit(self, seed=None):
        """Commit to `seed` (fresh if None: the cup drew again) for the deal it was last sent."""
        deal, count, nonce = self.last[wire.DEAL]
        self.seed = seed or Chance(f"{self.name} {len(self.frames)}").bytes(16)
        self.send(wire.COMMIT, deal, commitment.digest(nonce, self.seat, count, self.seed))

    def commit_again(self):
        """The commitment it holds, sent again (a cup back from a drop that kept its dice)."""
        self.commit(self.seed)

    @property
    def seat(self) -> int:
        return self.last[wire.WELCOME][1]

    def dice(self) -> tuple:
        """What this cup's dice are: its seed and the hub's entropy, by cupcore's own function."""
        deal, count, nonce = self.last[wire.DEAL]
        entropy = self.last[wire.ENTROPY][1]
        return tuple(fair_dice.roll(self.seed, nonce, self.seat, entropy, count))

    def bid(self, text):
        quantity, face = (int(n) for n in text.split("x"))
        self.send(wire.INTENT, self.last[wire.DEAL][0], wire.BID, quantity, face)

    def call(self, kind=wire.LIAR):
        self.send(wire.INTENT, self.last.get(wire.DEAL, (0,))[0], kind, 0, 0)

    def reveal(self, dice=None, tag=None):
        """Answer the hub's REVEAL_REQ with its dice (or the ones given: a lie), the seed and its tag over the deal
        (cupcore/vouch.py; or the one given)."""
        deal, count, nonce = self.last[wire.DEAL]
        facts = vouch.faces_message(nonce, self.seat, count, self.last[wire.ENTROPY][1], self.seed)
        self.send(wire.REVEAL, self.last[wire.REVEAL_REQ][0], bytes(dice or self.dice()), self.seed,
                  vouch.tag(self.key, facts) if tag is None else tag)

    # -- poker dice: the table's one cup ------------------------------------------------------------------------
    def shake(self):
        self.send(wire.INTENT, 0, wire.SHAKE, 0, 0)

    def pcommit(self):
        """Commit to every die of the last PDEAL, each die's seed from the round secret (cupcore's die_seed)."""
        deal, mask, nonce = self.last[wire.PDEAL]
        self.secret = self.secret or Chance(f"{self.name} secret").bytes(16)
        for die in range(1, 6):
            if mask >> (die - 1) & 1:
                seed = pokercup.die_seed(self.secret, deal, die)
                self.send(wire.PCOMMIT, deal, die, commitment.digest(nonce, die, 1, seed))

    def face(self, die) -> int:
        deal, _, nonce = self.last[wire.PDEAL]
        entropy = self.last[wire.ENTROPY][1]
        return fair_dice.roll(pokercup.die_seed(self.secret, deal, die), nonce, die, entropy, 1)[0]

    def open(self, die, face=None):
        """Open one die: its face (or the one given: a lie) and its seed."""
        deal = self.last[wire.PDEAL][0]
        self.send(wire.OPEN, deal, die, face or self.face(die), pokercup.die_seed(self.secret, deal, die), vouch.NO_TAG)

    def open_secret(self, secret=None, tag=None):
        """Answer PCLOSE: the round secret, as an OPEN of die 0, with its tag over every roll made from it since the
        sub-deal the hub names (cupcore/vouch.py; or the tag given)."""
        first, secret = self.last[wire.PCLOSE][0], secret or self.secret
        rolls = vouch.NO_ROLLS
        for deal, mask, nonce, entropy in self.rolls:
            if deal >= first:
                rolls = vouch.roll_step(rolls, deal, mask, nonce, entropy)
        self.send(wire.OPEN, first, 0, 0, secret,
                  vouch.tag(self.key, vouch.poker_message(first, secret, rolls)) if tag is None else tag)

    def pbid(self, hand, way):
        """A poker bid (`KK`, `AAAKK`) passed `left` or `right`, coded as the cup codes it (pokercup.hand_code)."""
        faces = [pokercup_rank(r) for r in hand]
        code = pokercup.hand_code(bytes(faces) + bytes(5 - len(faces)))
        kind = wire.PBID_LEFT if way == "left" else wire.PBID_RIGHT
        self.send(wire.INTENT, 0, kind, code >> 8, code & 0xFF)


def pokercup_rank(char) -> int:
    return "9TJQKA".index(char) + 1


class Transcript:
    """The table, its clock and its journal; cups plugged in with cup()."""

    def __init__(self, rules, data, *, cups=2, bots=(), players=(), seed="transcript", paired=True,
                 registered=False):
        """registered: each cup's key and name go into the data folder's registry, as `dicecup flash` records
        them, and the hub pairs through its Keyring (which knows the names) rather than a bare dict of keys."""
        self.clock = FakeClock()
        self.log = []     # every message either way, in order, as lines
        self.keys = {}    # cup id -> key, for the hub's pairing
        self.paired = paired
        self.data = data
        self.keyring = Keyring(data) if registered else None
        self.cups = []
        self.table = Table(Rules.parse(rules), data=data, chance=Chance(seed), expect_cups=cups, bots=list(bots),
                           players=players, clock=self.clock.seconds)
        self.table.bot_delay = 0.0
        self.table.seating.allow_unpaired = not paired
        self.said = []    # what the table said, in order
        self.table.subscribe(lambda item: hasattr(item, "text") and self.said.append(item.text))
        self._journal_seen = self._log_seen = 0
        self._reported = []  # ("down", conn, why) from connections the hub dropped, for the table to handle

    def cup(self, name) -> HandCup:
        cup_id = len(self.cups) + 1
        key = bytes([cup_id]) * 32 if self.paired else None
        self.keys[cup_id] = key
        if self.keyring is not None:
            with Registry(Path(self.data) / REGISTRY) as registry:
                registry.record(RegisteredCup(cup_id, name, "hand", key.hex()))
        cup = HandCup(self, name, cup_id, key)
        self.cups.append(cup)
        return cup

    def put(self, item):
        self._reported.append(item)

    def pump(self):
        """Move every byte waiting on any cable, and let the table tick, until nothing is left to move."""
        moved = True
        while moved:
            moved = False
            for cup in self.cups:
                cable = cup.cable
                while cable.to_cup or cable.to_hub:
                    moved = True
                    if cable.to_cup:
                        cup.link.feed(cable.to_cup.pop(0))
                    if cable.to_hub:
                        self.table.handle(("bytes", cup.conn, cable.to_hub.pop(0)))
            while self._reported:
                self.table.handle(self._reported.pop(0))
            self.table.tick()
            moved = moved or bool(self._reported)
            moved = moved or any(cup.cable.to_cup or cup.cable.to_hub for cup in self.cups)

    def seat(self, *cups):
        for cup in cups:
            cup.hello()
            cup.sit()

    def type(self, line):
        self.table.handle(("command", line))
        self.pump()

    def drop(self, cup, why="cable pulled"):
        """The cable is pulled: the hub hears its connection is down."""
        self.table.handle(("down", cup.conn, why))
        self.pump()

    def advance(self, seconds):
        self.clock.advance(seconds)
        for cup in self.cups:
            cup.link.tick()
        self.pump()

    def transcript(self) -> list:
        """The messages either way since the last look, as lines: `ana → hub: commit 1 digest=…`."""
        new, self._log_seen = self.log[self._log_seen:], len(self.log)
        return new

    def journal(self) -> list:
        """The journal's lines since the last look, long hex (nonces, digests, entropy) written as …, without the
        hub's signature (a new key each test; tests/history/test_trust.py checks it) and the `#@ seeded` fact (the
        test's table is seeded so that its dice replay; tests/cli/test_seeds.py checks the fact)."""
        lines = [line for line in self.table.journal.path.read_text().splitlines()
                 if not line.startswith(("#@ signed ", "#@ seeded"))]
        new, self._journal_seen = lines[self._journal_seen:], len(lines)
        return [re.sub(r"\b[0-9a-f]{16,}\b", "…", re.sub(r"check=[0-9a-f]+", "check=…", line)) for line in new]
