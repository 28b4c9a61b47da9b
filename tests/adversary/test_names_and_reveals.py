"""A keyed rogue cup against the real hub (sim/adversary.py), with the attacks of names and time: it gives another
player's name at seating, or a name holding a terminal's escapes, or holds its reveal back 13 s under the 15 s
answer timeout. The Watch's names_kept and prompt_reveals invariants (sim/watch.py) hold through each."""
import shutil
import tempfile

from advhelpers import Table, bidding_begun, until
from dicecup.hub.phases import RoundPhase
from dicecup.sim.adversary import ESCAPES, AdversaryTable, seat_the_impostor


def no_violations(table):
    found = {name: found for name, found in table.watch.violations.items() if found}
    assert not found, found


def test_a_cup_giving_another_players_name_at_seating_never_sits_under_it():
    folder = tempfile.mkdtemp(prefix="dicecup-adversary-")
    table = AdversaryTable(seed=2, data=folder, impostor="alice")
    try:
        for _ in range(600):   # refused, its owner gives up and comes back as itself
            if table.playing():
                break
            seat_the_impostor(table)
            table.play(0.05)
        table.play(1.0)
        no_violations(table)
        seats = next(line for line in table.hub.journal.path.read_text().splitlines() if line.startswith("seats "))
        assert seats == "seats cup1 cup2 cup3"
    finally:
        table.close()
        shutil.rmtree(folder, ignore_errors=True)


def test_terminal_escapes_in_a_rogues_name_reach_no_line_raw():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        table.rogue.impersonate("ev" + ESCAPES)
        until(table, lambda: any("calls itself ev" in text for _, text in table.watch.said), limit=10)
        table.play(1.0)
        no_violations(table)


def test_a_reveal_held_13_s_holds_the_call_no_longer_than_the_short_wait():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        table.rogue.late_reveal(13.0)
        until(table, lambda: table.hub.phase_shown == RoundPhase.REVEALING, limit=120, step=0.1)
        for _ in range(160):   # the 15 s the reveal could once be held, watched in tenths
            table.play(0.1)
        no_violations(table)
        assert any("no reveal 3 s after every other seat's" in text for _, text in table.watch.said)
