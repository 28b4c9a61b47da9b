"""A whole table in one process on a virtual clock, for bench/faulty_link.py and tests: the real hub
(dicecup.hub.table.Table with its CupConnections), real cups (cupcore's Cup and Link, the code every board runs,
here under CPython) and between the hub and each cup one line per direction: clean, or a FaultyLine
(dicecup.sim.faulty). Bots press the cups' buttons as the demo's bots do (dicecup.sim.hands.presses_for); the
only stand-ins are the wire (a queue of frames with a fixed latency) and the buttons (gestures handed to the cup
as its gesture code would). The clock is virtual, so a game's retransmits and pauses cost no real time.

    game = SimGame(Rules.parse("dudo"), seed=7, faults=0.05)
    game.run()
    game.summary()      # winner and each round's losers
    game.desyncs()      # [] when hub and every cup agree at the end

A connection the hub drops (a cup that did not answer in time) is reported down as a pulled cable is, and the
cable is plugged back in RECONNECT seconds later: the hub sees a new connection from the same cup, as its
Connections would reopen the port.
"""
import hashlib
import heapq
import random
import shutil
import tempfile

from cupcore import cup as cupmod
from cupcore import wire
from cupcore.gestures import DOUBLE, LONG, PRESS
from cupcore.link import Link
from cupcore.runner import pair

from dicecup.boards.sim.simboard import SeededSource
from dicecup.bots.simple import SimpleBot
from dicecup.bots.view import make_view
from dicecup.hub.chance import Chance
from dicecup.hub.keyring import Keyring
from dicecup.hub.phases import RoundPhase, TablePhase
from dicecup.hub.table import Table
from dicecup.link.peer import CupConnection
from dicecup.link.transport import Transport
from dicecup.rules import Bid
from dicecup.rules.record import record_lines
from dicecup.sim.faulty import FaultyLine
from dicecup.sim.hands import presses_for

LATENCY = 0.002    # seconds a frame takes on the wire (57 bytes at 115200 baud is about 5 ms; BLE is faster)
STEP = 0.01        # the hub's and the cups' loops run every 10 ms, as the hub's run() polls
HOLD = 0.03        # a frame held back for reordering goes out after this long if nothing overtook it
RECONNECT = 0.5    # seconds from a dropped connection to the port open again (run.Connections.retry_every)
BUTTONS = {"a": cupmod.BUTTON_A, "b": cupmod.BUTTON_B}
GESTURES = {"press": PRESS, "double": DOUBLE, "long": LONG}


class Clock:
    def __init__(self):
        self.now = 0.0

    def seconds(self):
        return self.now

    def ms(self):
        return int(self.now * 1000) & ((1 << 30) - 1)  # wraps as cupcore.compat's CPython ticks_ms does


class Wire:
    """One direction: frames written at one end arrive at the other after LATENCY, through `line`."""

    def __init__(self, game, line, receive):
        self.game, self.line, self.receive = game, line, receive
        self.held_since = None

    def write(self, data):
        frames = self.line.send(data) if self.line else [data]
        for frame in frames:
            self.game.at(self.game.clock.now + LATENCY, self.receive, frame)
        if self.line and self.line.holding and self.held_since is None:
            self.held_since = self.game.clock.now
        elif self.line and not self.line.holding:
            self.held_since = None

    def tick(self, now):
        if self.held_since is not None and now - self.held_since >= HOLD:
            self.held_since = None
            for frame in self.line.flush():
                self.game.at(now + LATENCY, self.receive, frame)


class SimTransport(Transport):
    """The hub's side of a simulated cable: writes go onto a Wire; reads never happen (frames are pushed)."""

    kind = "sim"

    def __init__(self, target, wire_out):
        super().__init__(target)
        self.wire_out = wire_out

    def write(self, data):
        self.wire_out.write(data)

    def read(self, timeout):
        return b""


class SimConnection(CupConnection):
    """The hub's connection to one simulated cup; its Link keeps the virtual clock."""

    def __init__(self, transport, clock, keys=None):
        super().__init__(transport, keys=keys)
        self.link = Link(self._write, self._deliver, clock=clock.ms)
        self.now = lambda: clock.now


class Cable:
    """One cup's cable: a wire each way, and the hub's connection at its end (a new one after each drop)."""

    def __init__(self, game, name, lines):
        self.game, self.name = game, name
        self.to_cup = Wire(game, lines[0], None)
        self.to_hub = Wire(game, lines[1], self._arrive)
        self.conn = None
        self.drops = 0

    def plug(self):
        self.conn = SimConnection(SimTransport(self.name, self.to_cup), self.game.clock, keys=self.game.keyring)
        self.conn.report_to(self)  # a drop is reported through put(), as a reader thread reports it
        self.game.hub.add_connection(self.conn)
        return self.conn

    def _arrive(self, frame):
        if not self.conn.down:
            self.game.hub.handle(("bytes", self.conn, frame))

    def put(self, item):
        """("down", conn, why) from the connection: the hub hears of it, and the port opens again soon."""
        self.drops += 1
        self.game.hub.handle(item)
        self.game.at(self.game.clock.now + RECONNECT, lambda _: self.plug(), None)


class SimCup:
    """cupcore's Cup and Link, as a board's Runner wires them, without the board."""

    def __init__(self, name, cup_id, seed, clock, wire_out, key=None):
        self.name, self.cup_id = name, cup_id
        self.link = Link(wire_out.write, self._deliver, clock=clock.ms)
        self.cup = cupmod.Cup(self.link.send, cup_id, name, "sim", source=SeededSource(seed), clock=clock.ms)
        if key is not None:
            pair(self.cup, self.link, key)  # as the Runner does with settings.toml's DICECUP_KEY
        self.crashes = 0
        self.decided = None  # ((deal, bids so far), action): one decision per turn, as the demo's hands

    def feed(self, data):
        """Bytes off the wire from the hub."""
        self.link.feed(data)

    def _deliver(self, mtype, values):
        try:
            self.cup.receive(mtype, values)
        except Exception:  # noqa: BLE001 - the Runner catches a cup's faults the same way; counted as a desync
            self.crashes += 1

    def press(self, button, gesture):
        self.cup.gesture(BUTTONS[button], GESTURES[gesture])

    def dice(self):
        """What the owner sees when they peek."""
        return tuple(self.cup.mode.held())


class SimGame:
    def __init__(self, rules, seed, cups=4, faults=0.0, fault_seed=None, data=None, result_pause=0.05, paired=True,
                 make_cup=SimCup, think=0.0):
        """paired: every cup holds a key the hub knows (authenticated frames); else they sit unpaired. make_cup(name,
        cup_id, seed, clock, wire_out, key) makes each cup: SimCup, or a board's Runner (sim/adversary.py). think: the
        seconds a player takes over a turn before pressing (0: at once)."""
        self.clock = Clock()
        self.seed = seed
        self._events = []
        self._n = 0
        self._own_data = data is None  # a folder of its own, removed at close()
        self.data = data or tempfile.mkdtemp(prefix="dicecup-faultsim-")
        self.hub = Table(rules, data=self.data, chance=Chance(seed), expect_cups=cups, clock=self.clock.seconds)
        self.hub.result_pause = result_pause
        self.hub.bot_delay = 0.0
        self.hub.seating.allow_unpaired = not paired
        names = [f"cup{i + 1}" for i in range(cups)]
        self.keys = {i + 1: hashlib.sha256(f"{seed}:key:{name}".encode()).digest() if paired else None
                     for i, name in enumerate(names)}
        self.keyring = Keyring(self.data, self.keys)  # the hub's pairing, and each cup's name as it was paired
        self.keyring.names.update({i + 1: name for i, name in enumerate(names)})
        self.lines = []
        self.cups = []
        self.cables = []
        rng = random.Random(f"{seed}/{fault_seed}")
        for i in range(cups):
            name = f"cup{i + 1}"
            lines = [FaultyLine(random.Random(rng.random()), drop=faults, duplicate=faults, reorder=faults,
                                corrupt=faults) if faults else None for _ in range(2)]
            self.lines += [line for line in lines if line]
            cable = Cable(self, name, lines)
            # the seeds as dicecup demo gives them (VirtualCups, BotPlayers), so a seed plays the demo's game
            cup = make_cup(name, i + 1, f"{seed}:{name}", self.clock, cable.to_hub, key=self.keys[i + 1])
            cable.to_cup.receive = cup.feed
            self.cables.append(cable)
            self.cups.append(cup)
        self.bots = [SimpleBot(f"{seed}:{i}") for i in range(cups)]
        self.think = think
        self._turn_seen = (None, 0.0)  # (the turn, when its player first saw it)
        for cable in self.cables:
            cable.plug()

    @property
    def conns(self):
        return [cable.conn for cable in self.cables]

    @property
    def wires(self):
        return [wire_ for cable in self.cables for wire_ in (cable.to_cup, cable.to_hub)]

    def at(self, when, fn, arg):
        self._n += 1
        heapq.heappush(self._events, (when, self._n, fn, arg))

    # -- running -----------------------------------------------------------------------------------------------
    def run(self, limit=3600.0, grace=30.0):
        """Play until the game is over and every result has reached its cup (or the clock reads `limit` virtual
        seconds): called again with a later limit, the game goes on from where it stopped."""
        next_tick = self.clock.now
        ended_at = None
        while self.clock.now < limit:
            if self.hub.finished:
                ended_at = self.clock.now if ended_at is None else ended_at
                if all(conn.settled or conn.down for conn in self.conns) or self.clock.now - ended_at > grace:
                    break
            if self._events and self._events[0][0] <= next_tick:
                when, _, fn, arg = heapq.heappop(self._events)
                self.clock.now = max(self.clock.now, when)
                fn(arg)
            else:
                self.clock.now = next_tick
                next_tick += STEP
                self._tick()
            self._play()
        return self

    def _tick(self):
        now = self.clock.now
        for wire_ in self.wires:
            wire_.tick(now)
        for cup in self.cups:
            cup.link.tick()
        if self.hub.finished:
            for conn in self.conns:
                conn.tick()  # the hub's loop has ended; its last RESULTs are still being retransmitted
        else:
            self.hub.tick()

    def _play(self):
        """What the people holding the cups do: sit down in cup order, then play their turns."""
        hub = self.hub
        if hub.phase == TablePhase.SEATING:
            seated = len(hub.seats)
            if seated < len(self.cups):
                cup, conn = self.cups[seated], self.conns[seated]
                asking = cup.cup.state == cupmod.JOINING and not cup.cup.mode.awaiting
                if conn.hello is not None and not conn.down and asking:
                    cup.press("b", "long")
            return
        if hub.phase_shown != RoundPhase.BIDDING or hub.paused:
            return
        index = hub.round.to_act()
        seat = hub.seats[index]
        sim = next((c for c in self.cups if c.cup_id == seat.cup_id), None)
        cup = sim.cup if sim else None
        if cup is None or cup.state != cupmod.TURN or cup.mode.awaiting or cup.mode.deal != hub.round.deal.id or \
                cup.mode.table is None or cup.mode.table[1] != index:
            return
        turn = (hub.round.deal.id, len(hub.state.bids))
        if self._turn_seen[0] != turn:
            self._turn_seen = (turn, self.clock.now)
        if self.clock.now - self._turn_seen[1] < self.think:
            return
        if sim.decided is None or sim.decided[0] != turn:
            sim.decided = (turn, self.bots[index].act(make_view(hub.state, seat.name, sim.dice())))
        while cup.mode.kind != wire.BID:  # an armed call left from a refused try: step round to the bid
            sim.press("b", "double")
        for button, gesture in presses_for(sim.decided[1], cup.mode.qty, cup.mode.face):
            sim.press(button, gesture)

    # -- what came of it -----------------------------------------------------------------------------------------
    def summary(self):
        """The winner and each round's losers: what must not depend on the line."""
        state = self.hub.state
        if state is None or not self.hub.finished:
            return None
        history = tuple(tuple(outcome.losers) for outcome in state.history)
        return state.seats[state.winner], history

    def record(self):
        """The game's record lines (rolls, bids, calls, shots): the journal without its comments."""
        if self.hub.journal is None:
            return []
        lines = record_lines(self.hub.journal.path.read_bytes())
        return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]

    def desyncs(self):
        """Where the hub and a cup disagree at the end (deal, dice count, seat, standing), or the game stalled."""
        hub = self.hub
        if not hub.finished:
            return [f"stalled: phase {hub.phase_shown.name} at {self.clock.now:.0f} s"]
        found = []
        state = hub.state
        for seat in hub.seats:
            sim = next((c for c in self.cups if c.cup_id == seat.cup_id), None)
            if sim is None:
                continue
            cup = sim.cup
            alive = state.alive[seat.index]
            want = (seat.index, state.dice[seat.index] if alive else 0,
                    wire.WON if state.winner == seat.index else (wire.PLAYING if alive else wire.OUT))
            result = cup.mode.result or (None, None, None, None, None)
            got = (cup.seat, result[2], result[4])
            if got != want:
                found.append(f"{seat.name}: hub says seat/dice/status {want}, its cup {got}")
            if alive and cup.mode.deal != hub.round.deal.id:
                found.append(f"{seat.name}: hub's last deal {hub.round.deal.id}, its cup's {cup.mode.deal}")
            if sim.crashes:
                found.append(f"{seat.name}: its cup failed {sim.crashes} times on a message")
        return found

    def faults(self):
        counts = {}
        for line in self.lines:
            for name, count in line.counts.items():
                counts[name] = counts.get(name, 0) + count
        return counts

    def frames(self):
        return sum(line.frames for line in self.lines)

    def refused_by_auth(self):
        """Frames the links dropped as forged (a tag that fails: a corrupted frame whose CRC still held) or
        replayed (a counter not above the last: a duplicate, a frame overtaken), both ends together."""
        links = [conn.link for conn in self.conns] + [cup.link for cup in self.cups]
        return sum(getattr(link, "forged", 0) for link in links), sum(getattr(link, "replayed", 0) for link in links)

    def paired(self):
        return all(getattr(conn, "pairing", "paired") == "paired" for conn in self.conns)

    def drops(self):
        """Connections the hub gave up on (a cup silent past its answer timeout) and opened again."""
        return sum(cable.drops for cable in self.cables)

    def lost(self):
        """Reliable messages a link gave up on after its last retry."""
        return sum(conn.link.lost for conn in self.conns) + sum(cup.link.lost for cup in self.cups)

    def close(self):
        if self.hub.journal is not None:
            self.hub.journal.close()
        if self._own_data:
            shutil.rmtree(self.data, ignore_errors=True)
