"""A rated table on the table screen (issue 16 item 4): the table the pages get carries each seat's nerve, and
after the game its change; the leaderboard is a page under the table's own link. A real hub with two bots on it,
the real server, a real websocket client and HTTP."""
import json
import threading
import urllib.error
import urllib.request

from websockets.sync.client import connect
import pytest

from dicecup.history.db import open_engine
from dicecup.history.rated import RatedTable
from dicecup.history.ratings import leaderboard
from dicecup.history.trust import add_hub
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from dicecup.web.server import WebTable

pytestmark = pytest.mark.slow  # a rated table served to a web page, played to its end


DEADLINE = 60


def test_the_table_screen_shows_nerve_and_the_leaderboard(tmp_path):
    engine = open_engine(f"sqlite:///{tmp_path / 'history.sqlite'}")
    rated = RatedTable(engine, "test")
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path / "data", bots=1, bot_names=["hard"],
                       rated=rated)  # never seeded: a seeded game is never rated
    add_hub(engine, "this hub", table.hub_key.public_hex)   # the league trusts the journals this hub signs
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 0.0
    web = WebTable("127.0.0.1", 0).start()
    tables, done = [], threading.Event()
    try:
        hub.subscribe(web)
        rated.show_on(web)
        with connect(web.url.replace("http://", "ws://").replace("/t/", "/ws/"), open_timeout=DEADLINE) as socket:
            reader = threading.Thread(target=_keep_tables, args=(socket, tables, done), daemon=True)
            reader.start()
            table.play(timeout=DEADLINE)
            assert hub.finished
            board = {e["name"]: e["nerve"] for e in leaderboard(engine)}
            after = {"bot1": board["bot:normal"], "bot2": board["bot:hard"]}
            assert _wait(lambda: tables and all("nerve_change" in s for s in tables[-1]["seats"]), done)
            seats = {s["name"]: s for s in tables[-1]["seats"]}
            assert {name: s["nerve"] for name, s in seats.items()} == after
            assert {name: s["nerve_change"] for name, s in seats.items()} == {n: v - 1000 for n, v in after.items()}
            assert any(s.get("nerve") == 1000 and "nerve_change" not in s for t in tables for s in t["seats"])

            page = urllib.request.urlopen(f"{web.url}/ratings", timeout=DEADLINE).read().decode()
            assert "<h1>Nerve</h1>" in page and "bot:hard" in page and f"<td>{board['bot:hard']}</td>" in page
            assert page.count("class=here") == 2
            for wrong in (web.url.rsplit("/", 1)[0] + "/not-the-token/ratings", f"{web.url}/nothing-here"):
                try:
                    urllib.request.urlopen(wrong, timeout=DEADLINE)
                    raise AssertionError(f"{wrong} was served")
                except urllib.error.HTTPError as error:
                    assert error.code in (403, 404)
    finally:
        table.close()
        web.close()


def _keep_tables(socket, tables, done):
    try:
        for text in socket:
            message = json.loads(text)
            if message.get("type") == "table":
                tables.append(message)
    except Exception:  # noqa: BLE001 - the server closed: the test looks at what came
        pass
    done.set()


def _wait(condition, done, seconds=DEADLINE) -> bool:
    ticker = threading.Event()
    for _ in range(int(seconds * 20)):
        if condition():
            return True
        if done.is_set():
            return condition()
        ticker.wait(0.05)
    return condition()
