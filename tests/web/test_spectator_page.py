"""The table screen in a real browser (Debian's Chromium through Playwright): a spectator page follows a whole
`dicecup demo --web` game — virtual cups on MicroPython, the server in the demo's own process — and shows every
reveal and the winner, as the game's journal has them; a page opened with a wrong link is refused."""
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from webpages import browser  # noqa: F401 - the fixture

from dicecup.web.server import WebTable

pytestmark = pytest.mark.slow  # a whole demo game followed in Chromium


DEMO_DEADLINE = 150  # seconds for a short demo on a loaded machine


def start_demo(tmp_path):
    demo = subprocess.Popen([sys.executable, "-m", "dicecup", "demo", "--seed", "screen", "--brief", "dice=2",
                             "--data", str(tmp_path), "--web", "127.0.0.1:0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    deadline = time.monotonic() + 60
    for line in demo.stdout:  # the address comes before the first cup sits down
        lines.append(line)
        found = re.match(r"table screen: (http://127\.0\.0\.1:\d+/t/\S+)$", line.strip())
        if found:
            return demo, found.group(1), lines
        assert time.monotonic() < deadline, "".join(lines)
    raise AssertionError("the demo printed no table screen address:\n" + "".join(lines) + demo.stderr.read())


def test_a_spectator_page_follows_a_whole_demo_game_and_shows_every_reveal_and_the_winner(browser, tmp_path):
    demo, url, lines = start_demo(tmp_path)
    try:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector(".banner.won", timeout=DEMO_DEADLINE * 1000)
        rounds = {int(item.get_attribute("data-round")): item.inner_text()
                  for item in page.query_selector_all("#rounds li")}
        banner = page.inner_text(".banner.won")
        live = int(page.evaluate("document.body.dataset.liveReveals || 0"))
        out, err = demo.communicate(timeout=DEMO_DEADLINE)
    finally:
        if demo.poll() is None:
            demo.kill()
            demo.communicate()
    out = "".join(lines) + out
    assert demo.returncode == 0 and "Traceback" not in err, err[-2000:]
    winner = re.search(r"^(\S+) wins the game\.$", out, re.M).group(1)
    journal = re.search(r"^journal: (.+)$", out, re.M).group(1)
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", journal, "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)
    assert banner == f"{winner} wins the game" and verdict["winner"] == winner
    assert sorted(rounds) == [r["n"] for r in verdict["rounds"]]
    for played in verdict["rounds"]:
        shown = rounds[played["n"]]
        assert f"{played['caller']} called {played['call']}" in shown, shown
        assert ("the call was right" if played["correct"] else "the call was wrong") in shown
        assert all(loser in shown for loser in played["losers"])
        assert f"{played['bid']} by {played['bidder']}" in shown
    assert live >= len(verdict["rounds"]) - 1, f"only {live} reveals seen as they happened"  # joined in time


def test_a_page_opened_with_a_wrong_link_is_refused(browser):
    web = WebTable().start()
    try:
        page = browser.new_page()
        wrong = web.url.rsplit("/", 1)[0] + "/" + "x" * len(web.token)
        response = page.goto(wrong)
        assert response.status == 403
        assert "this link is not for this table" in page.inner_text("body").lower()
        assert page.query_selector("#seats") is None  # not the table's page at all
        response = page.goto(web.url)  # the right link serves the table, which connects and waits for the game
        assert response.status == 200
        page.wait_for_selector("#phase:has-text('waiting for the game')")
        try:
            urllib.request.urlopen(wrong.replace("/t/", "/t/%00"), timeout=30)
            raise AssertionError("a wrong link was served")
        except urllib.error.HTTPError as error:
            assert error.code == 403
    finally:
        web.close()
