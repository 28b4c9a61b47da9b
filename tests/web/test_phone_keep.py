"""A phone seat's secrets are kept for a resumed hub (web/phonekeep.py) as the bots' dice are: in a private file
beside the journal, never in the journal. A real hub with bots and the stand-in phone of test_phone_link (a
websocket client doing the page's part), its table screen opened as `play --web` opens it; the resumed side is
web/launch.reopen_table_screen's seats. tests/web/test_phone_resume.py kills a real hub under Chromium."""
import io
import json
import os
import stat
import threading

from test_phone_link import AS_SENT, GAME_DEADLINE, StandInPhone
from webpages import DEADLINE, PhonePage

from dicecup.hub.phases import RoundPhase, TablePhase
from dicecup.hub.snapshot import TableSnapshot
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from dicecup.web.launch import open_table_screen, phone_seats
from dicecup.web.phonekeep import PhoneKeeper, kept_phone_seats, read_kept_phones
from dicecup.web.phonepage import seat_url, serve_phones
from dicecup.web.phones import PhoneSeat, SeatHeld
from dicecup.web.server import WebTable
from processes import wait_for


def test_the_phone_seats_are_kept_beside_the_journal_private_never_in_it_and_gone_once_the_game_ends(tmp_path):
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, seed="keep", screen=lambda item: None, bots=2,
                       result_pause=0.0)
    phone, = phone_seats(1, table.keys)
    hub = table.make_hub(expect_cups=1)
    hub.bot_delay = 0.0
    web = open_table_screen(("127.0.0.1", 0), hub, out=io.StringIO(), phones=[phone])
    table.connect([("phone", phone.name)], wait_for_missing=True)
    runner = threading.Thread(target=table.play, kwargs={"timeout": GAME_DEADLINE}, daemon=True)
    runner.start()
    player = StandInPhone(seat_url(web, phone))
    try:
        wait_for(lambda: hub.journal is not None and os.path.exists(f"{hub.journal.path}.phones"), "the kept phones", 90)
        path = f"{hub.journal.path}.phones"
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        # the seat is bound to the phone as the hub welcomes it, which may come just after the game begins
        wait_for(lambda: json.loads(open(path, encoding="utf-8").read())["phones"][0]["device"], "the phone's hold kept", 90)
        kept = json.loads(open(path, encoding="utf-8").read())
        assert kept["web"] == {"host": "127.0.0.1", "port": web.port, "token": web.token, "cert": None}
        assert kept["phones"] == [{"name": "phone1", "cup_id": phone.cup_id, "token": phone.token,
                                   "key": phone.key.hex(), "link_key": phone.link_key.hex(),
                                   "device": player.device.hex()}]  # the phone that sat holds it
        assert player.done.wait(GAME_DEADLINE), "the game did not end"
        runner.join(DEADLINE)
        journal = hub.journal.path.read_text()
    finally:
        table.close()
        player.page.close()
        web.close()
        phone.forget()
    for secret in (phone.key.hex(), phone.token, phone.link_key.hex(), web.token, player.device.hex()):
        assert secret not in journal
    assert not os.path.exists(path), "kept after the game ended"


def test_the_kept_file_follows_the_seats_and_a_disk_that_refuses_it_is_said_once(tmp_path):
    """Rewritten when a seat changes hands (`release NAME`, a phone sitting), never once the game is over; a write
    that fails (a full disk, here a folder that is not there) is said at the hub once, and the game goes on."""
    web = WebTable()  # bound, never started: the keeper only reads its address and seats
    seat = PhoneSeat("keep-ana", device=b"\x01" * 16)
    serve_phones(web, [seat])
    said = []
    keeper = PhoneKeeper(web, said.append)
    journal = tmp_path / "game.txt"
    kept = tmp_path / "game.txt.phones"
    try:
        keeper(TableSnapshot(TablePhase.SEATING))  # no journal yet: nothing to keep it beside
        assert not kept.exists()
        keeper(TableSnapshot(RoundPhase.BIDDING, journal=journal))
        assert json.loads(kept.read_text())["phones"][0]["device"] == "01" * 16
        seat.release()
        keeper(TableSnapshot(RoundPhase.BIDDING, journal=journal))
        assert json.loads(kept.read_text())["phones"][0]["device"] is None
        kept.unlink()  # the game ended: the table removed it
        seat.page_opened("ben's page", b"\x02" * 16)
        seat.welcomed()  # a seat changing hands after the end is nothing to keep
        keeper(TableSnapshot(TablePhase.OVER, journal=journal))
        assert not kept.exists()
        gone = tmp_path / "no-such-folder" / "game.txt"
        for _ in range(3):
            keeper(TableSnapshot(RoundPhase.BIDDING, journal=gone))
        assert len(said) == 1 and "can't keep the phones' links beside the journal" in said[0], said
    finally:
        seat.forget()
        web.close()


def test_a_resumed_hub_serves_the_kept_seats_as_they_were_held_by_the_same_phone(tmp_path):
    held_by = bytes(range(16))
    journal = tmp_path / "game.txt"
    kept = {"web": {"host": "127.0.0.1", "port": 0, "token": "table-link", "cert": None},
            "phones": [{"name": "ana", "cup_id": 7, "token": "ana-link", "key": "ab" * 32, "link_key": "cd" * 16,
                        "device": held_by.hex()}]}
    (tmp_path / "game.txt.phones").write_text(json.dumps(kept))
    keys = type("Keys", (), {"extra": {}})()
    seat, = kept_phone_seats(read_kept_phones(journal, ["ana"]), keys)
    try:
        assert (seat.cup_id, seat.token, seat.key, seat.link_key) == (7, "ana-link", b"\xab" * 32, b"\xcd" * 16)
        assert keys.extra == {7: b"\xab" * 32}  # it pairs as it did
        try:
            seat.page_opened("someone else's page", bytes(16))
            raise AssertionError("a phone that never held the seat took it over after the resume")
        except SeatHeld:
            pass
        assert seat.page_opened("ana's page", held_by) is None
    finally:
        seat.forget()


def test_a_resumed_table_screen_answers_the_same_links(tmp_path):
    """The phone's page, left open, reconnects to the address it was given: the same table link, the same seat
    link, and its proof of the phone holding the seat is taken."""
    from dicecup.web.launch import reopen_table_screen

    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, screen=lambda item: None, bots=1)
    hub = table.make_hub(expect_cups=1)
    held_by = bytes(range(16))
    kept = {"web": {"host": "127.0.0.1", "port": 0, "token": "table-link", "cert": None},
            "phones": [{"name": "ana", "cup_id": 7, "token": "ana-link", "key": "ab" * 32, "link_key": "cd" * 16,
                        "device": held_by.hex()}]}
    web = reopen_table_screen(kept, hub, table, out=io.StringIO())
    try:
        assert web.url.endswith("/t/table-link")
        page = PhonePage(web.url.rsplit("/t/", 1)[0] + "/p/ana-link#" + "cd" * 16, device=held_by)
        assert page.wait_for(lambda m: m["type"] == "hello") == {"type": "hello", "role": "phone", "seat": "ana",
                                                                 "cup": None, "wire": AS_SENT}
        page.close()
        stranger = PhonePage(web.url.rsplit("/t/", 1)[0] + "/p/ana-link#" + "cd" * 16)
        assert stranger.closed.wait(DEADLINE) and stranger.close_code != 1000
    finally:
        web.close()
        table.close()
        for seat in web.phones:
            seat.forget()


def test_a_resume_whose_address_is_taken_says_to_free_it_not_to_pick_another(tmp_path):
    """The phones' pages keep calling the address they were given: `--web 8081` would lose them, and resume has
    no --web anyway."""
    import socket

    from dicecup.web.launch import WebError, reopen_table_screen

    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, screen=lambda item: None, bots=1)
    hub = table.make_hub(expect_cups=1)
    kept = {"web": {"host": "127.0.0.1", "port": holder.getsockname()[1], "token": "t", "cert": None},
            "phones": [{"name": "taken-ana", "cup_id": 7, "token": "a", "key": "ab" * 32, "link_key": "cd" * 16,
                        "device": None}]}
    try:
        reopen_table_screen(kept, hub, table, out=io.StringIO())
        raise AssertionError("served on a port something else holds")
    except WebError as error:
        assert str(error) == (f"the phones' pages come back to port {kept['web']['port']} at this machine, which "
                              "something else holds now (another program, or another dicecup): stop it, then run "
                              "the same `dicecup resume` again")
    finally:
        holder.close()
        table.close()
    from dicecup.web.phones import PHONES
    assert "taken-ana" not in PHONES  # the seats made for it are gone with it

