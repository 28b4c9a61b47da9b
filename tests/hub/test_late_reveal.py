"""A cup's reveal is automatic, so once every other seat has revealed the last one has Table.late_reveal_wait (3 s)
before the usual drop and pause, not the whole answer_timeout (15 s): a cup that revealed 13 s late at every call
held every call 13 s. Frame by frame, on a fake clock (transcript.py)."""
from transcript import Transcript
from test_transcript_faces import dealt


def called(tmp_path, cups=("ana", "ben", "cy")):
    t = Transcript("dudo dice=2", tmp_path, cups=len(cups))
    seats = [t.cup(name) for name in cups]
    t.seat(*seats)
    for cup in seats:
        cup.commit()
    opener = t.table.round.to_act()
    order = seats[opener:] + seats[:opener]
    order[0].bid("1x5")
    order[1].call()
    return t, seats


def test_the_last_cup_to_reveal_is_dropped_3_s_after_the_others_not_15(tmp_path):
    t, (ana, ben, cy) = called(tmp_path)
    t.advance(1.0)
    ana.reveal()
    ben.reveal()                   # cy alone has not: its reveal is due within late_reveal_wait
    t.advance(t.table.late_reveal_wait - 0.1)
    assert not cy.conn.down and not t.table.paused
    t.advance(0.2)
    assert cy.conn.down and t.table.snapshot().paused
    assert "cy's cup dropped (no reveal 3 s after every other seat's)" in t.said[-1], t.said[-3:]


def test_a_cup_meaning_to_reveal_13_s_late_holds_the_call_3_s_not_13(tmp_path):
    """The attack: cy would reveal 13 s after the others, under the 15 s answer timeout, at every call."""
    t, (ana, ben, cy) = called(tmp_path)
    ana.reveal()
    ben.reveal()
    start = t.clock.now
    while not cy.conn.down and t.clock.now - start < 13.0:
        t.advance(0.1)
    held = t.clock.now - start
    assert cy.conn.down and held <= t.table.late_reveal_wait + 0.15, f"held the call {held:.1f} s"
    assert t.table.snapshot().paused  # then the usual drop and pause: the host sees who is away


def test_while_two_cups_have_not_revealed_each_has_the_whole_answer_timeout(tmp_path):
    t, (ana, ben, cy) = called(tmp_path)
    ana.reveal()
    t.advance(t.table.late_reveal_wait + 1)
    assert not ben.conn.down and not cy.conn.down


def test_a_cup_that_reveals_within_the_short_wait_plays_on(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    ana.call()
    ben.reveal()
    t.advance(t.table.late_reveal_wait - 0.5)
    ana.reveal()
    assert not ana.conn.down and any(line.startswith("roll ana ") for line in t.journal())
