"""The hub's web server as someone in the room would poke at it, with a plain HTTP client: unknown paths, path
traversal against the static route (plain and encoded), wrong, short and overlong tokens in a table's or a phone
seat's link, and methods other than GET on the pages. Each gets a plain answer and nothing it should not."""
import http.client

import pytest

from dicecup.web.launch import phone_seats
from dicecup.web.phonepage import serve_phones
from dicecup.web.server import WebTable

TRAVERSALS = ["/static/../../etc/passwd", "/static/..%2f..%2fetc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
              "/static/..%252f..%252fetc%252fpasswd", "/static/....//....//etc/passwd", "/static//etc/passwd",
              "/static/../server.py", "/static/..%5c..%5cserver.py", "/static/%00", "/static/"]


@pytest.fixture
def server():
    web = WebTable()
    seat, = phone_seats(1, type("Keys", (), {"extra": {}, "names": {}})())
    serve_phones(web, [seat])
    web.start()
    try:
        yield web, seat
    finally:
        web.close()
        seat.forget()


def fetch(web, method, path):
    connection = http.client.HTTPConnection("127.0.0.1", web.port, timeout=30)
    try:
        connection.request(method, path, body=b"x=1" if method in ("POST", "PUT") else None)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def test_nothing_outside_the_static_folder_is_served(server):
    web, _ = server
    assert fetch(web, "GET", "/static/phone.js")[0] == 200
    for path in TRAVERSALS:
        status, body = fetch(web, "GET", path)
        assert status == 404 and "root:" not in body and "WebTable" not in body, (path, status, body[:80])
    assert fetch(web, "GET", "/nope")[0] == 404


def test_a_wrong_short_or_overlong_token_is_refused_in_words(server):
    web, seat = server
    for token in (web.token[:-1], web.token + "x", "A" * 5000, "%ff", "%c3%a9", seat.token):
        status, body = fetch(web, "GET", f"/t/{token}")
        assert status == 403 and "not for this table" in body, (token[:20], status)
    for token in (seat.token[:5], seat.token + "x", web.token):
        status, body = fetch(web, "GET", f"/p/{token}")
        assert status == 403 and "not for this table" in body, (token[:20], status)


def test_a_page_under_the_tables_link_that_does_not_exist_is_said_so(server):
    web, _ = server
    status, body = fetch(web, "GET", f"/t/{web.token}/nope")
    assert status == 404 and "No such page" in body and "not for this table" not in body, body[:300]
    status, body = fetch(web, "GET", f"/t/{web.token[:-1]}/nope")
    assert status == 403 and "not for this table" in body


def test_pages_answer_head_and_refuse_other_methods(server):
    web, seat = server
    for path in (f"/t/{web.token}", f"/p/{seat.token}"):
        assert fetch(web, "HEAD", path) == (200, "")
        for method in ("POST", "PUT", "DELETE"):
            assert fetch(web, method, path)[0] == 405, (method, path)
    assert fetch(web, "POST", "/static/phone.js")[0] == 405
