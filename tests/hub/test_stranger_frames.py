"""Issue 24's stranger on a paired cup's serial line: untagged (plain) frames on it change nothing. The cups are
cupcore's own Cup and Link, keyed as a board is (runner.pair), on real ptys; the hub is the table `dicecup play`
builds, opening them with pyserial. The stranger writes well-formed plain frames onto ana's line. The rule
(docs/protocol.md, "Who obeys whom"): no session dropped, no seat moved, nothing delivered; each is counted in the
line's `forged` and the hub logs it (at most once a second a line); and ana's own cup plays on."""
import secrets

from cupcore import cup as cupmod
from cupcore import wire
from pty_cups import PtyTable, cups, seat_in_order, take_turn, wait_until  # noqa: F401 (cups is a fixture)

A, B = 0xA, 0xB


def test_plain_frames_on_a_paired_line_drop_no_session_and_play_no_bid(cups, tmp_path):  # noqa: F811
    keys = {A: secrets.token_bytes(32), B: secrets.token_bytes(32)}
    ana, ben = cups("ana", A, key=keys[A]), cups("ben", B, key=keys[B])
    with PtyTable("dudo dice=5", [ana, ben], tmp_path, keys=keys, allow_unpaired=False) as table:
        seat_in_order(table.watch, [ana, ben])
        table.wait(lambda: table.said("the game begins"), "the game to begin")
        wait_until(lambda: ana.cup.state == cupmod.TURN, "ana's turn")
        conn = table.hub.seating.seats[0].conn
        assert conn.paired_line
        deal = ana.cup.mode.deal
        # A HELLO with an id nobody has, then a bid and a reveal in ana's name, all plain.
        ana.inject(wire.encode(wire.HELLO, (wire.VERSION, 0, 1, 0x5EE, "eve", "sim"), 1, 0))
        ana.inject(wire.encode(wire.INTENT, (deal, wire.BID, 9, 6), 2, 0))
        ana.inject(wire.encode(wire.REVEAL, (deal, bytes([6] * 5), bytes(16), bytes(8)), 3, 0))
        wait_until(lambda: conn.link.forged >= 3, "the hub to count the three plain frames")
        assert conn.paired_line and table.watch.get().seat_of_cup(A).connected
        take_turn(ana)  # ana's own bid, on the session that stayed
        table.wait(lambda: ana.got(wire.ACCEPT), "ana's own bid to be accepted")
        journal = table.watch.get().journal.read_text()
        assert "9x6" not in journal and "cheat" not in table.output.getvalue()
        log = (tmp_path / "hub-errors.log").read_text()
        assert "unauthenticated" in log and conn.name in log


def test_a_strangers_hello_with_the_paired_id_and_a_wrong_proof_leaves_the_session(cups, tmp_path):  # noqa: F811
    keys = {A: secrets.token_bytes(32), B: secrets.token_bytes(32)}
    ana, ben = cups("ana", A, key=keys[A]), cups("ben", B, key=keys[B])
    with PtyTable("dudo dice=5", [ana, ben], tmp_path, keys=keys, allow_unpaired=False) as table:
        seat_in_order(table.watch, [ana, ben])
        wait_until(lambda: ana.cup.state == cupmod.TURN, "ana's turn")
        conn = table.hub.seating.seats[0].conn
        ana.silent = True  # ana's cup hears nothing meanwhile, so only the stranger answers the challenge
        ana.inject(wire.encode(wire.HELLO, (wire.VERSION, 0, 1, A, "ana", "pty"), 1, 0))
        wait_until(lambda: conn._challenge is not None, "the hub to challenge the claim")
        ana.inject(wire.encode(wire.PROOF, (bytes(16), bytes(16)), 2, 0))
        wait_until(lambda: conn._challenge is None, "the wrong proof to be settled")
        assert conn.paired_line and conn.pairing == "paired" and conn.hello is not None
        assert table.watch.get().seat_of_cup(A).connected and "not seated" not in table.output.getvalue()
        ana.speak()
        take_turn(ana)
        table.wait(lambda: ana.got(wire.ACCEPT), "ana's own bid to be accepted")
