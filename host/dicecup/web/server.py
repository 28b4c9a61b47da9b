"""The table screen's server: a subscriber to what the hub publishes, serving the page and its assets itself
(Starlette on uvicorn, in a thread of its own) and pushing every change to the connected pages over websockets.

The hub's thread only hands each item over (`call_soon_threadsafe`); turning it into JSON and sending it to every
page happens on the server's own event loop, so a slow phone never holds the table up. Pages connect with the
table's secret link (`/t/TOKEN`); a page with any other token, or opened from another site's page (its Origin), is
refused, with a reason it can show. Connections come in through guard.Door (caps, deadlines, out-of-descriptor
back-off), and with `cert` the server speaks https only (tls.py)."""
import asyncio
import collections
import hmac
import json
import secrets
import socket
import threading
from importlib.resources import files

from . import guard, inbox, present
from .errors import PortTaken, WebError
from .present import Presenter
from .tls import tls_context

STATIC = files("dicecup.web") / "static"   # shipped in the wheel (pyproject's package-data), found as dicecup.shipped does
QUEUE_LIMIT = 2000        # messages waiting for one page; a page this far behind is disconnected
RECENT_LINES = 40         # lines said at the table that a page gets when it connects
WRONG_LINK = 4403         # websocket close code (4000-4999 are the application's): not this table's link
FLOODED = 4408            # websocket close code: too many refused messages
TOO_MANY = 4429           # websocket close code: the table has as many screens open as it takes (screen_room)
FOREIGN = 4401            # websocket close code: opened from another site's page (its Origin is not this server)
PING_EVERY, PING_TIMEOUT = 15.0, 15.0   # seconds: a page that stops answering pings (gone, asleep) is closed
MAX_SCREENS = 200         # open table screens: each costs a queue and a send at every change of the table
FOREIGN_WORDS = "the table only talks to its own pages: open the link the hub printed"
LINK_WORDS = ("this link is not for this table: open the address the hub printed, or scan its QR code "
              "(a new game gets a new link)")


class WebTable:
    """The table screen server. `start()` listens and returns once it serves; use the object as a hub subscriber
    (`hub.subscribe(web)`); `close()` lets every page receive what was sent, then stops."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, token: str = None, cert=None):
        self.host, self.token, self.cert = host, token or secrets.token_urlsafe(12), cert
        self._ssl = tls_context(cert) if cert else None   # cert: (certificate file, key file); WebError if unusable
        self.notices = guard.Notices()   # the web side's trouble, one line at a time (guard.py)
        self.door = None                 # guard.Door, once the server runs
        self._sock = _listen(host, port)
        self.port = self._sock.getsockname()[1]
        self._loop = None
        self._ready = threading.Event()
        self.open_pages = set()          # (websocket, asyncio.Queue) of connected pages, phones' too (phonepage.py)
        self.table_text = None           # the latest table message, as text
        self._recent = collections.deque(maxlen=RECENT_LINES)
        self._server = None
        self._thread = None
        self.refused = 0                 # messages from pages refused (for tests and the curious)
        self.phones = []                 # phones.PhoneSeat of each phone seat: /p/TOKEN (phonepage.py)
        self.kind_present = present      # the game kind's piece of the web (rules/games.py): its pages' words
        self.extra_routes = []           # Starlette routes added before start() (phonepage.serve_phones)
        self.tell_hub = None             # tell_hub(line), from any thread: said at the hub (launch.phone_adder)
        self.spectator_extras = []       # callables(table message) -> a message for the table screens only, or None
        self._spectators = set()         # the table screens among the pages (phone pages are not)
        self._spectator_texts = []       # the last extras, for a table screen that connects
        # a rated table: callables that add to each table message (each seat's nerve), and more pages
        # under the table's link, /t/TOKEN/NAME -> a callable giving the page's HTML (the leaderboard)
        self.decorate = []
        self.pages = {}
        self._last_table_item = None
        self._present = Presenter()      # the hub's items as page messages (a poker table's state remembered)

    # -- the hub's side ------------------------------------------------------------------------------------------
    def __call__(self, item):
        """A subscriber: called on the hub's thread with each snapshot and event; only hands it over. Nothing here
        may stop the table: a failure is said in a line (rate-limited) and the item is dropped for the screens."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._publish, item)
            except RuntimeError:  # the loop closed meanwhile (the server stopped first): nobody is watching
                pass
            except Exception as error:  # noqa: BLE001 - the web side never takes the hub's thread down
                self.notices.say("publish", f"could not pass the table on to the pages: {type(error).__name__}: "
                                            f"{error}")

    def _publish(self, item):
        message = self._present(item)
        if message is None:
            return
        if message["type"] == "table":
            self._last_table_item = item
            for add in self.decorate:
                add(message)
        text = json.dumps(message, separators=(",", ":"))
        if message["type"] == "table":
            if text == self.table_text:
                return
            self.table_text = text
        elif message["type"] == "said":
            self._recent.append(text)
        for page in list(self.open_pages):
            self.send_to(page, text)
        if message["type"] == "table" and self.spectator_extras:  # e.g. the phone seats' codes while seating
            extras = (extra(message) for extra in self.spectator_extras)
            self._spectator_texts = [json.dumps(m, separators=(",", ":")) for m in extras if m is not None]
            for page in list(self._spectators):
                for extra_text in self._spectator_texts:
                    self.send_to(page, extra_text)

    def send_to(self, page, text):
        """Queue `text` for one page, a table screen or a phone's (phonepage.py); one too far behind is closed."""
        websocket, queue = page
        if queue.qsize() >= QUEUE_LIMIT:
            self.open_pages.discard(page)
            asyncio.ensure_future(close_quietly(websocket, 1008, "too far behind"))
            return
        queue.put_nowait(text)

    def refresh(self):
        """Send the table again, as the `decorate` callables now see it (the nerve after a rated game)."""
        if self._last_table_item is not None:
            self(self._last_table_item)

    # -- addresses -----------------------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"{self.scheme}://{_shown_host(self.host)}:{self.port}/t/{self.token}"

    @property
    def scheme(self) -> str:
        return "https" if self._ssl else "http"

    # -- the server ----------------------------------------------------------------------------------------------
    def start(self, timeout: float = 15.0):
        import uvicorn

        # No sockets for uvicorn to listen on: guard.Door accepts on ours (started with the lifespan, below).
        config = uvicorn.Config(self._app(), log_level="warning", access_log=False, lifespan="on", log_config=None,
                                http=guard.GuardedH11, ws="websockets-sansio", ws_max_size=4 * inbox.MAX_MESSAGE,
                                ws_ping_interval=PING_EVERY, ws_ping_timeout=PING_TIMEOUT)
        guard.quiet_uvicorn(self.notices)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": []}, name="web", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise WebError("the table screen's server did not start")
        return self

    def close(self, timeout: float = 5.0):
        """Give every page up to a second or two to receive what was sent, close them, stop the server."""
        if self._server is None:
            return
        if self._loop is not None and not self._loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(self._finish(), self._loop).result(timeout)
            except Exception:  # noqa: BLE001 - the loop may be gone or slow; stopping goes on regardless
                pass
        self._server.should_exit = True
        self._thread.join(timeout)
        self._sock.close()
        self._server = None

    async def _finish(self):
        for _ in range(40):
            if all(queue.empty() for _, queue in self.open_pages):
                break
            await asyncio.sleep(0.05)
        await asyncio.gather(*(close_quietly(ws, 1001, "the hub stopped") for ws, _ in list(self.open_pages)))

    def _app(self):
        from contextlib import asynccontextmanager

        from starlette.applications import Starlette
        from starlette.responses import FileResponse, HTMLResponse
        from starlette.routing import Mount, Route, WebSocketRoute
        from starlette.staticfiles import StaticFiles

        @asynccontextmanager
        async def lifespan(app):
            self._loop = asyncio.get_running_loop()
            self._loop.set_exception_handler(self.notices.loop_trouble)
            self.door = guard.Door(self._sock, self._new_connection, self.notices, ssl=self._ssl)
            self.door.open(self._loop)
            self._ready.set()
            yield
            self.door.close()

        async def home(request):
            return HTMLResponse(plain_page("dicecup", "Open the table's link that the hub printed, or scan its "
                                            "QR code."), headers=HEADERS)

        async def table(request):
            if not self._token_ok(request.path_params["token"]):
                return HTMLResponse(plain_page("Not this table", LINK_WORDS[0].upper() + LINK_WORDS[1:] + "."),
                                    status_code=403, headers=HEADERS)
            return FileResponse(STATIC / "table.html", headers=HEADERS)

        async def extra_page(request):  # the leaderboard of a rated table, under the table's link
            make = self.pages.get(request.path_params["page"])
            if not self._token_ok(request.path_params["token"]):
                return HTMLResponse(plain_page("Not this table", LINK_WORDS[0].upper() + LINK_WORDS[1:] + "."),
                                    status_code=403, headers=HEADERS)
            if make is None:  # the table's own link, a page it does not have (a typo, or not a rated table)
                return HTMLResponse(plain_page("No such page", "This table has no page by that name: the table "
                                                "itself is the link the hub printed."), status_code=404,
                                    headers=HEADERS)
            return HTMLResponse(await asyncio.to_thread(make), headers=HEADERS)

        return Starlette(routes=[Route("/", home), Route("/t/{token}", table),
                                 Route("/t/{token}/{page}", extra_page),
                                 WebSocketRoute("/ws/{token}", self._page),
                                 *self.extra_routes,
                                 Mount("/static", StaticFiles(directory=STATIC), name="static")],
                         lifespan=lifespan)

    def _new_connection(self):
        server = self._server
        return server.config.http_protocol_class(config=server.config, server_state=server.server_state,
                                                 app_state=server.lifespan.state)

    def screen_room(self) -> int:
        """Table screens at most: MAX_SCREENS, and within the door's room kept for pages, a place left for each
        phone seat, so screens can't take the phones' room."""
        reserved = self.door.reserved if self.door is not None else MAX_SCREENS
        return max(1, min(MAX_SCREENS, reserved - len(self.phones)))

    def keep(self, websocket):
        """This websocket is one of the table's pages now (a screen, a seated phone): the door keeps its room."""
        if self.door is not None and websocket.client is not None:
            self.door.keep(tuple(websocket.client))

    def _token_ok(self, token: str) -> bool:
        return hmac.compare_digest(token.encode("utf-8", "replace"), self.token.encode())

    async def _page(self, websocket):
        await websocket.accept()
        if not same_origin(websocket):
            return await refuse_page(websocket, FOREIGN_WORDS, FOREIGN, "not this table's page")
        if not self._token_ok(websocket.path_params["token"]):
            return await refuse_page(websocket, LINK_WORDS, WRONG_LINK, "not this table's link")
        most = self.screen_room()
        if len(self._spectators) >= most:  # a phone in the room opening screen after screen
            return await refuse_page(websocket, f"this table has {most} screens open already: close one to open "
                                 "this", TOO_MANY, "too many screens")
        self.keep(websocket)
        queue = asyncio.Queue()
        page = (websocket, queue)
        for text in [json.dumps({"type": "hello", "role": "spectator"}), *self._recent, self.table_text,
                     *self._spectator_texts]:
            if text is not None:
                queue.put_nowait(text)
        self.open_pages.add(page)
        self._spectators.add(page)
        sender = asyncio.ensure_future(pump_queue(websocket, queue))
        try:
            await self._listen_to(websocket, page)
        finally:
            self.open_pages.discard(page)
            self._spectators.discard(page)
            sender.cancel()

    async def _listen_to(self, websocket, page):
        from starlette.websockets import WebSocketDisconnect

        refusals = 0
        while True:
            try:
                received = await websocket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if received["type"] == "websocket.disconnect":
                return
            raw = received.get("text") if received.get("text") is not None else received.get("bytes")
            try:
                message = inbox.check(raw, role="spectator")
            except inbox.Refused as refusal:
                self.refused += 1
                refusals += 1
                self.send_to(page, json.dumps({"type": "refused", "reason": str(refusal)}))
                if refusals >= inbox.MAX_REFUSALS:
                    self.open_pages.discard(page)
                    return await close_quietly(websocket, FLOODED, "too many refused messages")
                continue
            if message["type"] == "sync" and self.table_text is not None:
                self.send_to(page, self.table_text)


HEADERS = {"Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:",
           "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def same_origin(websocket) -> bool:
    """A websocket opened by a page this server served: its Origin (which browsers always send, and a page can't
    forge) names the host the request was sent to. A page on another site, in a player's browser, opening the
    table's link is refused; a client that is no browser sends no Origin, and could send any it liked."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    scheme, _, netloc = origin.partition("://")
    expected = "https" if websocket.url.scheme == "wss" else "http"
    host = websocket.headers.get("host", "")
    return scheme.lower() == expected and bool(host) and netloc.lower() == host.lower()


async def pump_queue(websocket, queue):
    """Send a page what is queued for it, in order, until it goes away."""
    try:
        while True:
            await websocket.send_text(await queue.get())
    except Exception:  # noqa: BLE001 - a page that went away: its listener notices and forgets it
        pass


async def refuse_page(websocket, words, code, reason):
    """A page turned away before it gets anything of the table: `words` for its player (a final refusal: the page
    does not come back by itself), then the close with `code` and `reason`."""
    await websocket.send_text(json.dumps({"type": "refused", "reason": words, "final": True}))
    await close_quietly(websocket, code, reason)


async def close_quietly(websocket, code, reason):
    try:
        await websocket.close(code, reason)
    except Exception:  # noqa: BLE001 - already closed by the page
        pass


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket, bound now, so a taken port is said before the game starts."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise WebError(f"--web {host}:{port}: {host} is not an address of this machine") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        why = {98: "that port is taken (another program, or another dicecup): pick another, like --web 8081",
               13: "that port needs root: pick one above 1023, like --web 8080",
               99: f"{host} is not an address of this machine"}.get(error.errno, error.strerror)
        taken = PortTaken if error.errno == 98 else WebError
        raise taken(f"can't serve the table screen on {_as_typed(host)}:{port}: {why}") from None
    sock.setblocking(False)
    return sock


def _as_typed(host: str) -> str:
    """An address as it is written before a port: [::1] (8080 would read as part of an IPv6 address), 127.0.0.1."""
    return f"[{host}]" if ":" in host else host


def _shown_host(host: str) -> str:
    """The address to print: for a server on every interface, this machine's LAN address as best known."""
    if host not in ("0.0.0.0", "", "::"):
        return _as_typed(host)
    # The interface the LAN's route leaves by: a UDP socket "connected" to a TEST-NET address sends nothing. Asking
    # the machine's name comes second: Debian and Raspberry Pi OS map it to 127.0.1.1, so it often finds only that.
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address = probe.getsockname()[0]
        if not address.startswith(("127.", "0.")):
            return address
    except OSError:  # no route at all (a hub on its own hotspot, say): what its name resolves to, or the name
        pass
    finally:
        probe.close()
    try:
        for address in socket.gethostbyname_ex(socket.gethostname())[2]:
            if not address.startswith("127."):
                return address
    except OSError:
        pass
    return socket.gethostname()


def plain_page(title: str, words: str) -> str:
    return (f"<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>"
            f"<title>{title}</title><link rel=stylesheet href='/static/table.css'>"
            f"<body class=plain><main><h1>{title}</h1><p>{words}</p></main></body></html>")
