"""Issue 12 item 13 (last part): an ERROR frame from a cup reached the screen as the protocol's words,
`ana's cup reports: message not valid in this state (table)`. People read what happened and what to do."""
import pytest

from cupcore import wire
from dicecup.hub.cupwords import cup_error_words
from dicecup.hub.phases import RoundPhase
from pty_cups import PtyTable, cups, seat_in_order, wait_until  # noqa: F401 - cups: a fixture


def test_a_cups_error_frame_is_said_in_a_players_words_through_a_real_pty(cups, tmp_path):
    ana, ben = cups("ana", 21), cups("ben", 22)
    with PtyTable("dudo dice=1", [ana, ben], tmp_path) as table:
        seat_in_order(table.watch, [ana, ben])
        assert table.watch.wait(lambda s: s.phase == RoundPhase.BIDDING, 20) is not None
        with ana._lock:  # what a cup sends when a table update reaches it before it holds this round's dice
            ana.cup.send(wire.ERROR, (wire.ERR_STATE, wire.TABLE))
        wait_until(lambda: table.said("ana's cup ignored the table update"), "the error in words")
        text = table.output.getvalue()
        assert "not valid in this state" not in text and "(table)" not in text, text[-2000:]


@pytest.mark.parametrize("code, about, expected", [
    (wire.ERR_STATE, wire.TABLE, "ana's cup ignored the table update (it held no dice for this round yet); "
                                 "it is sent again at the next turn"),
    (wire.ERR_STATE, wire.REVEAL_REQ, "ana's cup could not show its dice (it holds none for this round)"),
    (wire.ERR_STATE, wire.DEAL, "already holds other dice for that deal"),
    (wire.ERR_VERSION, wire.WELCOME, "`dicecup flash`"),
    (wire.ERR_UNKNOWN, 0x1F, "`dicecup flash`"),
    (wire.ERR_CRASH, wire.DEAL, "ana's cup hit a fault in its program and carried on"),
    (wire.ERR_BUSY, wire.CUE, "catches up by itself"),
    (99, 0x55, "ana's cup reported a problem the hub does not know (code 99)"),
])
def test_every_error_code_has_words_that_say_what_happened_and_what_to_do(code, about, expected):
    words = cup_error_words("ana", code, about)
    assert expected in words, words
    assert "not valid in this state" not in words and "malformed" not in words
