"""What a Round's record(event) answers (hub/round.py, once for every game kind): a move, a call, or a round over
with its outcome. The Rounds go on from that answer, never from the engine's phase or a count of rounds the table
kept. Played on the real Table frame by frame (transcript.py); each answer is read as the Round gets it."""
from transcript import Transcript


def answers(t) -> list:
    """(event as the record writes it, a call?, a round over?) for everything the table's Round records from now."""
    seen = []
    record = t.table.round.record

    def reading(event):
        answer = record(event)
        seen.append((str(event), answer.called, answer.outcome is not None))
        return answer

    t.table.round.record = reading
    return seen


def test_a_face_bid_round_records_a_bid_a_call_and_the_reveals_that_end_it(tmp_path):
    t = Transcript("dudo dice=1", tmp_path)
    ana, ben = t.cup("ana"), t.cup("ben")
    t.seat(ana, ben)
    ana.commit()
    ben.commit()
    seen = answers(t)
    ben.bid("1x2")  # the seed "transcript" draws ben to open
    ana.call()
    ana.reveal()
    ben.reveal()
    assert [(called, over) for _, called, over in seen] == [(False, False), (True, False), (False, False),
                                                            (False, True)]
    assert [event.split()[:2] for event, _, _ in seen] == [["ben", "bids"], ["ana", "calls"], ["roll", "ana"],
                                                           ["roll", "ben"]]
    assert t.table.finished and t.table.round.phase is None  # one die each: the call ended the game


def test_a_turn_that_runs_out_of_time_ends_the_round_without_a_call(tmp_path):
    t = Transcript("dudo dice=2 clock=10", tmp_path)
    ana, ben = t.cup("ana"), t.cup("ben")
    t.seat(ana, ben)
    ana.commit()
    ben.commit()
    seen = answers(t)
    t.advance(11)
    assert seen[0][1:] == (False, True) and seen[0][0].startswith("timeout ben")
    assert "ben ran out of time" in t.said and t.table.phase_shown.value == "between"
    t.transcript()
    for cup in (ana, ben):  # between rounds the round's bidding is over, whoever the engine says opens next
        cup.bid("1x2")
    assert [line for line in t.transcript() if "refuse" in line] == ["hub → ana: refuse 1 bid round_over",
                                                                     "hub → ben: refuse 1 bid round_over"]


def test_a_poker_round_records_a_bid_a_call_and_the_lifted_dice_that_end_it(tmp_path):
    t = Transcript("poker lives=1", tmp_path, cups=1, players=("ana", "ben"))
    cup = t.cup("cup")
    t.seat(cup)
    cup.shake()
    cup.pcommit()
    seen = answers(t)
    cup.pbid("KK", "left")
    cup.call()
    for die in range(1, 6):
        cup.open(die)
    cup.open_secret()
    assert [(called, over) for _, called, over in seen] == [(False, False), (True, False), (False, True)]
    assert [event.split()[:2] for event, _, _ in seen][:2] == [["ben", "bids"], ["ana", "calls"]]
    assert seen[2][0].startswith("reveal")
