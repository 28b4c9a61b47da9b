"""The hub's table screen (issue 12 items 16 and 9). It was redrawn in full after every bid (2,600 lines for one
game), at a width that changed between draws, and its clock never counted down. On a terminal the table now
updates in place (rich's live display) at one width, its clock ticking; anywhere else (a pipe, a test, a CI
log) the screen is a plain log with one line per event that never redraws. Whole games of the hub's bots,
rendered to a rich Console with a fixed width; a terminal's output is played through a small terminal
emulator (cursor up, erase line, carriage return: what rich's live display sends) to see what stays."""
import io
import re
import threading

from rich.cells import cell_len
from rich.console import Console

import pytest

from dicecup.hub.screen import Screen
from dicecup.hub.snapshot import GameWon, RoundRevealed, Said, TableSnapshot, TriggerPulled, TurnStarted
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from processes import wait_for

CONTROL = re.compile(r"(\x1b\[[0-9;?]*[A-Za-z]|\r|\n)")
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def terminal_lines(raw: str) -> list:
    """What a terminal shows (its scrollback included) after `raw`: text, newlines, carriage returns, cursor up
    (ESC[nA) and erase line (ESC[2K); colours and cursor show/hide change no text."""
    lines, row, col = [""], 0, 0
    for token in CONTROL.split(raw):
        if not token:
            continue
        if token == "\n":
            row, col = row + 1, 0
            if row == len(lines):
                lines.append("")
        elif token == "\r":
            col = 0
        elif token.startswith("\x1b["):
            command, argument = token[-1], token[2:-1]
            if command == "A":
                row = max(0, row - int(argument or 1))
            elif command == "K":
                lines[row] = "" if argument == "2" else lines[row][:col]
        else:
            line = lines[row].ljust(col)
            lines[row] = line[:col] + token + line[col + len(token):]
            col += len(token)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


class Game:
    """A whole game of three bots at the hub, the screen watching; `events` counts what the hub published."""

    def __init__(self, tmp_path, console, rules="dudo dice=3", brief=False, **screen):
        self.console = console
        self.screen = Screen(console=console, brief=brief, **screen)
        self.table = TableSetup(Rules.parse(rules), data=tmp_path, seed="screen", screen=self.screen,
                                bot_names=["normal", "normal", "normal"], result_pause=0.0)
        self.hub = self.table.make_hub(expect_cups=0)
        self.hub.bot_delay = 0.0
        self.events, self.snapshots = [], []
        self.hub.subscribe(self._seen)

    def _seen(self, item):
        (self.snapshots if isinstance(item, TableSnapshot) else self.events).append(item)

    def play(self):
        try:
            self.table.play(timeout=60)
        finally:
            self.table.close()
        assert self.hub.finished, self.console.file.getvalue()[-3000:]
        return self.console.file.getvalue()

    def count(self, *kinds) -> int:
        return sum(isinstance(event, kinds) for event in self.events)


def test_on_a_terminal_the_table_updates_in_place_at_one_width(tmp_path):
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system="truecolor")
    game = Game(tmp_path, console)
    shown = terminal_lines(game.play())
    turns, rounds = game.count(TurnStarted), game.count(RoundRevealed)
    assert turns > 2 * rounds  # a game with bids to redraw
    tables = [line for line in shown if line.startswith("╭─ dudo dice=3")]
    assert len(tables) == 1, "\n".join(shown)  # one table, drawn over itself, not one per turn
    assert len(shown) <= 12 * rounds + 30, (len(shown), turns, rounds)  # the reveals and what was said, no more
    assert any(line.startswith("╭─ round 1: the reveal") for line in shown)
    assert game.hub.state.seats[game.hub.state.winner] + " wins the game." in shown
    widths = {width_drawn(game.screen.frame(s)) for s in game.snapshots if s.state is not None}
    assert widths == {100}, widths


def width_drawn(renderable) -> int:
    """The width every line of a rendering takes on a 100-column terminal (a table is drawn at one width)."""
    console = Console(file=io.StringIO(), width=100)
    lines = console.render_lines(renderable, pad=False)
    widths = {sum(cell_len(segment.text) for segment in line) for line in lines}
    assert len(widths) == 1, widths
    return widths.pop()


def test_off_a_terminal_the_screen_is_a_log_of_one_line_per_event(tmp_path):
    console = Console(file=io.StringIO(), width=100)
    game = Game(tmp_path, console, rules="revolver dice=2")
    output = game.play()
    assert "\x1b" not in output and "╭" not in output
    lines = output.splitlines()
    shown = game.count(Said, TurnStarted, RoundRevealed, TriggerPulled, GameWon)
    assert len(lines) == shown + 1, output[-3000:]  # the winner's event also names the journal on a line of its own
    assert any(re.match(r"round 1: \S+ calls (liar|spot) on \d+x\d .* — count: ", line) for line in lines), output
    assert any(re.match(r"round 2 · \S+ to play · ", line) for line in lines), output


def test_off_a_terminal_a_brief_screen_shows_the_table_once_a_round(tmp_path):
    console = Console(file=io.StringIO(), width=100)
    game = Game(tmp_path, console, brief=True)
    lines = game.play().splitlines()
    rounds = game.count(RoundRevealed)
    assert sum(" to play · " in line for line in lines) == rounds  # each round's first turn, no other
    assert not any(" bids " in line for line in lines)


class BotsWaiting:
    """Two bots that never move (the person at the hub would type), on a 3 s clock."""

    def __init__(self, tmp_path, console):
        self.output = console.file
        self.table = TableSetup(Rules.parse("fourdice dice=2 clock=3"), data=tmp_path, seed="clock",
                                screen=Screen(console=console), bot_names=["simple", "simple"], result_pause=0.0)
        self.hub = self.table.make_hub(expect_cups=0)
        self.hub.bot_delay = 1000.0
        self.thread = threading.Thread(target=self.table.play, kwargs={"timeout": 60}, daemon=True)
        self.thread.start()

    def wait_for(self, text, timeout=30.0):
        wait_for(lambda: text in ESCAPES.sub("", self.output.getvalue()),
                 lambda: f"the screen never said {text!r}:\n{self.output.getvalue()[-3000:]}", timeout)

    def close(self):
        self.table.close()
        self.thread.join(30)


@pytest.mark.slow
def test_on_a_terminal_the_table_clock_ticks_down_and_warns_in_its_last_second(tmp_path):
    """Issue 12 item 9: `⏱ 8s` stayed on the table until the turn ran out."""
    table = BotsWaiting(tmp_path, Console(file=io.StringIO(), width=100, force_terminal=True))
    try:
        table.wait_for("ran out of time")
        shown = ESCAPES.sub("", table.output.getvalue())
        for left in ("⏱ 3s", "⏱ 2s", "⏱ 1s"):
            assert left in shown, left
        assert "⏱ bot1: 1 s left to play" in shown or "⏱ bot2: 1 s left to play" in shown
    finally:
        table.close()


def test_the_live_display_ends_with_the_table_so_a_stopped_game_leaves_the_terminal_as_it_was(tmp_path):
    console = Console(file=io.StringIO(), width=100, force_terminal=True)
    table = BotsWaiting(tmp_path, console)
    try:
        table.wait_for("⏱ 2s")
    finally:
        table.close()  # as Ctrl-C does, through TableSetup.close
    raw = console.file.getvalue()
    assert raw.rstrip().endswith("\x1b[?25h"), repr(raw[-200:])  # the cursor shown again


def test_lines_others_print_on_the_programs_own_terminal_go_above_the_live_table(monkeypatch):
    from dicecup.hub.phases import RoundPhase
    from dicecup.hub.snapshot import SeatView
    from dicecup.rules import replay

    terminal = io.StringIO()
    monkeypatch.setattr("sys.stdout", terminal)
    screen = Screen(console=Console(force_terminal=True, width=100))  # the console writes to sys.stdout
    state = replay("rules dudo\nseats ana ben\n").state
    seats = (SeatView(0, "ana", "bot", None, None, True), SeatView(1, "ben", "bot", None, None, True))
    screen(TableSnapshot(RoundPhase.BIDDING, seats=seats, state=state, to_act=0))
    print("dicecup play: a line from elsewhere")
    screen.close()
    import sys
    assert sys.stdout is terminal  # given back as it was
    shown = terminal_lines(terminal.getvalue())
    assert shown.index("dicecup play: a line from elsewhere") < shown.index(next(line for line in shown
                                                                               if line.startswith("╭─ dudo")))
    assert sum(line.startswith("╭─ dudo") for line in shown) == 1


def test_after_the_winner_no_table_is_drawn_again_below_it(tmp_path):
    from pathlib import Path

    from dicecup.hub.phases import RoundPhase, TablePhase
    from dicecup.hub.snapshot import SeatView
    from dicecup.rules import replay

    console = Console(file=io.StringIO(), width=100, force_terminal=True)
    screen = Screen(console=console)
    state = replay("rules dudo\nseats ana ben\n").state
    seats = (SeatView(0, "ana", "cup", 1, "sim", True), SeatView(1, "ben", "cup", 2, "sim", True))
    screen(TableSnapshot(RoundPhase.BIDDING, seats=seats, state=state, to_act=0))
    screen(GameWon("ana", Path("game.txt")))
    unplugged = (seats[0], SeatView(1, "ben", "cup", 2, "sim", False))  # a cup taken away after the game
    screen(TableSnapshot(TablePhase.OVER, seats=unplugged, state=state))
    screen.close()
    shown = terminal_lines(console.file.getvalue())
    assert sum(line.startswith("╭─ dudo") for line in shown) == 1, "\n".join(shown)
    assert shown[-2:] == ["ana wins the game.", "journal: game.txt"], shown[-4:]


def test_the_line_being_typed_shows_under_the_live_table_and_goes_when_sent():
    from dicecup.hub.phases import RoundPhase
    from dicecup.hub.snapshot import SeatView, Typing
    from dicecup.rules import replay

    console = Console(file=io.StringIO(), width=100, force_terminal=True)
    screen = Screen(console=console)
    state = replay("rules dudo\nseats ana ben\n").state
    seats = (SeatView(0, "ana", "bot", None, None, True), SeatView(1, "ben", "bot", None, None, True))
    screen(TableSnapshot(RoundPhase.BIDDING, seats=seats, state=state, to_act=0))
    screen(Typing("retire an"))
    assert any("> retire an_" in line for line in terminal_lines(console.file.getvalue()))
    screen(Typing(""))
    screen.close()
    shown = terminal_lines(console.file.getvalue())
    assert not any("> " in line for line in shown), shown
    assert sum(line.startswith("╭─ dudo") for line in shown) == 1
