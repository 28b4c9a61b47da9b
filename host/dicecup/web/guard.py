"""The table screen's door: nothing anyone on the LAN does to the web server may stop or stall the table, nor keep
the table screen and the phones out.

The server's own accept loop (not asyncio's: on EMFILE its loop logs a traceback and schedules a retry for every
slot of the listen backlog, each wake-up, so a hub out of descriptors spun at 100 % CPU writing gigabytes) takes each
connection and backs off, doubling, when the process is out of descriptors. Connections in all are capped at a
quarter of the process's descriptors (256 under the common limit of 1024), so the cups' ports and the journal
always find one. A connection is *waiting* until it is a page of this table (a table screen or a phone seat that
proved its link: `keep`); waiting connections get all but a reserved quarter of the cap, the pages that reserve.
A new connection when the waiting ones fill their share pushes the oldest waiting connection of the busiest
address out, rather than being turned away: a flood of half-open connections, from however many addresses, only
churns itself, and the table page or a phone, which sends its request at once and becomes a page, gets in.
One address may hold PER_ADDRESS waiting connections; past that its new ones are turned away at once. Every
connection must send each request whole within REQUEST_TIMEOUT (a half-open connection, or one sending a byte now
and then, is closed), a TLS handshake within HANDSHAKE_TIMEOUT. What goes wrong on the web side is said in one
line, at most once per NOTICE_EVERY seconds for each kind of trouble, never as a traceback."""
import asyncio
import errno
import logging
import resource
import socket
import sys
import time

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from dicecup.plaintext import printable

REQUEST_TIMEOUT = 5.0      # seconds for a request's head and body, from the connection's start or the last response
HANDSHAKE_TIMEOUT = 10.0   # seconds for a TLS handshake (--web-cert)
PER_ADDRESS = 32           # waiting connections from one address: a browser opens 6 at most, a table screen and a phone
MOST_CONNECTIONS = 256     # open connections in all, at most; fewer under a low descriptor limit (connection_cap)
RESERVED_SHARE = 4         # a quarter of them kept for pages of this table (table screens and phones), never waiting ones
LEAST_CONNECTIONS = 16
BACKOFF_FIRST, BACKOFF_MOST = 0.05, 2.0   # seconds without accepting once the process is out of descriptors
ACCEPTS_PER_WAKE = 64      # connections taken per wake-up, so one busy moment can't hold the loop for long
NOTICE_EVERY = 30.0        # seconds between two lines about the same kind of trouble
OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Notices:
    """One plain line on `out` for each kind of trouble, at most once per `every` seconds; the lines held back
    meanwhile are counted in the next one."""

    def __init__(self, out=None, every: float = NOTICE_EVERY):
        self.out, self.every = out, every
        self._last = {}     # kind -> when it was last said
        self._held = {}     # kind -> how many were held back since
        self.said = 0       # lines written (for tests)
        self.heard = 0      # troubles told, said or held back (for tests)

    def say(self, kind: str, text: str):
        self.heard += 1
        now = time.monotonic()
        if now - self._last.get(kind, float("-inf")) < self.every:
            self._held[kind] = self._held.get(kind, 0) + 1
            return
        held = self._held.pop(kind, 0)
        more = f" ({held} more like it in the last {self.every:.0f} s)" if held else ""
        self._last[kind] = now
        self.said += 1
        try:
            print(f"table screen: {one_line(text)}{more}", file=self.out or sys.stderr, flush=True)
        except (OSError, ValueError):  # stderr closed or full: the table goes on regardless
            pass

    def loop_trouble(self, loop, context):
        """The web loop's exception handler: what asyncio would print as a traceback, as one line."""
        error = context.get("exception")
        why = f"{type(error).__name__}: {error}" if error is not None else ""
        message = str(context.get("message", "trouble"))
        where = message.partition("(")[0]   # "Exception in callback WebTable._publish", not the item it had
        self.say(f"loop:{where}:{type(error).__name__}", f"{where}: {why}" if why else message)


class NoticeHandler(logging.Handler):
    """uvicorn's log records (an exception in a page's handler, a bad request) through Notices, as one line each."""

    def __init__(self, notices):
        super().__init__(logging.WARNING)
        self.notices = notices

    def emit(self, record):
        error = record.exc_info[1] if record.exc_info else None
        why = f": {type(error).__name__}: {error}" if error is not None else ""
        self.notices.say(f"log:{record.msg}:{type(error).__name__}", f"{record.getMessage()}{why}")


def one_line(text: str) -> str:
    """One line for the host's terminal: what a page or a request put in it (a path, a header) as plain text."""
    line = printable(" ".join(str(text).split()))
    return line if len(line) <= 300 else line[:297] + "..."


def quiet_uvicorn(notices):
    """Send uvicorn's loggers through `notices` (and nowhere else)."""
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi"):
        log = logging.getLogger(name)
        log.handlers = [NoticeHandler(notices)] if name == "uvicorn" else []
        log.propagate = name != "uvicorn"
        log.setLevel(logging.WARNING)


def connection_cap() -> int:
    """Open connections in all: a quarter of this process's descriptors, between LEAST and MOST_CONNECTIONS."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(LEAST_CONNECTIONS, min(MOST_CONNECTIONS, soft // 4))


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline on each request: its head and body must have arrived within
    REQUEST_TIMEOUT of the connection's start (or of the previous response), or the connection is closed.
    (uvicorn's keep-alive timer is cancelled by any byte received, so alone it lets one byte a while keep a
    connection open for ever.) A websocket's connection leaves this protocol at its upgrade, and the deadline
    with it: an open page may be quiet for hours; pings find one that is gone (the server's ws_ping_*)."""

    def connection_made(self, transport):
        super().connection_made(transport)
        self._deadline = None
        self._watch_request()

    def handle_events(self):
        super().handle_events()
        self._watch_request()

    def handle_websocket_upgrade(self, event):
        self._stop_watching()
        self._upgraded = True
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc):
        self._stop_watching()
        super().connection_lost(exc)

    def _watch_request(self):
        if getattr(self, "_upgraded", False) or self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED):
            return self._stop_watching()
        if self._deadline is None:
            self._deadline = self.loop.call_later(REQUEST_TIMEOUT, self._too_slow)

    def _stop_watching(self):
        if getattr(self, "_deadline", None) is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self):
        self._deadline = None
        if not self.transport.is_closing() and self.conn.their_state is not h11.DONE:
            self.transport.close()


class Door:
    """Takes connections on `sock` for `make_protocol`, within the caps, backing off while out of descriptors.
    `open(loop)` starts it on the server's loop, `close()` stops it (the socket stays the caller's); `keep(peer)`
    makes the connection from `peer` (host, port) a page of the table, out of the waiting ones' reach."""

    def __init__(self, sock, make_protocol, notices, ssl=None, per_address=None, most=None):
        self.sock, self.make_protocol, self.notices, self.ssl = sock, make_protocol, notices, ssl
        self.per_address = per_address or PER_ADDRESS
        self.most = most or connection_cap()
        self.turned_away = 0      # connections closed at once, past the cap for one address (for tests)
        self.pushed_out = 0       # waiting connections closed to let a newer one in (for tests and the curious)
        self.backoffs = 0         # times accepting paused, out of descriptors
        self._open = []           # _Opened: each connection let in and not closed yet
        self._backoff = BACKOFF_FIRST
        self._loop = None
        self._retry = None

    @property
    def reserved(self) -> int:
        """Connections kept for the table's own pages: the waiting ones never take them."""
        return max(1, self.most // RESERVED_SHARE)

    def open(self, loop=None):
        self._loop = loop or self._loop or asyncio.get_running_loop()
        self._retry = None
        self._loop.add_reader(self.sock.fileno(), self._knock)

    def close(self):
        if self._retry is not None:
            self._retry.cancel()
        if self._loop is not None and self.sock.fileno() != -1:
            self._loop.remove_reader(self.sock.fileno())

    def open_connections(self) -> int:
        return sum(1 for opened in list(self._open) if opened.conn.fileno() != -1 and not opened.pushed)

    def pages(self) -> int:
        return sum(1 for opened in list(self._open) if opened.page and opened.conn.fileno() != -1)

    def keep(self, peer):
        """The connection from `peer` is a page of this table now (a table screen, a phone on its seat): it is
        no longer a waiting one, and no flood pushes it out."""
        for opened in self._open:
            if opened.peer == _peer(peer) and opened.conn.fileno() != -1:
                opened.page = True

    def _knock(self):
        for _ in range(ACCEPTS_PER_WAKE):
            try:
                conn, address = self.sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue
            except OSError as error:
                if error.errno in OUT_OF_DESCRIPTORS:
                    return self._back_off(error)
                return self.notices.say("accept", f"can't take a connection: {error.strerror}")
            self._backoff = BACKOFF_FIRST
            self._admit(conn, address)

    def _back_off(self, error):
        """Out of descriptors: stop accepting for a while (doubling each time up to BACKOFF_MOST), say so once."""
        self.backoffs += 1
        self._loop.remove_reader(self.sock.fileno())
        self._retry = self._loop.call_later(self._backoff, self.open)
        self.notices.say("descriptors", f"out of file descriptors ({error.strerror}): not taking connections for "
                                        f"a while; the table plays on")
        self._backoff = min(self._backoff * 2, BACKOFF_MOST)

    def _admit(self, conn, address):
        self._open = [opened for opened in self._open if opened.conn.fileno() != -1]  # closed since
        host = _peer(address)[0]
        live = [opened for opened in self._open if not opened.pushed]
        waiting = [opened for opened in live if not opened.page]
        if sum(1 for opened in waiting if opened.peer[0] == host) >= self.per_address:
            self.turned_away += 1
            conn.close()
            return self.notices.say("caps", f"turned a connection from {host} away: {self.per_address} waiting "
                                            f"from that address already")
        pages = len(live) - len(waiting)
        if waiting and len(waiting) >= min(self.most - self.reserved, self.most - pages):
            self._push_out(waiting)
        conn.setblocking(False)
        opened = _Opened(conn, address)
        self._open.append(opened)
        self._loop.create_task(self._serve(opened))

    def _push_out(self, waiting):
        """Close the oldest waiting connection of the address with the most of them: a flood pays for itself, and
        a newcomer that has sent its request already is not what goes."""
        counts = {}
        for opened in waiting:
            counts[opened.peer[0]] = counts.get(opened.peer[0], 0) + 1
        busiest = max(counts.values())
        victim = next(opened for opened in waiting if counts[opened.peer[0]] == busiest)  # oldest first
        victim.push_out()
        self.pushed_out += 1
        self.notices.say("caps", f"closed a waiting connection from {victim.peer[0]} to let a new one in: "
                                 f"{len(waiting)} waiting ({self.most - self.reserved} at most, {self.reserved} "
                                 f"kept for the table's pages)")

    async def _serve(self, opened):
        try:
            opened.transport, _ = await self._loop.connect_accepted_socket(
                self.make_protocol, opened.conn, ssl=self.ssl, ssl_handshake_timeout=HANDSHAKE_TIMEOUT if self.ssl
                else None)
            if opened.pushed:  # pushed out during its TLS handshake
                opened.transport.abort()
        except Exception as error:  # noqa: BLE001 - a failed TLS handshake, a peer gone: its connection only
            opened.conn.close()
            if not opened.pushed:
                self.notices.say("handshake", f"a connection from {opened.peer[0]} failed: "
                                              f"{type(error).__name__}: {error}")


class _Opened:
    """One connection let in: its socket, its peer (host, port), its transport once served, and whether it is a
    page of the table (kept) or was pushed out."""
    __slots__ = ("conn", "peer", "transport", "page", "pushed")

    def __init__(self, conn, address):
        self.conn, self.peer = conn, _peer(address)
        self.transport, self.page, self.pushed = None, False, False

    def push_out(self):
        self.pushed = True
        if self.transport is not None:
            self.transport.abort()
        else:  # still in its TLS handshake: the handshake fails, and _serve closes it
            try:
                self.conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def _peer(address) -> tuple:
    """(host, port) of a peer address as accept() gives it (an IPv6 one has two more fields) or ASGI's client."""
    if isinstance(address, (tuple, list)) and len(address) >= 2:
        return (str(address[0]), int(address[1]))
    return (str(address), 0)
