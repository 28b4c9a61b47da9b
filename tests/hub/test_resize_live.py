"""A terminal resized under the live table: the table was drawn at the new width only at the next event, and at a
table nobody moves on (two virtual cups, nobody pressing them, no clock) that never came. A real `dicecup play
--sim 2` on a pseudo-terminal, resized as a terminal window is (TIOCSWINSZ, then SIGWINCH)."""
import re
import signal

from rich.cells import cell_len

from ptyscreen import PtyScreen, shown

TABLE_TOP = re.compile(r"╭─ dudo[^╮\n]*╮")


def table_widths(raw: str) -> set:
    """The widths of the live table's top edges drawn in `raw`."""
    return {cell_len(top) for top in TABLE_TOP.findall(shown(raw))}


def test_a_resized_terminal_has_the_table_drawn_at_its_new_width_at_once(tmp_path):
    screen = PtyScreen(["play", "--sim", "2", "clock=0"], tmp_path / "data", columns=100)
    try:
        assert screen.wait_for(lambda raw: 100 in table_widths(raw) and "cup1" in raw, timeout=120), screen.text
        assert screen.wait_for(lambda raw: "no bid yet" in raw), screen.text
        assert screen.wait_quiet(), "the table never settled"  # dealt, and nobody moves: no event to come
        before = len(screen.text)
        screen.set_size(30, 60)
        screen.proc.send_signal(signal.SIGWINCH)
        redrawn = screen.wait_for(lambda raw: 60 in table_widths(raw), timeout=30, since=before)
        assert redrawn, shown(screen.text[before:])[-3000:]
        assert screen.proc.poll() is None  # the signal neither ended nor stopped the table
    finally:
        screen.close()
