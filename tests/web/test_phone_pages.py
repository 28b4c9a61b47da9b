"""Phones as cups in real Chromium: `dicecup play --phones 3` is a game with phones only, played to the end on the
phones' own pages (the test presses their buttons: take a seat; open with 1 x two; call liar on any bid) and
refereed like any other; every die in the journal is one the phone's page drew itself (its localStorage). A page
reloaded mid-round comes back with the same dice. The seat pages' websocket traffic never carries another seat's
hidden dice."""
import json
import re
import subprocess
import sys
import threading
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_page_messages import dice_outside_reveals
import pytest

from webpages import browser  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow  # whole games on phone pages in Chromium


GAME_DEADLINE = 120  # seconds


def start_play(tmp_path, phones=3, rules=("dice=2",)):
    play = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--phones", str(phones), *rules,
                             "--data", str(tmp_path), "--web", "127.0.0.1:0"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    links, lines = {}, []
    deadline = time.monotonic() + 60
    for line in play.stdout:
        lines.append(line)
        found = re.match(r"(phone\d)'s phone .*: (http://127\.0\.0\.1:\d+/p/\S+)$", line.strip())
        if found:
            links[found.group(1)] = found.group(2)
            if len(links) == phones:  # the rest of what it prints is kept as it comes, to say where a game stuck
                play.reader = threading.Thread(target=lambda: lines.extend(play.stdout), daemon=True)
                play.reader.start()
                return play, links, lines
        assert time.monotonic() < deadline, "".join(lines)
    raise AssertionError("no phone links:\n" + "".join(lines) + play.stderr.read())


def stop(play):
    """A `dicecup play` still running (a test that failed midway) is stopped."""
    if play.poll() is None:
        play.kill()
        play.wait(30)


def finished(play, lines, banner):
    """A `dicecup play` that has ended, and ended well, with the winner its pages' banner named: (all it printed,
    the winner, its journal's path)."""
    play.reader.join(30)
    out, err = "".join(lines), play.stderr.read()
    assert play.returncode == 0 and "Traceback" not in err, err[-2000:]
    winner = re.search(r"^(\S+) wins the game\.$", out, re.M).group(1)
    assert banner == f"{winner} wins the game"
    return out, winner, re.search(r"^journal: (.+)$", out, re.M).group(1)


def stored(page) -> dict:
    """What the phone's page keeps of its cup (localStorage): seat, deal, nonce, seed, digest, entropy, dice."""
    return page.evaluate("JSON.parse(localStorage.getItem('dicecup-phone-' + location.pathname.split('/').pop()))")


def press_for(page):
    """One look at a phone's page and, if something is asked of its player, the press: True if it pressed. The page
    may change between the look and the press (the hub moved on): then nothing is pressed this time."""
    try:
        if page.is_visible("#sit") and page.is_enabled("#sit"):
            page.click("#sit", timeout=2000, force=True)
            return True
        if page.is_visible("#compose"):
            page.click("#liar" if page.is_enabled("#liar") else "#bid", timeout=2000, force=True)  # opens on 1 x two
            return True
    except (PlaywrightTimeout, PlaywrightError):  # e.g. "not visible": the turn passed meanwhile
        pass
    return False


def test_dicecup_play_with_three_phones_plays_a_whole_game_on_their_pages_and_the_journal_referees(browser, tmp_path):
    play, links, lines = start_play(tmp_path)
    traffic = {name: [] for name in links}
    try:
        pages = {}
        for name, url in links.items():
            page = browser.new_page()
            page.on("websocket", lambda ws, name=name: ws.on("framereceived",
                                                           lambda payload, name=name: traffic[name].append(payload)))
            page.goto(url)
            pages[name] = page
        deadline = time.monotonic() + GAME_DEADLINE
        reloaded = None
        while not all(p.is_visible(".banner.won") for p in pages.values()):
            assert time.monotonic() < deadline, "the game did not end:\n" + "".join(lines[-40:]) + "\n".join(
                f"{name}: {page.inner_text('body')[:300]!r}" for name, page in pages.items())
            phone2 = pages["phone2"]
            if reloaded is None and phone2.is_visible("#peek") and "no bid yet" in phone2.inner_text("#standing"):
                before = stored(phone2)  # its dice, no bid yet so no call in flight, nobody presses meanwhile
                if before.get("dice"):  # else the round ended between the look and the read: reload at the next
                    phone2.reload()
                    phone2.wait_for_selector("#peek", timeout=30000)  # back, with the same deal's dice
                    reloaded = (before, stored(phone2))
            if not any([press_for(page) for page in pages.values()]):
                time.sleep(0.05)
        winner_banner = pages["phone1"].inner_text(".banner.won")
        play.wait(60)
    finally:
        stop(play)
    out, winner, journal = finished(play, lines, winner_banner)
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", journal, "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)
    assert verdict["winner"] == winner and len(verdict["rounds"]) >= 3
    text = open(journal, encoding="utf-8").read()
    assert re.search(r"^seats phone\d phone\d phone\d$", text, re.M)
    assert all(f"#@ cup {name} id=" in text and "board=phone" in text for name in links)
    # the reload: same deal, same seed, same dice, and the game went on
    assert reloaded is not None, "phone2 was never reloaded with its dice, no bid yet"
    before, after = reloaded
    assert before["dice"] and (before["deal"], before["seed"], before["dice"]) == (after["deal"], after["seed"],
                                                                                    after["dice"])
    # nothing on a seat's socket is another seat's dice before the reveal: cup messages carry only this seat's
    for name, frames in traffic.items():
        for frame in frames:
            message = json.loads(frame)
            if message["type"] == "cup":
                assert message["m"] not in ("reveal", "commit"), message  # the hub never relays another cup's
            assert "seed" not in message and "digest" not in message, message
            assert dice_outside_reveals(message) == [], message  # dice only as rounds already revealed


NOTES = """() => { window.notes = []; new MutationObserver(() => window.notes.push(document.querySelector('#note')
    .textContent)).observe(document.querySelector('#note'), {childList: true, characterData: true, subtree: true}); }"""


def test_a_take_a_seat_lost_on_the_way_is_offered_again_and_the_phone_sits(browser, tmp_path):
    """The link under a phone page can change while seats are taken (the page reconnects, the hub re-opens the
    seat's link): a press of "Take a seat" sent just then never reaches the hub. The page must not wait forever on
    an answer that will not come: the button comes back, and a second press seats the phone. The loss here is made
    in the browser (Playwright's websocket route drops the page's first intent), not by a stand-in page."""
    play, links, lines = start_play(tmp_path, phones=2)
    dropped = []
    try:
        page = browser.new_page()

        def lose_first_intent(ws):
            server = ws.connect_to_server()

            def from_page(message):
                if '"intent"' in str(message) and not dropped:
                    dropped.append(message)
                    return
                server.send(message)
            ws.on_message(from_page)

        page.route_web_socket("**/ws/p/**", lose_first_intent)
        page.goto(links["phone1"])
        page.wait_for_selector("#note", state="attached")
        page.evaluate(NOTES)  # "you have a seat" is soon replaced (the game starts): every note is kept
        other = browser.new_page()
        other.goto(links["phone2"])
        other.wait_for_selector("#sit:enabled", timeout=30000)
        other.click("#sit")
        page.wait_for_selector("#sit:enabled", timeout=30000)
        page.click("#sit")
        page.wait_for_function("() => document.querySelector('#sit').disabled", timeout=5000)
        assert dropped, "the route did not see the page's seat request"
        page.wait_for_selector("#sit:enabled", timeout=15000)  # not stuck: offered again
        page.click("#sit")
        page.wait_for_function("() => window.notes.includes('you have a seat')", timeout=30000)
    finally:
        play.kill()
        play.wait(30)
    assert "phone1 takes seat" in "".join(lines), "".join(lines[-20:])


def test_at_the_revolver_a_phone_shows_each_pull_of_its_trigger(browser, tmp_path):
    """The revolver house: a round's loser pulls the trigger, and the phone in their hand says what came of it
    (click: spared, with the bullets in the cylinder; BANG: out), and buzzes, as a cup blinks. Two phones play to the
    end: the game ends with a BANG on the loser's page."""
    play, links, lines = start_play(tmp_path, phones=2, rules=("--rules", "revolver"))
    try:
        pages = {}
        for name, url in links.items():
            pages[name] = browser.new_page()
            pages[name].goto(url)
            pages[name].wait_for_selector("#note", state="attached")
            pages[name].evaluate(NOTES)
        deadline = time.monotonic() + GAME_DEADLINE
        while not all(p.is_visible(".banner.won") for p in pages.values()):
            assert time.monotonic() < deadline, "the game did not end:\n" + "".join(lines[-30:]) + "\n".join(
                f"{name}: {page.inner_text('body')[:300]!r}" for name, page in pages.items())
            if not any([press_for(page) for page in pages.values()]):
                time.sleep(0.05)
        play.wait(60)
        notes = {name: page.evaluate("window.notes") for name, page in pages.items()}
    finally:
        stop(play)
    play.reader.join(30)
    out = "".join(lines)
    winner = re.search(r"^(\S+) wins the game\.$", out, re.M).group(1)
    loser = next(name for name in links if name != winner)
    assert any(n.startswith("BANG") for n in notes[loser]), notes
    assert not any(n.startswith("BANG") for n in notes[winner]), notes
    clicks = re.findall(r"click\. (\S+) lives", out)
    for name in clicks:  # every click said at the hub was said on that phone too
        assert any(n.startswith("click") for n in notes[name]), (name, notes)
