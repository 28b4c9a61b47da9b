"""The friend who turns up while seats are being taken: the host types `phone NAME` at the hub, and a phone seat
is added then and there, with its own secret link and QR code printed at the hub (its name on the table screen
until it sits), and the game waits for it. Real `dicecup play` process, typed at through its stdin; the phones are real
pages in Chromium."""
import json
import re
import subprocess
import sys
import threading
import time

from test_phone_pages import GAME_DEADLINE, press_for
import pytest

from webpages import browser  # noqa: F401 - the fixture
from processes import wait_for

LINK = re.compile(r"(\w+)'s phone \(this link plays \1's seat.*\): (http://127\.0\.0\.1:\d+/p/\S+)$")


class TypedHub:
    """`dicecup play` with its output read on a thread, and lines typed at it; as a context manager, the process is
    stopped at the end if it is still running."""

    def __init__(self, args):
        self.proc = subprocess.Popen([sys.executable, "-m", "dicecup", "play", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = []
        threading.Thread(target=lambda: self.lines.extend(self.proc.stdout), daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(30)

    def type(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, pattern, after=0, timeout=60):
        def said():
            found = next((m for line in self.lines[after:] if (m := re.search(pattern, line.strip()))), None)
            assert found or self.proc.poll() is None, "".join(self.lines)
            return found

        return wait_for(said, lambda: f"the hub never said {pattern!r}:\n" + "".join(self.lines[-30:]), timeout)


@pytest.mark.slow
def test_the_host_adds_a_phone_seat_while_seats_are_taken_and_it_plays(browser, tmp_path):
    with TypedHub(["--bots", "1", "--phones", "1", "--web", "127.0.0.1:0", "--data",
                   str(tmp_path), "dice=2"]) as hub:
        links = {"phone1": hub.wait_for(LINK.pattern).group(2)}
        hub.wait_for(r"phone1's phone: its page is not open yet")
        for typed, said in [("phone", r"type `phone NAME`"), ("phone phone1", r"a seat called phone1 already"),
                            ("phone 9lives", r"'9lives' is not a name")]:
            mark = len(hub.lines)
            hub.type(typed)
            hub.wait_for(said, after=mark)
        mark = len(hub.lines)
        hub.type("phone Zoe")
        links["Zoe"] = hub.wait_for(r"(Zoe)'s phone \(this link plays Zoe's seat.*\): (http://\S+)$",
                                    after=mark).group(2)
        hub.wait_for(r"Zoe's phone seat is added", after=mark)
        pages = {}
        for name, url in links.items():
            pages[name] = browser.new_page()
            pages[name].goto(url)
        deadline = time.monotonic() + GAME_DEADLINE
        while not all(p.is_visible(".banner.won") for p in pages.values()):
            assert time.monotonic() < deadline, "the game did not end:\n" + "".join(hub.lines[-30:])
            if not any([press_for(page) for page in pages.values()]):
                time.sleep(0.05)
        assert hub.proc.wait(60) == 0
    out = "".join(hub.lines)
    journal = re.search(r"^journal: (.+)$", out, re.M).group(1)
    text = open(journal, encoding="utf-8").read()
    assert re.search(r"^seats (phone1 Zoe|Zoe phone1) bot1$", text, re.M), text[:300]
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", journal, "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)
    assert verdict["winner"] in ("phone1", "Zoe", "bot1")


def test_a_phone_seat_is_added_only_while_seats_are_taken(tmp_path):
    with TypedHub(["--bots", "2", "--web", "127.0.0.1:0", "--data", str(tmp_path)]) as hub:  # 5 dice
        hub.wait_for(r"the game begins")
        mark = len(hub.lines)
        hub.type("phone zoe")
        hub.wait_for(r"the game has begun: a phone seat is added while seats are taken", after=mark)
    assert not any("zoe's phone (this link" in line for line in hub.lines)


def test_a_phone_is_not_given_a_bots_name(tmp_path):
    """The bots sit only when the game begins, so while seats are taken a phone could be called bot1 too: the hub
    would then call one of them bot1-2, and the phone's page would say bot1 while the table means the other."""
    done = subprocess.run([sys.executable, "-m", "dicecup", "play", "--bots", "2", "--phones", "ana,BOT2", "--web",
                           "127.0.0.1:0", "--data", str(tmp_path)], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)  # before: it printed the links and waited for the phones
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "dicecup play: --phones BOT2: bot2 is a bot's seat at this table: give the phone another name"]
    with TypedHub(["--bots", "1", "--phones", "1", "--web", "127.0.0.1:0", "--data", str(tmp_path)]) as hub:
        hub.wait_for(r"phone1's phone: its page is not open yet")
        mark = len(hub.lines)
        hub.type("phone Bot1")
        hub.wait_for(r"there is a seat called Bot1 already: give the phone another name", after=mark)
    assert not any("Bot1's phone (this link" in line for line in hub.lines)
