"""The terminal table view shows what the table needs, and the reveal highlights the counted dice."""
from rich.console import Console

from dicecup.rules import replay
from dicecup.view.table import reveal_view, table_view


def render(renderable) -> Console:
    console = Console(width=110, record=True, color_system="truecolor", force_terminal=True)
    console.print(renderable)
    return console


def test_the_table_shows_seats_dice_bullets_the_standing_bid_in_words_and_the_clock():
    state = replay("rules revolver\nseats ana ben cy\nana bids 3x4\nben bids 4x4\n").state
    text = render(table_view(state, seat_notes={"ana": "cup 1a2b"}, clock_left=42, status="waiting for cy")
                  ).export_text()
    for expected in ("ana", "cup 1a2b", "○○○○○○", "4x4  four fours  by ben", "15 dice in play", "42s",
                     "bids: ana 3x4  ben 4x4", "waiting for cy", "▶   cy"):
        assert expected in text, expected


def test_the_reveal_highlights_counted_dice_and_wild_ones_and_names_the_loser():
    record = ("rules dudo\nseats ana ben\nroll ana 3 1 6 6 6\nroll ben 3 2 2 2 2\nana bids 3x3\nben calls liar\n")
    console = render(reveal_view(replay(record).state.history[0]))
    text = console.export_text(clear=False)
    # counted as the referee counts: 2 threes + 1 wild one, so the bid stands (it read "3 threes" before)
    assert "count: 2 threes + 1 wild one = 3 against 3 bid — the call was wrong. ben loses the round." in text
    styled = console.export_text(styles=True)
    assert styled.count("\x1b[1;32m⚂ 3") == 2   # the real threes, bold green
    assert styled.count("\x1b[1;33m⚀ 1") == 1   # the wild one, bold yellow
    assert styled.count("\x1b[2m⚁ 2") == 4      # the rest dimmed


def test_the_reveal_counts_as_the_referee_does():
    record = ("rules dudo\nseats ana ben\nroll ana 3 1 1 6 6\nroll ben 4 2 2 2 2\nana bids 3x3\nben calls liar\n")
    text = render(reveal_view(replay(record).state.history[0])).export_text()
    assert "1 three + 2 wild ones = 3" in text and "3 threes" not in text


def test_a_seat_note_says_the_kind_of_cup_in_words_not_its_hex_id():
    """Issue 12 item 16: the table read 'sim cup 00000001', which means nothing to a player."""
    from dicecup.hub.snapshot import SeatView

    def note(kind="cup", board="sim", connected=True):
        return SeatView(0, "ana", kind, 1, board, connected).note()

    assert note() == "virtual cup"
    assert note(board="pico") == "Pico cup" and note(board="cpb") == "Circuit Playground cup"
    assert note(board="qtpy") == "qtpy cup"          # a board dicecup does not know by name still says what it is
    assert note(connected=False) == "cup unplugged: waiting for it"
    assert note(kind="bot", board=None) == "bot"
    assert "0000" not in note()


def test_one_die_in_play_is_not_one_dice():
    """Issue 12 item 16 names '1 dice' as what a newcomer should not read."""
    from dicecup.view.lines import turn_line

    state = replay("rules dudo dice=1\nseats ana ben\nroll ana 3\nroll ben 4\nana bids 1x3\nben calls liar\n").state
    assert "1 die in play" in turn_line(state) and "1 dice" not in turn_line(state)
    text = render(table_view(state)).export_text()
    assert "1 die in play" in text and "1 dice" not in text
