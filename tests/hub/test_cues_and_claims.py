"""The hub talks to cups as the protocol says, checked frame by frame at a cup on a real pseudo-terminal
(cupcore's own Cup and Link): the cue for a player's turn and for a call, and a second connection that claims
a seated cup's id while the first is still connected is refused (issue 11, item 8)."""
from cupcore import wire
from dicecup.hub.phases import RoundPhase
from dicecup.rules import Record, Roll
from pty_cups import PtyTable, cups, seat_in_order, take_turn, wait_until  # noqa: F401 - cups: a fixture



def turn_cue(values):
    return values[0] == wire.CUE_TURN


def call_cue(values):
    return values[0] == wire.CUE_CALL


def test_the_cup_whose_turn_it_becomes_is_cued_and_every_cup_hears_a_call(cups, tmp_path):
    ana, ben = cups("ana", 11), cups("ben", 12)
    with PtyTable("dudo dice=1", [ana, ben], tmp_path) as table:
        seat_in_order(table.watch, [ana, ben])
        first = table.watch.wait(lambda s: s.phase == RoundPhase.BIDDING, 20)
        assert first is not None, table.output.getvalue()
        opener, other = (ana, ben) if first.to_act == 0 else (ben, ana)
        opener.wait_for(wire.CUE, where=turn_cue)
        # after the TABLE that names its seat, so the cup already shows its turn when the cue sounds
        kinds = [m for m, v in opener.received if m == wire.TABLE or (m == wire.CUE and turn_cue(v))]
        assert kinds[-2:] == [wire.TABLE, wire.CUE]
        assert not other.got(wire.CUE, where=turn_cue)  # not its turn yet

        take_turn(opener)
        other.wait_for(wire.CUE, where=turn_cue)
        assert len(opener.got(wire.CUE, where=turn_cue)) == 1

        take_turn(other, call=True)
        for cup in (ana, ben):
            cup.wait_for(wire.REVEAL_REQ)
            order = [m for m, v in cup.received if m == wire.REVEAL_REQ or (m == wire.CUE and call_cue(v))]
            assert order[:2] == [wire.CUE, wire.REVEAL_REQ], order  # "someone called", then lift the cup
        # The caller is asked to reveal before its call is accepted: its link carries one reliable frame at a
        # time, and an accept first would keep its reveal a round trip behind everyone else's.
        other.wait_for(wire.ACCEPT, where=lambda v: v[1] == wire.LIAR)
        replies = [m for m, v in other.received if m == wire.REVEAL_REQ or (m == wire.ACCEPT and v[1] == wire.LIAR)]
        assert replies[:2] == [wire.REVEAL_REQ, wire.ACCEPT], replies
        final = table.finish()
        assert final.winner in ("ana", "ben")


def test_a_second_live_claim_to_a_seated_cup_is_refused_and_the_first_keeps_the_seat(cups, tmp_path):
    ana, ben = cups("ana", 11), cups("ben", 12)
    impostor = cups("ana", 11, silent=True)  # plugged in, says nothing until the game has begun
    with PtyTable("dudo dice=1", [ana, ben, impostor], tmp_path, expect_cups=2) as table:
        seat_in_order(table.watch, [ana, ben])
        assert table.watch.wait(lambda s: s.phase == RoundPhase.BIDDING, 20) is not None
        impostor.speak()  # answers the hub's next "who?" with ana's cup id
        impostor.wait_for(wire.ERROR, where=lambda v: v == (wire.ERR_STATE, wire.HELLO))
        wait_until(lambda: table.said("claims to be ana's cup"), "the table to say it refused the claim")
        assert not impostor.got(wire.WELCOME)
        assert not table.said("ana's cup is back")
        seat = table.watch.get().seat_of_cup(11)
        assert seat is not None and seat.name == "ana" and seat.connected

        # ana's own cup still plays its seat: the round and the game go on with it.
        opener, other = (ana, ben) if table.watch.get().to_act == 0 else (ben, ana)
        take_turn(opener)
        take_turn(other, call=True)
        final = table.finish()
        record = Record.parse(final.journal.read_text())
        assert {e.seat for e in record.events if isinstance(e, Roll)} == {"ana", "ben"}
        assert not impostor.got(wire.DEAL)
