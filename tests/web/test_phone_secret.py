"""Issue 24 item 5: a phone's device secret never travels in a URL, nor on the websocket (one sniffed from
`?device=` on plain http took a phone's seat). In real Chromium against a real `dicecup play`: the seat link's
fragment (its key) is gone from the address bar once the page has loaded, every request and websocket address the
page makes holds neither the key nor the device secret, and the page reloaded after it sat proves its secret
(an HMAC over the server's challenge) with nothing wrapped, and plays on. A stranger who sniffed everything and
replays the proof is refused."""
import json

from test_phone_added import LINK, TypedHub
import pytest

from webpages import DEADLINE, Listener, browser, phone_socket_url  # noqa: F401 - a fixture

pytestmark = pytest.mark.slow  # a phone page in Chromium against a real hub

WAIT_MS = 60000


def recorded(page):
    """Every request URL, websocket URL and websocket frame the page sends, as they happen."""
    seen = {"requests": [], "sockets": [], "frames": []}
    page.on("request", lambda request: seen["requests"].append(request.url))

    def on_socket(socket):
        seen["sockets"].append(socket.url)
        socket.on("framesent", lambda payload: seen["frames"].append(payload))
    page.on("websocket", on_socket)
    return seen


def sit(page, hub):
    while not any("phone1 takes seat" in line for line in hub.lines):  # pressed again if sent too early
        assert hub.proc.poll() is None, "".join(hub.lines[-20:])
        if page.is_visible("#sit:enabled"):
            page.click("#sit")
        page.wait_for_timeout(100)  # the page's own pace, as a player's thumb


def test_the_device_secret_never_travels_and_a_reload_proves_it_without_sending_it(browser, tmp_path):
    with TypedHub(["--bots", "2", "--phones", "1", "--web", "127.0.0.1:0", "--data",
                   str(tmp_path)]) as hub:
        link = hub.wait_for(LINK.pattern).group(2)
        address, _, key = link.partition("#")
        assert len(key) == 32, link          # the printed link (and its QR code) carries the key in its fragment
        page = browser.new_page()
        seen = recorded(page)
        page.goto(link)
        page.wait_for_selector("#me:has-text(\"phone1's cup\")", timeout=WAIT_MS)
        assert page.url == address and "#" not in page.evaluate("location.href")   # off the address bar
        token = address.rsplit("/", 1)[1]
        device = page.evaluate(f"localStorage.getItem('dicecup-device-{token}')")
        assert page.evaluate(f"localStorage.getItem('dicecup-link-{token}')") == key and len(device) == 32
        sit(page, hub)
        hub.wait_for(r"the game begins")

        first_frames = len(seen["frames"])
        page.reload()                        # the same phone again: the seat is held by it now
        page.wait_for_selector("#me:has-text(\"phone1's cup\")", timeout=WAIT_MS)
        page.wait_for_selector("#peek", state="visible", timeout=WAIT_MS)   # its dice: it plays on
        assert "#" not in page.url
        answers = [json.loads(f) for f in seen["frames"][first_frames:] if '"device"' in f]
        assert len(answers) == 1 and set(answers[0]) == {"type", "proof"}, answers   # nothing wrapped: a proof

        everything = " ".join(seen["requests"] + seen["sockets"] + seen["frames"])
        assert device not in everything and key not in everything
        assert all("?" not in url for url in seen["sockets"]), seen["sockets"]

        # A stranger who saw every frame replays the page's proof: the challenge is new, and it is refused.
        stranger = Listener(phone_socket_url(address))
        assert stranger.wait_for(lambda m: m["type"] == "challenge")["held"] is True
        stranger.send(json.dumps(answers[0]))
        assert stranger.closed.wait(DEADLINE)
        assert stranger.close_code == 4423 and not any(m["type"] == "hello" for m in stranger.messages)
