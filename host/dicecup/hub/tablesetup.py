"""Setting a table up and running it: the cups' ports, the bots, the journal's folder, the screen, the hub's
thread. `dicecup play`, `demo` and `resume` are thin layers over this."""
import threading
import time

from dicecup.bots.games import default_bot
from dicecup.datadir import data_dir
from dicecup.link.transport import LinkDown

from .chance import Chance
from .hubkey import HubKey
from .inbox import Inbox
from .keyring import Keyring
from .journal import HANDS_FACT, UNPAIRED_FACT, JournalError
from .keyboard import read_typing
from .run import Connections, run
from .resize import Resizes
from .screen import Resized, Screen
from .snapshot import Background
from .stopsignals import StopSignals
from .table import Table


class TableError(Exception):
    """Something the person at the hub has to fix before a game can start; the message says what."""


class JournalStopped(TableError):
    """The journal could not be written (a full disk): the game stopped. Said as the journal says it, or, for a
    game whose virtual cups end with this process, with advice that works (`unresumable`)."""

    def __init__(self, error: JournalError):
        super().__init__(str(error))
        self.unresumable = error.unresumable()


# a seed known to a player lets their cup grind its own seed against the hub's draws, and tells the
# bots' dice; so a table's draws never come from one, and `--seed` is refused where people play.
SEED_AT_A_TABLE = ("--seed is for `dicecup demo --seed S`, which replays a game; a table's dice, nonces, "
                   "revolver and bots always draw from the system's random source, so nobody can predict them")
SEED_HELP = "refused: `dicecup demo --seed S` replays a game; a table's draws are never seeded"
# and a seeded game (a demo's, replayable) is never rated: its dice were predictable to whoever knew the seed
SEEDED_NOT_RATED = ("--seed replays a game, whose dice were predictable to whoever knew the seed, so it is never "
                    "rated: drop --seed for a rated demo (its hub's draws are then never seeded)")


# -- bots on the hub: `--bots N` seats N of DEFAULT_BOT; `--bot NAME` (repeatable) seats any bot ------
DEFAULT_BOT = "normal"


def bot_seats(count: int, chance: Chance, start: int = 1, names=(), default: str = DEFAULT_BOT) -> list:
    """Seats bot1, bot2, ...: `count` built-in DEFAULT_BOT bots, then one per bot name (`hard`, `module:Name`).
    Raises dicecup.bots.loader.BotError for a name that is not a bot."""
    from dicecup.bots.loader import load
    chosen = [default] * count + list(names)
    return [(f"bot{i}", load(name, seed=chance.fork(f"bot{i}").below(2**31)))
            for i, name in enumerate(chosen, start)]


def check_seat_count(rules, counts: dict, more_may_come: bool = False):
    """Before anything starts: every count is 0 or more and the seats they make fit the
    rules' player range. `counts` maps how each was asked for ("--sim") to its number. With `more_may_come`
    (cups found by their USB ids may still say hello) only too many is known now. Raises TableError."""
    low, high = rules.players
    seats = f"{rules.preset.name} seats {low} to {high} players"
    for option, count in counts.items():
        if count < 0:  # an option that seats everyone alone (`demo --cups`) can't be 0 either: its range is said
            raise TableError(f"{option} {count}: " + (seats if len(counts) == 1 else "a count is 0 or more"))
    total = sum(counts.values())
    if total > high or (total < low and not more_may_come):
        given = [f"{count} ({option})" for option, count in counts.items() if count] or \
            [f"0 ({' + '.join(counts)})"]  # `demo --cups 0`: "0 (--cups)", not "none"
        asked = f"{given[0]} is" if len(given) == 1 else f"{' + '.join(given)} are {total},"
        raise TableError(f"{seats}: {asked} {'too many' if total > high else 'too few'}")


def stopped_by_ctrl_c(hub, resumable: bool, how: str = "Ctrl-C") -> str:
    """What Ctrl-C (or the signal `how` names) left behind and what to run next, in words."""
    journal = getattr(hub, "journal", None)
    if journal is None:  # the hub takes up its journal once it says who sits where (Table.start)
        return f"stopped ({how}) before a game began; nothing was kept"
    path = journal.path
    if hub.finished:
        return f"stopped ({how}) after the game ended; its record is {path}"
    if resumable:
        return f"stopped ({how}); the game is kept in {path}: go on with `dicecup resume {path}`"
    return (f"stopped ({how}); the game so far is kept in {path} (`dicecup referee {path}` checks it); its "
            f"virtual cups stopped with it, so it can't be resumed")


class TableSetup:
    """One game's setup: a hub, its connections and inbox, the screen subscribed to what the hub publishes."""

    def __init__(self, rules, *, data=None, seed=None, screen=None, bots=0, bot_names=(), result_pause=None,
                 keys=None, allow_unpaired=False, rated=None):
        """keys: {cup id: key} of virtual cups this process started (the registry's keys are always used);
        allow_unpaired: seat cups the hub holds no key for (marked "unpaired" on the screen)."""
        if rated is not None and seed is not None:
            raise TableError(SEEDED_NOT_RATED)
        self.inbox = Inbox()  # the hub's thread waits on it and on the serial ports together
        self.chance = Chance(seed)
        self.screen = screen or Screen()
        self.data = data_dir(data)
        self.keys = Keyring(self.data, keys)
        self.hub_key = HubKey.in_folder(self.data)  # made at the hub's first start: it signs every finished journal
        self.allow_unpaired = allow_unpaired
        self.connections = Connections(self.inbox, keys=self.keys)
        default = default_bot(rules)  # at poker dice the stronger poker bot (bots/games.py)
        self.bots = bot_seats(bots, self.chance, names=bot_names, default=default)
        kinds = [default] * bots + [str(name) for name in bot_names]
        self.bot_kinds = {seat: kind for (seat, _), kind in zip(self.bots, kinds)}  # for the journal
        self.rules = rules
        self.hub = None
        self.screen_feed = None
        self.result_pause = result_pause
        self.stop = threading.Event()
        self.keyboard = None  # reading keys under a live table: the terminal's settings to put back
        self.signals = None   # stopping signals noted since watch_stops(), for play()'s loop to act on
        self.rated = rated  # a history.rated.RatedTable with --rated, else None
        self.looping = False  # play() is running the table's loop (on whichever thread called it)
        self.loop_ended = threading.Event()  # set whenever the loop is not running
        self.loop_ended.set()
        self._loop_thread = None
        self.players = ()  # poker dice: the people passing the table's one cup (poker/onecup.py)
        self.hands = {}  # seat -> bot kind: the demo's bots pressing cups, so its nerve is a bot's, never a person's

    def make_hub(self, expect_cups: int) -> Table:
        return self.use_hub(Table(self.rules, data=self.data, chance=self.chance, expect_cups=expect_cups,
                                  bots=self.bots, bot_kinds=self.bot_kinds, players=self.players))

    def use_hub(self, hub) -> Table:
        """Run this hub (a subclass, for a bench) with the screen watching it."""
        self.hub = hub
        hub.seating.allow_unpaired = self.allow_unpaired
        if self.allow_unpaired:  # in the journal, so a resumed table seats the same cups (commands/resume.py)
            hub.opening_facts.append((UNPAIRED_FACT,))
        if self.result_pause is not None:
            hub.result_pause = self.result_pause
        hub.suspense = getattr(self.screen, "drama", 0.0)  # the cup's bang waits for the screen's suspense
        self.screen_feed = hub.subscribe(Background(self.screen))  # drawing never holds the table up
        for seat, kind in self.hands.items():
            hub.opening_facts.append((HANDS_FACT, seat, f"kind={kind}"))
        if self.rated is not None:  # nerve at seating
            self.rated.watch(hub, {**self.bot_kinds, **self.hands})
        return hub

    def connect(self, ports, wait_for_missing: bool = False) -> list:
        """Open every port (a path for serial, or a (kind, target) pair such as ("ble", address)). A port that
        can't be opened is a TableError naming it and what to do; with `wait_for_missing` (a resumed game,
        whose cups may not be back yet) the table says so and keeps trying it, as it does for a dropped cup."""
        conns = []
        for port in ports:
            kind, target = port if isinstance(port, tuple) else ("serial", port)
            try:
                conns.append(self.connections.open(kind, target, listen=not self.looping))
            except ValueError as error:  # a kind of port this hub does not know (a journal from elsewhere)
                for conn in conns:
                    conn.close()
                raise TableError(str(error)) from None
            except LinkDown as error:
                if wait_for_missing:
                    self.hub.say(f"{error}; waiting for that cup")
                    self.connections.watch(kind, target)
                    continue
                for conn in conns:
                    conn.close()
                raise TableError(str(error)) from None
        for conn in conns:
            if self.looping:  # the table's own thread adds it: the table and its links are that thread's alone
                self.inbox.put(("add", conn))
            else:
                self.hub.add_connection(conn)
        return conns

    def _wait_for_the_loop(self, timeout: float = 10.0):
        """Closed from another thread while play()'s loop runs there: the loop is woken and given time to end,
        so no line is written to a journal closed under it."""
        if self.looping and threading.current_thread() is not self._loop_thread:
            self.inbox.wake()
            self.loop_ended.wait(timeout)

    def watch_stops(self):
        """From now on Ctrl-C, kill and a closed terminal are only noted, and play()'s loop stops at its first pass
        if one came: for the steps just before it, which start threads (a signal raised while a thread starts
        leaves its lock half released: `RuntimeError: release unlocked lock`, where the game is kept). The steps
        between here and play() must not block: nothing would stop them."""
        if self.signals is None:
            self.signals = StopSignals(wake=self.inbox.wake).start()

    def play(self, typed_commands: bool = False, timeout: float = None):
        deadline = None if timeout is None else time.monotonic() + timeout
        self.watch_stops()  # Ctrl-C, kill, a closed terminal: the loop stops between passes
        signals = self.signals
        resizes = Resizes(wake=self.inbox.wake)  # a resized terminal: the table drawn again now, not at the next event
        self.looping, self._loop_thread = True, threading.current_thread()
        self.loop_ended.clear()
        try:
            with signals, resizes:
                if typed_commands:  # under a live table, a key at a time, shown as typed (keyboard.py)
                    self.keyboard = read_typing(self.inbox, self.screen, self.screen_feed)
                run(self.hub, self.inbox, self.connections,
                    until=lambda: signals.caught is not None or self.stop.is_set() or
                    (deadline is not None and time.monotonic() > deadline),
                    each_pass=lambda: resizes.take() and self.screen_feed(Resized()))
        except JournalError as error:  # a full disk: the game stops, every whole line kept
            self.screen_feed.drain()
            raise JournalStopped(error) from None
        finally:
            self.looping = False
            self.loop_ended.set()
            self.signals = None  # `with signals` has put the handlers back
        self.screen_feed.drain()  # everything said is on the screen before the caller goes on
        signals.raise_caught()  # from here, not from wherever the signal found the loop
        if self.rated is not None:  # the finished game into the history, and the change in nerve
            self.rated.finish(self.hub)
        return self.hub

    def close(self):
        self.stop.set()
        if self.signals is not None:  # watched, but the loop never ran (a step before it failed)
            self.signals.stop()
            self.signals = None
        self._wait_for_the_loop()
        if self.hub is not None:
            self.hub.seating.close()
            if self.hub.journal is not None and not self.looping:  # its hold on the game goes too: a resume may
                self.hub.journal.close()                            # take it up (not under a loop still writing)
        self.inbox.close()
        if self.screen_feed is not None:  # None when a signal came between making the hub and watching it
            self.screen_feed.drain()
        getattr(self.screen, "close", lambda: None)()  # a live table ends, the terminal's cursor shown again
        if self.keyboard is not None:
            self.keyboard.restore()
