"""A phones game killed mid-round goes on with the same phones, in real Chromium: `dicecup play --phones 2 --bots
1 --web`, both phones seated and holding the round's dice, a bid standing; the hub is killed outright (kill -9:
nothing of it gets to say goodbye); `dicecup resume` serves the same address with the same links and keys (kept
beside the journal, never in it), and the two pages, left open, come back by themselves, with the same dice, and
play the game to its end. The journal referees, and the round cut by the kill is revealed with the dice the
pages had before it."""
import json
import os
import re
import stat
import subprocess
import sys
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_phone_pages import GAME_DEADLINE, press_for, start_play, stop, stored
from test_phone_poker_cup import POKER_TABLE, RECEIVING, STEP_MS, cup, play_a_turn, take_a_seat
from webpages import browser  # noqa: F401 - the fixture

from processes import HubProcess

pytestmark = pytest.mark.slow  # a whole game on phone pages in Chromium, across two hubs


def play_until(pages, lines, done, what):
    """Press what each page asks for until done() holds."""
    deadline = time.monotonic() + GAME_DEADLINE
    while not done():
        assert time.monotonic() < deadline, f"{what} never came:\n" + "".join(lines[-40:]) + "\n".join(
            f"{name}: {page.inner_text('body')[:300]!r}" for name, page in pages.items())
        if not any([press_for(page) for page in pages.values()]):
            time.sleep(0.05)


def mid_round(pages):
    """What each page keeps of its cup, once both phones hold this deal's dice, a bid stands and it is a phone's
    turn (nothing moves until it presses): the kill then cuts a round under way. None until then. Looked at twice,
    a second apart, the same both times: a page that still shows its composer while the bid it just sent is on its
    way (the bot then calls, the round ends) is not a round waiting for a phone."""
    def look():
        kept = {name: stored(page) or {} for name, page in pages.items()}
        under_way = all(cup.get("dice") for cup in kept.values()) and len({cup["deal"] for cup in kept.values()}) == 1
        waiting = [name for name, page in pages.items() if page.is_visible("#compose")]
        standing = pages[waiting[0]].inner_text("#standing") if waiting else "no bid yet"
        return (kept, waiting, standing) if under_way and waiting and "no bid yet" not in standing else None
    first = look()
    if first is None:
        return None
    time.sleep(1.0)
    return first[0] if look() == first else None


def test_a_phones_game_killed_mid_round_resumes_with_the_same_phones(browser, tmp_path):
    play, links, lines = start_play(tmp_path, phones=2, rules=("--bots", "1", "dice=3"))
    resumed = None
    try:
        pages = {name: browser.new_page() for name in links}
        for name, page in pages.items():
            page.goto(links[name])
        tv = browser.new_page()  # the table screen, across the kill too
        tv.goto(next(line.split(": ", 1)[1].split()[0] for line in lines if line.startswith("table screen: ")))
        caught = []
        play_until(pages, lines, lambda: caught.append(mid_round(pages)) or caught[-1],
                   "a round with both phones' dice, a bid, and a phone's turn")
        play.kill()  # SIGKILL: the hub's process ends with no word to anyone
        play.wait(30)
        # What each page holds now that its hub is gone: the round the kill cut (the bot may have moved between
        # the look above and the kill, on a loaded machine), one deal on both pages and dice on each
        before = {name: stored(page) or {} for name, page in pages.items()}
        assert len({cup.get("deal") for cup in before.values()}) == 1 and all(c.get("dice") for c in before.values()), \
            (caught[-1], before)
        journal = next(line.split("journal ", 1)[1].strip() for line in lines if "; journal " in line)
        kept = json.loads(open(journal + ".phones", encoding="utf-8").read())
        assert stat.S_IMODE(os.stat(journal + ".phones").st_mode) == 0o600
        text = open(journal, encoding="utf-8").read()
        assert all(phone["key"] not in text and phone["token"] not in text for phone in kept["phones"])
        for page in pages.values():  # each page sees its hub gone and keeps trying
            page.wait_for_function("() => document.querySelector('#link').textContent.includes('reconnecting')",
                                   timeout=30000)
        resumed = HubProcess(["resume", journal, "--data", str(tmp_path)], trace=False)
        resumed.wait_for("resuming")
        for name in links:  # nothing pressed meanwhile: the pages come back by themselves
            resumed.wait_for(f"{name}'s cup is back")
        play_until(pages, resumed.lines, lambda: all(p.is_visible(".banner.won") for p in pages.values()),
                   "the game's end")
        resumed.proc.wait(60)
        banner = pages["phone1"].inner_text(".banner.won")
        assert tv.inner_text(".banner.won") == banner  # the table screen came back with the phones
        for page in pages.values():  # the last call's outcome on the phones too, for a table with no screen (it
            try:                     # may come a moment after the winner's banner on a loaded machine)
                page.wait_for_function("() => /round \\d+: \\S+ called (liar|spot)/"
                                       ".test(document.querySelector('#standing').innerText)", timeout=30000)
            except PlaywrightTimeout:
                raise AssertionError(page.inner_text("#standing")) from None
        for page in (*pages.values(), tv):  # its hub has ended with the game: said so, not "reconnecting" for ever
            page.wait_for_function("() => document.querySelector('#link').textContent === 'the game is over'",
                                   timeout=30000)
    finally:
        stop(play)
        if resumed is not None:
            resumed.stop()
    assert resumed.proc.returncode == 0, "\n".join(resumed.lines[-30:])
    said = "\n".join(resumed.lines)
    assert "phone1's cup is back" in said and "phone2's cup is back" in said
    assert not any("can't go on" in line or "rolled again" in line for line in resumed.lines), said[-3000:]
    text = open(journal, encoding="utf-8").read()
    winner = re.search(r"^# (\S+) wins$", text, re.M).group(1)
    assert banner == f"{winner} wins the game"
    assert "# the hub restarted; resuming from this journal" in text
    for name in links:  # the deal the kill found on the pages (cut, or just ended) is revealed with their dice
        assert rolled_in_deal(text, before[name]["deal"], name) == before[name]["dice"]
    verdict = subprocess.run([sys.executable, "-m", "dicecup", "referee", journal], capture_output=True, text=True,
                             timeout=60)
    assert verdict.returncode == 0, verdict.stderr
    assert not os.path.exists(journal + ".phones")  # the game is over: nothing kept for a resume


def rolled_in_deal(text, deal, name) -> list:
    """The dice the journal reveals for `name` in deal number `deal`: its `roll NAME ...` line between that deal's
    `#@ round N deal=D` and the next round's."""
    rounds = re.split(r"^#@ round \d+ deal=", text, flags=re.M)[1:]
    section = next(part for part in rounds if part.startswith(f"{deal} "))
    return list(map(int, re.search(rf"^roll {name} ([\d ]+)$", section, re.M).group(1).split()))


def after_round(page, round_number, said):
    """Until the page's cup is in a later round or the winner's banner shows (`said()` words the failure)."""
    try:
        page.wait_for_function(f"""() => document.querySelector('.banner.won:not([hidden])')
                                   || window.PokerPhone.state().round > {round_number}""", timeout=STEP_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"neither round {round_number + 1} nor a winner came: {said()}\n"
                             + page.inner_text("body")[:400]) from None


def test_a_poker_table_whose_cup_is_a_phone_resumes_with_the_same_phone(browser, tmp_path):
    """The table's one poker cup is a phone: the hub is killed while the cup is passed on with a bid, and the
    resumed hub takes the same phone back as the table's cup; the game is played on it to a winner."""
    play, links, lines = start_play(tmp_path, phones=1, rules=POKER_TABLE)
    resumed = None
    try:
        page = browser.new_page()
        page.goto(links["phone1"])
        take_a_seat(page)
        seen = set()
        deadline = time.monotonic() + GAME_DEADLINE
        while play_a_turn(page, seen, leave={RECEIVING}) != RECEIVING:  # the cup passed on with a bid: cut here
            assert time.monotonic() < deadline, "".join(lines[-40:]) + page.inner_text("body")[:400]
        play.kill()
        play.wait(30)
        journal = next(line.split("journal ", 1)[1].strip() for line in lines if "; journal " in line)
        page.wait_for_function("() => document.querySelector('#link').textContent.includes('reconnecting')",
                               timeout=30000)
        resumed = HubProcess(["resume", journal, "--data", str(tmp_path)], trace=False)
        resumed.wait_for("the table's cup is back")  # before it, the page shows the dead hub's last word
        seen = set()  # the round cut by the kill is played again from its shake
        while not page.is_visible(".banner.won"):
            assert time.monotonic() < deadline + GAME_DEADLINE, "\n".join(resumed.lines[-40:]) + \
                page.inner_text("body")[:400]
            try:
                play_a_turn(page, seen)
            except AssertionError as lifted:  # the cup lifted at a call: the next round or the winner comes next
                after_round(page, cup(page)["round"], lambda: f"{lifted}\n" + "\n".join(resumed.lines[-40:]))
            except PlaywrightTimeout:  # the resumed hub moved the cup on under a click: read the page again
                seen.clear()
        resumed.proc.wait(60)
    finally:
        stop(play)
        if resumed is not None:
            resumed.stop()
    assert resumed.proc.returncode == 0, "\n".join(resumed.lines[-30:])
    verdict = subprocess.run([sys.executable, "-m", "dicecup", "referee", journal], capture_output=True, text=True,
                             timeout=60)
    assert verdict.returncode == 0, verdict.stderr
    assert not os.path.exists(journal + ".phones")
