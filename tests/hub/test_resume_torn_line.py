"""A hub that dies while writing a line (the power goes, the process is killed between the bytes of one write)
leaves the journal's last line cut short, with no newline. The journal writes every line whole with its newline,
so a last line without one was never finished: `dicecup resume` drops it, says so in one line, and goes on from
the line before — never reads the fragment as a move (it may look like one: `bot2 bids KK` of `bot2 bids KKQQ`),
never refuses the whole game for it. Real `dicecup play` and `dicecup resume` processes, a bots' poker table."""
import signal

import pytest

from dicecup.rules import Record, replay
from processes import HubProcess
from test_poker_resume import _journal_of, _mid_round, _referee_and_verify, _state_when

pytestmark = pytest.mark.slow  # hubs killed mid-round and resumed to the end


@pytest.mark.parametrize("fragment", [
    "{holder} bids KK",          # a bid cut short that reads as a (different, legal) bid
    "#@ die-commit 7 3 ab",      # a fair-dice fact cut mid-digest
    "{holder} bi",               # a line no reader understands
])
def test_a_journal_whose_last_line_was_cut_mid_write_resumes_from_the_line_before(tmp_path, fragment):
    data = ["--data", str(tmp_path)]
    hubs = [HubProcess(["play", "--rules", "poker", "lives=1", "--bots", "3", *data])]
    try:
        journal = _journal_of(tmp_path)
        state = _state_when(journal, lambda s: _mid_round(s) and s.holder is not None, hubs[0])
        hubs[0].proc.send_signal(signal.SIGKILL)
        hubs[0].stop()
        whole = journal.read_text()
        state = replay(whole).state
        torn = fragment.format(holder=state.seats[state.holder])
        with open(journal, "a", encoding="utf-8") as handle:  # the hub died inside its last write
            handle.write(torn)
        hubs.append(HubProcess(["resume", str(journal), *data]))
        hubs[1].wait_for("wins the game")  # the rest of a whole game: followed while the hub talks, not timed
        assert hubs[1].proc.wait(60) == 0, "\n".join(hubs[1].lines[-30:])
    finally:
        for hub in hubs:
            hub.stop()
    said = [line for line in hubs[1].lines if "cut off" in line]
    assert len(said) == 1 and "last line" in said[0], hubs[1].lines[:10]
    text = journal.read_text()
    assert text.startswith(whole) and not text[len(whole):].startswith(torn)  # cut back off, then appended to
    assert Record.parse(text).events[:len(Record.parse(whole).events)] == Record.parse(whole).events
    _referee_and_verify(journal)
