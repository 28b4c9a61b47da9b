"""A flooded line doesn't stall the table (issue 24): two paired cups (cupcore's own Cup and Link on real ptys)
play a round while one more line the hub listens on is flooded with well-formed untagged frames by
bench/flood.py's Flooder (a real pty, written as fast as it takes them, never read). The hub throttles that
line and never blocks writing to it, so the round is played, bid, call and results, within a generous deadline;
and it says what it dropped in hub-errors.log. No timing asserts beyond "the game goes on"."""
import secrets
import sys
from pathlib import Path

from cupcore import wire
from dicecup.hub.phases import RoundPhase
from pty_cups import PtyTable, cups, seat_in_order, take_turn, wait_until  # noqa: F401 (cups is a fixture)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from flood import Flooder  # noqa: E402


def test_a_flooded_line_does_not_stall_the_table(cups, tmp_path):  # noqa: F811
    keys = {0xA: secrets.token_bytes(32), 0xB: secrets.token_bytes(32)}
    ana, ben = cups("ana", 0xA, key=keys[0xA]), cups("ben", 0xB, key=keys[0xB])
    flooder = Flooder()
    try:
        with PtyTable("dudo dice=2", [ana, ben], tmp_path, keys=keys, allow_unpaired=False) as table:
            seat_in_order(table.watch, [ana, ben])
            first = table.watch.wait(lambda s: s.phase == RoundPhase.BIDDING, 20)
            opener, other = (ana, ben) if first.to_act == 0 else (ben, ana)
            flooder.start()
            table.table.connect([flooder.path])
            wait_until(lambda: flooder.sent > 100_000, "the hub to read 100 KB of the flood (a table stalled by it reads no more)", 30)
            take_turn(opener, timeout=30)
            take_turn(other, call=True, timeout=30)
            for cup in (ana, ben):
                cup.wait_for(wire.RESULT, timeout=30)  # the round was called, revealed and ruled meanwhile
            flooded = next(c for c in table.hub.seating.conns if c.name.endswith(flooder.path))
            assert flooded.throttled > 0
            wait_until(lambda: "floods" in (tmp_path / "hub-errors.log").read_text(), "the flood in the log", 10)
    finally:
        flooder.stop()
