"""The hub's loop: one thread runs the table. It waits in one selector (hub/inbox.py) on every serial port and on
the inbox's bell, which every other producer rings when it puts an item (the keyboard, the web server, the reader
threads of links without a file descriptor: BLE, phones); it reads the ports itself.

A line that floods is throttled: each pass takes from each line only what its allowance admits
(CupConnection.admit: so many bytes a second), so decoding one line's flood can't starve the others' frames, and
the excess is dropped unread and counted. Frames dropped for want of authentication and bytes throttled are written
to hub-errors.log, at most once a second a line."""
import os
import queue
import sys
import threading
import time
import traceback
from pathlib import Path

from dicecup.link.transport import LinkDown, open_transport

from dicecup.link.peer import CupConnection, writes_gathered

from .journal import JournalError


class Connections:
    """Opens the cups' ports, and opens them again after a drop (a cup plugged back in, back in range) or
    until a port that could not be opened at first can be (a resumed game's cup not plugged in yet)."""

    retry_every = 0.5

    def __init__(self, inbox, keys=None):
        self.inbox = inbox
        self.keys = keys  # cup id -> key, to pair cups with (hub/keyring.py)
        self.lost = {}   # (kind, target) -> time of the next attempt

    def open(self, kind: str, target: str, listen: bool = True) -> CupConnection:
        """A connection listening into the inbox (or, with listen=False, not yet: the loop's thread will have it
        listen as it adds it, see run()); LinkDown (saying why) when the port can't be opened."""
        conn = CupConnection(self.transport(kind, target), keys=self.keys)
        return conn.listen(self.inbox) if listen else conn

    def transport(self, kind: str, target: str):
        """The port's byte stream, under the connection (bench/faulty_link.py puts a faulty line between)."""
        return open_transport(kind, target)

    def dropped(self, conn):
        kind, _, target = conn.name.partition(":")
        self.watch(kind, target, time.monotonic() + self.retry_every)

    def watch(self, kind: str, target: str, when: float = 0.0):
        """Keep trying to open this port, from `when` on, until it opens."""
        self.lost[(kind, target)] = when

    def retry(self, hub):
        now = time.monotonic()
        for (kind, target), due in list(self.lost.items()):
            if now < due:
                continue
            try:
                conn = self.open(kind, target)
            except LinkDown:
                self.lost[(kind, target)] = now + self.retry_every
                continue
            del self.lost[(kind, target)]
            hub.add_connection(conn)


# Said once when the hub's input ends (`play < /dev/null`, a service, Ctrl-D): a table that waits for typed moves
# would otherwise wait in silence.
INPUT_ENDED = ("the hub's input has ended: nothing more can be typed here (moves, `retire NAME`, `help`); the table "
               "goes on with its cups and bots, and Ctrl-C stops it with the game kept")


def read_commands(inbox, stream=None):
    """Lines typed at the hub (`ana bids 4x5`, `retire ana`) become commands on the table's thread."""
    stream = stream or sys.stdin

    def loop():
        for line in stream:
            if line.strip():
                inbox.put(("command", line.strip()))
        inbox.put(("say", INPUT_ENDED, True))  # the hub's terminal only

    threading.Thread(target=loop, name="commands", daemon=True).start()


def _guarded(hub, item):
    """The last line of defence: nothing a cup sends may take the table down. A failure here is a bug in the
    hub; it is logged with its traceback beside the journals and the game goes on."""
    try:
        hub.handle(item)
    except JournalError:  # not a bug: the game can't go on without its journal (the caller says so)
        raise
    except Exception:  # noqa: BLE001
        origin = getattr(item[1], "name", "the keyboard") if len(item) > 1 else "?"
        log = _log(hub, f"handling {item[0]} from {origin}", traceback.format_exc())
        hub.failed(origin, log)


def _log(hub, headline, text="") -> Path:
    """A dated entry in hub-errors.log, beside the journals (0600: it may quote what a cup sent)."""
    log = Path(hub.data) / "hub-errors.log"
    with open(os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600), "a", encoding="utf-8") as handle:
        handle.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {headline}\n{text}")
    return log


def run(hub, inbox, connections=None, until=None, poll=0.01, each_pass=None):
    """Run the table until the game is over (or `until()` says stop). Each pass waits up to `poll` seconds for
    input (hub/inbox.py: an item put by another thread, or a serial port readable), hands all of it to the hub,
    reopens lost ports and ticks the table: its clocks, retransmits and bots run at least every `poll` seconds.
    `each_pass()`, if given, runs once a pass, on this thread (what a signal handler noted: hub/resize.py)."""
    while not hub.finished and not (until and until()):
        ready, items = _wait(inbox, poll)
        if each_pass is not None:
            each_pass()
        for conn in ready:
            _bytes_in(hub, conn, conn.read_ready())
        for item in items:
            if item[0] == "down" and connections is not None:
                connections.dropped(item[1])
            if item[0] == "add":  # a port opened on another thread while the table plays: its bytes are ours now
                item[1].listen(inbox)
                hub.add_connection(item[1])
                continue
            if item[0] == "bytes":
                _bytes_in(hub, item[1], item[2])
                continue
            _handled(hub, item)
        if connections is not None:
            connections.retry(hub)
        with writes_gathered():
            hub.tick()


def _bytes_in(hub, conn, data):
    """A line's bytes, as far as its allowance admits them (see the module's docstring); then what it dropped,
    logged."""
    now = time.monotonic()
    admitted = conn.admit(data, now) if data and hasattr(conn, "admit") else data
    if admitted:
        _handled(hub, ("bytes", conn, admitted))
    news = conn.news(now) if hasattr(conn, "news") else None
    if news:
        _log(hub, news)


def _handled(hub, item):
    with writes_gathered():  # what the hub writes while it handles one input leaves together, once it is done
        _guarded(hub, item)


def _wait(inbox, timeout) -> tuple:
    """(connections whose ports are readable, items put) once either comes, or after `timeout` seconds. A plain
    queue.Queue still does as an inbox: it has only items to wait for (every link then has a reader thread)."""
    if hasattr(inbox, "wait"):
        return inbox.wait(timeout), _taken(inbox, [])
    try:
        first = inbox.get(timeout=timeout)
    except queue.Empty:
        return [], []
    return [], _taken(inbox, [first])


def _taken(inbox, items) -> list:
    """items, then everything waiting in the inbox now."""
    while True:
        try:
            items.append(inbox.get_nowait())
        except queue.Empty:
            return items
