"""Issue 24 item 5: a websocket opened from another site's page is refused with a reason (its Origin), the table
screen's and a phone seat's alike, and a real page on another origin in Chromium gets nothing of the table;
`--web-cert CERT KEY` serves the pages and their websockets over https with a certificate made here."""
import http.server
import json
import ssl
import subprocess
import sys
import threading
import urllib.request

import pytest

from webpages import DEADLINE, Listener, PhonePage, browser, socket_url  # noqa: F401 - a fixture

from dicecup.web.launch import phone_seats
from dicecup.web.phonepage import seat_url, serve_phones
from dicecup.web.server import WebTable
from dicecup.web.tls import self_signed

FOREIGN = 4401


@pytest.fixture
def web():
    table = WebTable()
    seats = phone_seats(1, type("Keys", (), {"extra": {}, "names": {}})())
    serve_phones(table, seats)
    table.start()
    yield table
    table.close()
    for seat in seats:
        seat.forget()


@pytest.mark.parametrize("origin", ["http://evil.example", f"http://127.0.0.1:1", "null", "https://127.0.0.1"])
def test_a_websocket_from_another_sites_page_is_refused_with_its_reason(web, origin):
    origin = origin if origin != "https://127.0.0.1" else f"https://127.0.0.1:{web.port}"  # same host, not scheme
    for page in (Listener(socket_url(web.url), origin=origin), PhonePage(seat_url(web, web.phones[0]), origin=origin)):
        assert page.closed.wait(DEADLINE) and page.close_code == FOREIGN, page.messages
        refusal = page.messages[-1]
        assert refusal["type"] == "refused" and refusal["final"] and "its own pages" in refusal["reason"]
        assert not any(m["type"] in ("hello", "table", "challenge") for m in page.messages), page.messages


def test_the_tables_own_origin_is_let_in(web):
    screen = Listener(socket_url(web.url), origin=f"http://127.0.0.1:{web.port}")
    phone = PhonePage(seat_url(web, web.phones[0]), origin=f"http://127.0.0.1:{web.port}")
    try:
        assert screen.wait_for(lambda m: m["type"] == "hello") and phone.wait_for(lambda m: m["type"] == "hello")
    finally:
        screen.close()
        phone.close()


def test_a_page_on_another_origin_in_chromium_gets_nothing_of_the_table(web, browser):
    """The attack itself: a page served from elsewhere (another port is another origin) that knows the table's
    link opens its websocket from a player's browser."""
    target = socket_url(web.url)
    evil = f"<script>const ws = new WebSocket({json.dumps(target)}); window.got = [];" \
           "ws.onmessage = (e) => window.got.push(e.data); ws.onclose = (e) => { window.closeCode = e.code; };</script>"

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(evil.encode())

        def log_message(self, *args):
            pass
    elsewhere = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Evil)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{elsewhere.server_port}/")
        page.wait_for_function("window.closeCode !== undefined", timeout=DEADLINE * 1000)
        assert page.evaluate("window.closeCode") == FOREIGN
        got = [json.loads(text) for text in page.evaluate("window.got")]
        assert [m["type"] for m in got] == ["refused"], got
    finally:
        elsewhere.shutdown()
        elsewhere.server_close()


def test_web_cert_serves_https_and_wss_with_a_certificate_made_here(tmp_path):
    cert, key = tmp_path / "hub.pem", tmp_path / "hub-key.pem"
    self_signed(cert, key, hosts=("127.0.0.1",))
    assert (key.stat().st_mode & 0o777) == 0o600
    web = WebTable(cert=(str(cert), str(key))).start()
    try:
        assert web.url.startswith("https://127.0.0.1:")
        trusting = ssl.create_default_context(cafile=str(cert))
        with urllib.request.urlopen(web.url, context=trusting, timeout=DEADLINE) as response:
            assert response.status == 200 and b"<html" in response.read().lower()
        screen = Listener(socket_url(web.url).replace("https://", "wss://", 1), ssl=trusting,
                          origin=f"https://127.0.0.1:{web.port}")
        assert screen.wait_for(lambda m: m["type"] == "hello")
        screen.close()
        with pytest.raises(Exception):  # plain http to the https port: no page
            urllib.request.urlopen(web.url.replace("https://", "http://", 1), timeout=DEADLINE).read()
    finally:
        web.close()


@pytest.mark.parametrize("command", ["play", "demo"])
def test_a_bad_web_cert_is_one_plain_line(tmp_path, command):
    bots = ["--bots", "2"] if command == "play" else []
    missing = subprocess.run([sys.executable, "-m", "dicecup", command, *bots, "--data", str(tmp_path), "--web", "0",
                              "--web-cert", str(tmp_path / "nope.pem"), str(tmp_path / "nope-key.pem")],
                             capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert missing.returncode == 1 and "Traceback" not in missing.stderr, missing.stderr[-2000:]
    assert missing.stderr.strip().splitlines()[-1] == f"dicecup {command}: --web-cert: {tmp_path / 'nope.pem'}: " \
                                                      "no such file"
    alone = subprocess.run([sys.executable, "-m", "dicecup", command, *bots, "--web-cert", "a", "b"],
                           capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert alone.returncode == 2 and alone.stderr.strip() == f"dicecup {command}: --web-cert serves the table " \
                                                             "screen over https: add --web too, like --web 0.0.0.0:8443"
