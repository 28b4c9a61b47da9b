"""A small terminal under the live table: at 40 columns the status line was cut, at 30×8 the standing bid and the
line being typed were below the bottom of the screen, and a resize was drawn only at the next event. Rendered to
a rich Console of that size and read back through the small terminal emulator of test_screen_live."""
import io

from rich.console import Console

from dicecup.hub.phases import RoundPhase
from dicecup.hub.screen import Screen
from dicecup.hub.snapshot import Said, SeatView, TableSnapshot, Typing
from dicecup.rules import replay

from test_screen_live import terminal_lines


def drawn_at(width, height) -> list:
    """A table with a bid standing, a status line and a line being typed, as the live display shows it (before
    the display ends, which prints the whole table once more)."""
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True)
    screen = Screen(console=console)
    state = replay("rules dudo\nseats ana ben carla\nana bids 4x5\n").state
    seats = tuple(SeatView(i, name, "bot", None, None, True) for i, name in enumerate(("ana", "ben", "carla")))
    screen(TableSnapshot(RoundPhase.BIDDING, seats=seats, state=state, to_act=1, clock_left=8))
    screen(Said("ana bids 4x5 (four fives), ben to play", quiet=True))
    screen(Typing("ben bids 5x5"))
    shown = terminal_lines(console.file.getvalue())
    screen.close()
    return shown


def test_at_40_columns_the_status_line_wraps_between_words_whose_turn_and_the_bid_first():
    shown = drawn_at(40, 24)
    assert all(len(line) <= 40 for line in shown), shown
    text = " ".join(line.strip("│ ") for line in shown)
    assert "ben to play  ·  4x5 by ana" in text, shown  # the essentials, first, on the line after the seats
    for word in ("dice", "play", "wild", "four", "fives"):  # wrapped between words, none cut
        assert all(not (line.rstrip(" │").endswith(word[:2]) and word not in line) for line in shown), (word, shown)
    assert "> ben bids 5x5_" in text


def test_at_30_by_8_the_standing_bid_and_the_typed_line_stay_on_the_screen():
    shown = drawn_at(30, 8)
    assert len(shown) <= 8 and all(len(line) <= 30 for line in shown), shown
    text = " ".join(line.strip("│ ") for line in shown)
    assert "4x5 by ana" in text and "ben to play" in text, shown
    assert "> ben bids 5x5_" in text, shown
    assert "..." not in text, shown  # nothing cut off the bottom


def test_at_30_by_4_the_box_goes_before_the_bid_or_the_typed_line():
    shown = drawn_at(30, 4)
    text = " ".join(shown)
    assert len(shown) <= 4 and "4x5 by ana" in text and "> ben bids 5x5_" in text, shown
