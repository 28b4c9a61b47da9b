"""Boundaries of the table screen, through real websocket clients (no browser needed): every message from a page is
checked like a cup's frame and refused with a reason, a spectator page can't act, a wrong link is refused, and a
page never receives a die before its round's reveal."""
import json
import time

from webpages import DEADLINE, Listener, socket_url

from dicecup.web import inbox, server
from dicecup.web.server import WebTable
from dicecup.web.shots import bots_table


def refused(message):
    return message["type"] == "refused"


def test_each_bad_message_is_refused_with_its_reason_and_the_page_stays_connected():
    web = WebTable().start()
    page = Listener(socket_url(web.url))
    try:
        assert page.wait_for(lambda m: m["type"] == "hello")["role"] == "spectator"
        cases = [
            ("ana bids 4x5", "not a message: expected JSON"),
            (b"\x00\x01\x02", "text (JSON), not binary"),
            ("x" * (inbox.MAX_MESSAGE + 1), f"at most {inbox.MAX_MESSAGE} bytes"),
            ("[1, 2]", "a JSON object"),
            ('{"type": 5}', 'needs a "type"'),
            ('{"kind": "bid"}', 'needs a "type"'),
            ('{"type": "bid", "bid": "4x5"}', "it watches and can't bid"),
            ('{"type": "liar"}', "can't call liar"),
            ('{"type": "pull"}', "can't pull the trigger"),
            ('{"type": "peek", "seat": "ana"}', "can't peek at dice"),
            ('{"type": "\\u0000' + "z" * 100 + '"}', "can't do"),
            ("[" * 1000, "not a message: expected JSON"),  # nested past Python's recursion limit, under 1024 bytes
        ]
        for number, (sent, reason) in enumerate(cases, 1):
            page.send(sent)
            answers = page.matching(refused, number)
            assert answers, f"no answer to {sent[:40]!r}"
            assert reason in answers[number - 1]["reason"], (sent[:40], answers[number - 1])
        assert not page.closed.is_set() and web.refused == len(cases)
        page.send('{"type": "sync"}')  # the one thing a table screen may ask: still answered, nothing refused
        web({"not": "an event"})      # and an item the hub would never publish is ignored, not a crash
        assert not page.closed.wait(0.3) and web.refused == len(cases)
    finally:
        page.close()
        web.close()


def test_a_page_that_keeps_sending_rubbish_is_closed_with_the_reason_and_others_carry_on():
    web = WebTable().start()
    flooder, watcher = Listener(socket_url(web.url)), Listener(socket_url(web.url))
    try:
        for _ in range(inbox.MAX_REFUSALS):
            flooder.send("{")
        assert flooder.closed.wait(DEADLINE) and flooder.close_code == 4408
        assert flooder.close_reason == "too many refused messages"
        huge = Listener(socket_url(web.url))
        huge.send("x" * 100_000)  # over the websocket's own limit: the protocol closes it (1009, message too big)
        assert huge.closed.wait(DEADLINE) and huge.close_code == 1009
        assert not watcher.closed.is_set()
        watcher.send('{"type": "bid"}')
        assert "can't bid" in watcher.wait_for(refused)["reason"]
    finally:
        watcher.close()
        web.close()


def test_a_wrong_link_is_refused_with_the_reason_and_gets_nothing_of_the_table():
    web = WebTable().start()
    wrong = socket_url(web.url).rsplit("/", 1)[0] + "/" + "A" * len(web.token)
    page = Listener(wrong)
    try:
        assert page.closed.wait(DEADLINE) and page.close_code == 4403
        assert [m["type"] for m in page.messages] == ["refused"]
        assert "not for this table" in page.messages[0]["reason"] and page.messages[0]["final"]
    finally:
        web.close()


def test_screens_past_the_tables_limit_are_refused_and_the_open_ones_carry_on(monkeypatch):
    # Each open screen costs the hub a queue and a send at every change: a phone in the room opening thousands of
    # them must not slow the table for everyone.
    monkeypatch.setattr(server, "MAX_SCREENS", 3)
    web = WebTable().start()
    pages = [Listener(socket_url(web.url)) for _ in range(3)]
    try:
        for page in pages:
            assert page.wait_for(lambda m: m["type"] == "hello")
        extra = Listener(socket_url(web.url))
        assert extra.closed.wait(DEADLINE) and extra.close_code == 4429
        assert [m["type"] for m in extra.messages] == ["refused"] and "3 screens" in extra.messages[0]["reason"]
        assert not any(page.closed.is_set() for page in pages)
        pages[0].close()
        deadline = time.monotonic() + DEADLINE
        while True:  # a screen closed makes room for another, once the server has seen it go
            pages[0] = Listener(socket_url(web.url))
            if pages[0].wait_for(lambda m: m["type"] in ("hello", "refused"))["type"] == "hello":
                break
            assert time.monotonic() < deadline, "no room made by the screen that closed"
    finally:
        for page in pages:
            page.close()
        web.close()


def dice_outside_reveals(message, path=()):
    """Every list of die faces in a message that is not the dice of a revealed round (history[i].rolls or a
    reveal's round.rolls), with its path."""
    found = []
    if isinstance(message, dict):
        for key, value in message.items():
            found += dice_outside_reveals(value, path + (key,))
    elif isinstance(message, list):
        faces = message and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in message)
        allowed = len(path) >= 2 and path[-2] == "rolls" and path[0] in ("history", "round")
        if faces and not allowed:
            found.append((path, message))
        for i, value in enumerate(message):
            found += dice_outside_reveals(value, path + (i,))
    return found


def test_a_spectator_never_receives_a_die_before_its_rounds_reveal(tmp_path):
    """The hub holds every bot's dice from the deal on; the page's traffic carries dice only as revealed rounds,
    and only after that round's reveal."""
    with bots_table("dudo dice=2", seed="no-peeking", bots=3, data=tmp_path) as (hub, web, runner):
        page = Listener(socket_url(web.url))
        assert page.wait_for(lambda m: m["type"] == "hello")
        runner.start()
        assert page.wait_for(lambda m: m["type"] == "won") is not None, "the game did not end"
        page.close()
    revealed = set()
    rounds_seen = 0
    for message in page.messages:
        assert dice_outside_reveals(message) == [], message
        if message["type"] == "reveal":
            revealed.add(message["round"]["n"])
        for outcome in message.get("history", []):
            assert outcome["n"] in revealed, f"round {outcome['n']}'s dice in a table before its reveal"
        rounds_seen = max(rounds_seen, len(message.get("history", [])))
    assert rounds_seen == len(revealed) >= 2
    assert not any("bot_dice" in json.dumps(m) for m in page.messages)
