"""Issue 24 item 5, the web side can't stop the table: real sockets against the real server (guard.py's door).
A request must arrive whole within its deadline, connections past the caps are turned away at once, a process
out of descriptors backs off instead of spinning and writes one line, and `demo --web` under a 256-descriptor limit
with 300 half-open connections kept open plays its game to the end with a small log."""
import json
import re
import socket
import subprocess
import sys
import threading
import time

import pytest

from webpages import DEADLINE

from dicecup.sim.webflood import Slowloris, fetched
from dicecup.web import guard, server
from dicecup.web.server import WebTable

REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"


def closed_by_server(sock, within: float) -> bool:
    """True once the server closes `sock` (reads end), False if it is still open after `within` seconds."""
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
        return True
    except socket.timeout:
        return False
    except OSError:  # reset: closed too
        return True


def answered(sock) -> bool:
    """Send a whole request on `sock`; True if a whole 200 response comes back (read to its end)."""
    sock.settimeout(DEADLINE)
    sock.sendall(REQUEST)
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(4096)
        if not chunk:
            return False
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?im)^content-length: *(\d+)", head).group(1))
    while len(body) < length:
        body += sock.recv(4096)
    return head.startswith(b"HTTP/1.1 200")


def connect(web, source="127.0.0.1"):
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", web.port))
    return sock


@pytest.fixture
def web(monkeypatch):
    monkeypatch.setattr(guard, "REQUEST_TIMEOUT", 1.0)
    table = WebTable().start()
    yield table
    table.close()


def test_a_request_head_that_never_ends_is_closed_after_its_deadline(web):
    half = connect(web)
    half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")   # and never the blank line
    silent = connect(web)                                     # connected, nothing sent
    started = time.monotonic()
    try:
        assert closed_by_server(half, DEADLINE) and closed_by_server(silent, DEADLINE)
        assert time.monotonic() - started < guard.REQUEST_TIMEOUT + 5
    finally:
        half.close()
        silent.close()


def test_a_byte_now_and_then_does_not_keep_a_connection_open(web):
    """Slowloris: every byte used to restart uvicorn's keep-alive timer; the deadline is for the request whole."""
    drip = connect(web)
    stop = threading.Event()

    def dribble():
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200:
            if stop.wait(0.2):   # the attack's own pace, not a wait for the server
                return
            try:
                drip.send(bytes([byte]))
            except OSError:
                return
    threading.Thread(target=dribble, daemon=True).start()
    try:
        assert closed_by_server(drip, DEADLINE), "a connection sending a byte every 0.2 s was kept open"
    finally:
        stop.set()
        drip.close()


def test_a_whole_request_is_still_served_and_kept_alive_for_the_next(web):
    sock = connect(web)
    try:
        assert answered(sock)
        assert answered(sock)   # keep-alive: the deadline starts again after each response
    finally:
        sock.close()


def test_connections_past_the_cap_per_address_are_turned_away(monkeypatch, web):
    monkeypatch.setattr(web.door, "per_address", 4)
    monkeypatch.setattr(guard, "REQUEST_TIMEOUT", DEADLINE)
    kept = [connect(web) for _ in range(4)]
    extra = connect(web)
    other = connect(web, source="127.0.0.2")   # another address still gets in
    try:
        assert closed_by_server(extra, DEADLINE)
        assert all(answered(sock) for sock in kept) and answered(other)
        assert web.door.turned_away == 1
    finally:
        for sock in [*kept, extra, other]:
            sock.close()


def test_past_the_cap_the_oldest_waiting_connection_of_the_busiest_address_makes_room(monkeypatch, web):
    """A newcomer is never turned away for the cap in all: the oldest waiting connection of the address holding the
    most goes instead, so a flood pays for itself."""
    monkeypatch.setattr(web.door, "most", 8)   # 2 kept for pages: 6 waiting at most
    monkeypatch.setattr(guard, "REQUEST_TIMEOUT", DEADLINE)
    busiest = [connect(web, source="127.0.0.2") for _ in range(4)]
    others = [connect(web, source=f"127.0.0.{3 + n}") for n in range(2)]
    newcomer = None
    try:
        wait_until(lambda: web.door.open_connections() == 6, "the six connections to be let in")
        newcomer = connect(web, source="127.0.0.9")
        assert answered(newcomer)
        assert closed_by_server(busiest[0], DEADLINE), "the busiest address's oldest connection stayed"
        assert all(answered(sock) for sock in [*busiest[1:], *others])
        assert (web.door.pushed_out, web.door.turned_away) == (1, 0)
    finally:
        for sock in [*busiest, *others, newcomer]:
            if sock is not None:
                sock.close()


def wait_until(done, what, within=DEADLINE):
    """Poll the server's state until done() (the door has no event to wait on); fails after `within` seconds."""
    deadline = time.monotonic() + within
    while not done():
        assert time.monotonic() < deadline, f"waited {within} s for {what}"
        time.sleep(0.02)


def test_the_cap_in_all_is_a_quarter_of_the_descriptors():
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
        assert guard.connection_cap() == 64
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_failure_on_the_web_side_is_one_line_now_and_then_never_a_traceback_flood(monkeypatch, capfd):
    web = WebTable().start()
    try:
        def broken(item):
            raise ValueError("a presenter bug")
        monkeypatch.setattr(web, "_present", broken)
        for n in range(500):
            web(("an item", n))
        web.close()
    finally:
        web.close()
    said = capfd.readouterr().err
    lines = [line for line in said.splitlines() if "a presenter bug" in line]
    assert 1 <= len(lines) <= 2 and "Traceback" not in said, said[-3000:]


OUT_OF_DESCRIPTORS = r"""
import resource, sys, time
from dicecup.web.server import WebTable
web = WebTable().start()
hog = []
try:
    while True:
        hog.append(open("/dev/null"))       # every descriptor this process may have
except OSError:
    pass
print(web.port, flush=True)
sys.stdin.readline()                         # the test's connections wait in the listen backlog
start = resource.getrusage(resource.RUSAGE_SELF)
time.sleep(3)                                # the window measured: what the server does while it can't accept
end = resource.getrusage(resource.RUSAGE_SELF)
for handle in hog:
    handle.close()
print(f"cpu {end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime:.3f} troubles {web.notices.heard}",
      flush=True)
sys.stdin.readline()
web.close()
"""


def test_out_of_descriptors_the_server_backs_off_says_it_once_and_serves_again(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", OUT_OF_DESCRIPTORS], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: __import__("resource").setrlimit(
                                 __import__("resource").RLIMIT_NOFILE, (128, 128)))
    socks = []
    try:
        port = int(child.stdout.readline())
        socks = [socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) for _ in range(20)]
        child.stdin.write("go\n")
        child.stdin.flush()
        measured = child.stdout.readline()
        found = re.match(r"cpu ([\d.]+) troubles (\d+)", measured)
        assert found, measured + child.stderr.read()
        # Backing off, doubling: a handful of failed accepts in 3 s (asyncio's own loop: one per backlog slot,
        # 2048 at each wake-up, each a traceback unless told otherwise)
        assert float(found.group(1)) < 0.6 and int(found.group(2)) <= 12, f"the server spun: {measured}"
        assert all(answered(sock) for sock in socks)   # descriptors back: the waiting connections are served
        child.stdin.write("done\n")
        child.stdin.flush()
        _, said = child.communicate(timeout=DEADLINE)
    finally:
        for sock in socks:
            sock.close()
        if child.poll() is None:
            child.kill()
            child.wait(DEADLINE)
    assert "Traceback" not in said and len(said.splitlines()) <= 2, said[-3000:]
    assert "out of file descriptors" in said, said


def keep_half_open(port, count, stop):
    """`count` connections that never send a byte, opened again as the server closes them, until `stop`."""
    import selectors
    chooser = selectors.DefaultSelector()
    opened = 0

    def open_one():
        nonlocal opened
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            return
        opened += 1
        chooser.register(sock, selectors.EVENT_READ)
    for _ in range(count):
        open_one()
    while not stop.is_set():
        for key, _ in chooser.select(0.5):
            chooser.unregister(key.fileobj)
            key.fileobj.close()
            open_one()
    for key in list(chooser.get_map().values()):
        key.fileobj.close()
    return opened


def test_demo_web_plays_to_the_end_under_300_half_open_connections_and_256_descriptors(tmp_path):
    log = tmp_path / "demo.log"
    with open(log, "w") as err:
        demo = subprocess.Popen(
            [sys.executable, "-m", "dicecup", "demo", "--cups", "3", "--brief", "--data", str(tmp_path),
             "--web", "127.0.0.1:0"], stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL, text=True,
            preexec_fn=lambda: __import__("resource").setrlimit(__import__("resource").RLIMIT_NOFILE, (256, 256)))
    stop = threading.Event()
    attack = None
    try:
        for line in demo.stdout:
            found = re.match(r"table screen: http://127\.0\.0\.1:(\d+)/t/", line)
            if found:
                break
        assert found, "no table screen printed"
        attack = threading.Thread(target=keep_half_open, args=(int(found.group(1)), 300, stop), daemon=True)
        attack.start()
        rest = demo.communicate(timeout=600)[0]
    finally:
        stop.set()
        if demo.poll() is None:
            demo.kill()
            demo.wait(DEADLINE)
        if attack is not None:
            attack.join(DEADLINE)
    said = log.read_text()
    assert demo.returncode == 0 and re.search(r"^\S+ wins the game\.$", rest, re.M), said[-3000:]
    assert len(said) < 4000 and "Traceback" not in said, said[-3000:]


def full(door) -> bool:
    """The waiting connections fill their share: a newcomer now finds the door at its cap."""
    return door.open_connections() - door.pages() >= door.most - door.reserved


@pytest.fixture
def common_limit():
    """This process at the common limit of 1024 descriptors, as most systems start a program."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.fixture
def table_with_phones(common_limit):
    from dicecup.web.launch import phone_seats
    from dicecup.web.phonepage import serve_phones
    web = WebTable()
    seats = phone_seats(2, type("Keys", (), {"extra": {}, "names": {}})())
    serve_phones(web, seats)
    web.start()
    yield web, seats
    web.close()
    for seat in seats:
        seat.forget()


@pytest.fixture
def attack():
    floods = []

    def start(port, sources, each):
        floods.append(Slowloris(port, sources, each).start())
    yield start
    for flood in floods:
        flood.stop()


def test_a_slowloris_from_16_addresses_keeps_neither_the_table_page_nor_a_phone_out(table_with_phones, attack):
    """The attack: 16 addresses (8 beat the per-address cap) holding half-sent requests filled the 256 connections
    for 40 s. Now they only push each other out, and the page and a phone get in."""
    from webpages import Listener, PhonePage, socket_url
    from dicecup.web.phonepage import seat_url
    web, seats = table_with_phones
    assert web.door.most == 256  # a quarter of 1024
    seated = PhonePage(seat_url(web, seats[0]))   # a phone on its seat before the flood
    assert seated.wait_for(lambda m: m["type"] == "hello")
    attack(web.port, [f"127.0.0.{n}" for n in range(2, 18)], 24)   # 384 half-open connections
    wait_until(lambda: full(web.door), "the flood to fill the waiting connections' share")
    path = web.url.split(f":{web.port}", 1)[1]
    assert fetched(path, web.port), "the table page could not be loaded under the flood"
    screen = Listener(socket_url(web.url))
    assert screen.wait_for(lambda m: m["type"] == "hello") is not None, screen.messages
    phone = PhonePage(seat_url(web, seats[1]))
    assert phone.wait_for(lambda m: m["type"] == "hello") is not None, phone.messages
    assert not seated.closed.is_set(), "the seated phone was pushed out"
    assert web.door.open_connections() <= web.door.most
    for page in (screen, phone, seated):
        page.close()


def test_a_flood_from_many_addresses_pushes_out_none_of_the_tables_pages(table_with_phones, attack):
    """The table's pages are kept apart: here they (three screens and a phone, on one address) are as many as the
    flood's connections on each of its 64 addresses, and older, so a door that counted them as waiting would push
    them out first."""
    from webpages import Listener, PhonePage, socket_url
    from dicecup.web.phonepage import seat_url
    web, seats = table_with_phones
    pages = [Listener(socket_url(web.url)) for _ in range(3)] + [PhonePage(seat_url(web, seats[0]))]
    for page in pages:
        assert page.wait_for(lambda m: m["type"] == "hello")
    attack(web.port, [f"127.0.1.{n}" for n in range(1, 65)], 4)   # 256: more than the waiting share
    wait_until(lambda: web.door.pushed_out >= 64, "the flood to push waiting connections out")
    for page in pages:   # a page still open is answered (its message refused); one pushed out is closed
        page.send(json.dumps({"type": "nonsense"}))
        assert page.wait_for(lambda m: m["type"] == "refused") is not None, "a page was pushed out by the flood"
    for page in pages:
        page.close()
