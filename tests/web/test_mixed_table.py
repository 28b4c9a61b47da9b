"""Issue 15's mixed table: two phone pages (Chromium) + two virtual cups (the real firmware on MicroPython, pressed
by bots through their buttons) + one bot on the hub play a game to the end, and its journal referees."""
import json
import subprocess
import sys
import threading
import time

from test_phone_pages import press_for
import pytest

from webpages import browser  # noqa: F401 - the fixture

from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from dicecup.sim.players import BotPlayers
from dicecup.sim.virtualcup import VirtualCups, find_micropython
from dicecup.web.launch import phone_seats
from dicecup.web.phonepage import seat_url, serve_phones
from dicecup.web.server import WebTable

pytestmark = pytest.mark.slow  # a whole game of phones, virtual cups and a bot


GAME_DEADLINE = 150


def test_two_phones_two_virtual_cups_and_a_bot_play_a_game_and_its_journal_referees(browser, tmp_path):
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, seed="mixed", screen=lambda item: None, bots=1,
                       result_pause=0.2)
    phones = phone_seats(2, table.keys)
    web = WebTable()
    serve_phones(web, phones)
    with VirtualCups(2, runtime=find_micropython(), fast=True, seed="mixed", keyed=True) as cups:
        table.keys.extra.update(cups.keys)
        hub = table.make_hub(expect_cups=4)
        hub.bot_delay = 0.0
        web.start()
        hub.subscribe(web)
        table.connect([("phone", seat.name) for seat in phones], wait_for_missing=True)
        table.connect([cup.path for cup in cups])
        players = BotPlayers(cups, hub.watch(), table.stop, seed="mixed").start()
        runner = threading.Thread(target=table.play, kwargs={"timeout": GAME_DEADLINE}, daemon=True)
        runner.start()
        try:
            pages = [browser.new_page() for _ in phones]
            for page, seat in zip(pages, phones):
                page.goto(seat_url(web, seat))
            deadline = time.monotonic() + GAME_DEADLINE
            while runner.is_alive() and time.monotonic() < deadline:
                if not any([press_for(page) for page in pages]):
                    time.sleep(0.05)
            runner.join(30)
        finally:
            table.close()
            errors = players.join()
            web.close()
            for seat in phones:
                seat.forget()
    assert hub.finished and not errors, errors
    journal = hub.journal.path.read_text()
    kinds = {line.split()[2]: line for line in journal.splitlines() if line.startswith(("#@ cup ", "#@ bot "))}
    assert sorted(kinds) == ["bot1", "cup1", "cup2", "phone1", "phone2"], kinds
    assert "board=phone" in kinds["phone1"] and "board=sim" in kinds["cup1"]
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", str(hub.journal.path),
                                         "--json"], capture_output=True, text=True, timeout=60).stdout)
    assert verdict["winner"] == hub.snapshot().winner and len(verdict["rounds"]) >= 4
