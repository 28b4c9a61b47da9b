"""What observers get: the terminal view, bot hands, the demo's players and, later, web screens never read the
hub's fields. The hub publishes, on its own thread, an immutable TableSnapshot after every change and an event
for each thing that happens (a line said, a turn, a reveal, a trigger pull, the winner, the stopwatch marks);
a subscriber on another thread keeps only the latest snapshot (`Latest`)."""
import queue
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Union

from .phases import RoundPhase, TablePhase


@dataclass(frozen=True)
class SeatView:
    index: int
    name: str
    kind: str                # "cup" or "bot"
    cup_id: Optional[int]
    board: Optional[str]
    connected: bool
    paired: bool = True      # False: a cup the hub holds no key for, seated because the host allowed it

    def note(self) -> str:
        """What a player reads beside the seat: which kind of cup, in words (the hex id means nothing at the table)."""
        if self.kind == "bot":
            return "bot"
        if not self.connected:
            return "cup unplugged: waiting for it"
        words = BOARD_WORDS.get(self.board, f"{self.board} cup")
        return words if self.paired else f"{words}, unpaired"


# The boards' names as players know them (HELLO carries the short names).
BOARD_WORDS = {"sim": "virtual cup", "pico": "Pico cup", "cpb": "Circuit Playground cup", "atom": "ATOM cup",
               "picocp": "Pico cup (CircuitPython)"}


@dataclass(frozen=True, eq=False)
class TableSnapshot:
    phase: Union[TablePhase, RoundPhase]  # the table's, or while a round is under way, the Round's (phases.py)
    game: str = "faces"           # the rules' game kind (Preset.game): what `state` is a state of
    seats: tuple = ()             # SeatView per seat, in seat order
    state: Any = None             # the engine's state (immutable) of that kind of game, None before the game
    deal: int = 0                 # the deal in progress (the wire's deal id)
    to_act: Optional[int] = None  # the seat whose turn it is (dudo's first opener included), while bidding
    clock_left: Optional[int] = None  # whole seconds left on the turn clock, None without a clock
    paused: bool = False          # waiting for a dropped cup (or `retire NAME`)
    waiting_cups: tuple = ()      # ids of cups that said hello and have no seat
    journal: Optional[Path] = None
    internal_errors: int = 0      # inputs the hub failed on (logged beside the journals)
    held: str = ""                # what a paused table awaits besides a missing cup, in words ("type `reroll ana`")

    @property
    def finished(self) -> bool:
        return self.phase == TablePhase.OVER

    @property
    def winner(self) -> Optional[str]:
        return None if self.state is None or self.state.winner is None else self.state.seats[self.state.winner]

    def seat_of_cup(self, cup_id) -> Optional[SeatView]:
        """The seat a connected cup with this id holds, if any."""
        return next((s for s in self.seats if s.cup_id == cup_id and s.connected), None)

    def seat_notes(self) -> dict:
        return {seat.name: seat.note() for seat in self.seats}

    def same_as(self, other) -> bool:
        """Equal for observers (the engine state compared by identity: states are immutable values)."""
        return (other is not None and self.state is other.state and self.game == other.game and
                (self.phase, self.seats, self.deal, self.to_act, self.clock_left, self.paused, self.waiting_cups,
                 self.journal, self.internal_errors, self.held) ==
                (other.phase, other.seats, other.deal, other.to_act, other.clock_left, other.paused,
                 other.waiting_cups, other.journal, other.internal_errors, other.held))


# -- events ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Said:
    """A line for the people at the table; `quiet` ones (each bid as it is made) may be left out of a brief view;
    `private` ones are for the hub's own terminal only, never a page (poker: the dice under the cup, told to the
    holder whose move was typed at the hub)."""
    text: str
    quiet: bool = False
    private: bool = False
    refused: Optional[str] = None  # the seat whose move this line refuses: its phone shows it by its buttons


@dataclass(frozen=True)
class Typing:
    """What the person at the hub has typed so far, shown under a live table (keyboard.py); Enter sends it."""
    text: str


@dataclass(frozen=True)
class TurnStarted:
    snapshot: TableSnapshot


@dataclass(frozen=True)
class RoundRevealed:
    outcome: Any   # the face-bid engine's Outcome (a poker round is a PokerRevealed)


@dataclass(frozen=True)
class PokerRevealed:
    """A poker-dice round is over: the engine's PokerOutcome (the five dice, the bid and bidder, the hand the dice
    make, the caller, whether the call was right, the loser and everyone's lives after). A face-bid round is a
    RoundRevealed; the two never mix."""
    outcome: Any


@dataclass(frozen=True)
class TriggerPulled:
    seat: str
    bullets: int
    dead: bool


@dataclass(frozen=True)
class GameWon:
    winner: str
    journal: Path


@dataclass(frozen=True)
class CallAccepted:
    """Stopwatch mark: the engine accepted a call (liar/spot); `at` is time.perf_counter()."""
    deal: int
    seat: str
    at: float


@dataclass(frozen=True)
class ResultsDelivered:
    """Stopwatch mark: every cup that played deal `deal` acknowledged its RESULT; `at` is time.perf_counter()."""
    deal: int
    at: float


class Publisher:
    """Calls each subscriber with every event and snapshot, in order, on the hub's thread. A subscriber must be
    quick (a view prints; a cross-thread reader hands the item over, as `Latest` does)."""

    def __init__(self):
        self._subscribers = []
        self.last = TableSnapshot(TablePhase.SEATING)

    def subscribe(self, callback):
        self._subscribers.append(callback)
        callback(self.last)
        return callback

    def publish(self, item):
        if isinstance(item, TableSnapshot):
            if item.same_as(self.last):
                return
            self.last = item
        for callback in self._subscribers:
            callback(item)


class Latest:
    """A subscriber for another thread: keeps the newest snapshot, and lets a reader wait for a change."""

    def __init__(self):
        self._changed = threading.Condition()
        self._snapshot = TableSnapshot(TablePhase.SEATING)

    def __call__(self, item):
        if isinstance(item, TableSnapshot):
            with self._changed:
                self._snapshot = item
                self._changed.notify_all()

    def get(self) -> TableSnapshot:
        return self._snapshot

    def wait(self, predicate, timeout: float) -> Optional[TableSnapshot]:
        """The first snapshot for which predicate(snapshot) holds, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self._snapshot):
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._changed.wait(left)
            return self._snapshot


class Background:
    """Runs a slow subscriber (a screen drawing panels takes milliseconds) on a thread of its own, in order, so
    the hub's thread never waits for it. `drain()` waits until it has caught up (before the program ends)."""

    def __init__(self, subscriber, name="screen"):
        self.subscriber = subscriber
        self._items = queue.Queue()
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def __call__(self, item):
        self._items.put(item)

    def _run(self):
        while True:
            item = self._items.get()
            if isinstance(item, threading.Event):
                item.set()
                continue
            try:
                self.subscriber(item)
            except Exception:  # noqa: BLE001 - a view that fails must not stop the table, nor the other items
                pass

    def drain(self, timeout: float = 10.0) -> bool:
        caught_up = threading.Event()
        self._items.put(caught_up)
        return caught_up.wait(timeout)
