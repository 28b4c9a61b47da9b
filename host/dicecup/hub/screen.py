"""The terminal table view: a subscriber to what the hub publishes (snapshot.py), printed with rich.

On a terminal the table stays in one place (rich's live display) at one width, redrawn from every snapshot, so
its clock ticks, while what happens scrolls above it: what the table says, the reveals, the trigger pulls.
Anywhere else (a pipe, a test, a CI log) it is a plain log that never redraws: one line per event (the
table was printed in full after every bid, 2,600 lines a game, at a width that changed)."""
import sys
import time

from rich import box
from rich.console import Console, Group
from rich.live import Live
from rich.panel import Panel
from rich.text import Text

from dicecup.view import snapshot_essentials, snapshot_view
from dicecup.view.lines import reveal_line, turn_line
from dicecup.view.table import reveal_view

from .snapshot import GameWon, PokerRevealed, RoundRevealed, Said, TableSnapshot, TriggerPulled, TurnStarted, Typing

class Resized:
    """The terminal changed size (hub/resize.py noted it, the loop passed it on): the live table is drawn again."""


TABLE_WIDTH = 100  # the live table's width, or the terminal's if narrower: the same at every draw


class Screen:
    """Shows what happens at the table. `quiet` lines (each bid as it is made) are shown unless `brief`; on a
    terminal they are the line under the live table. A brief log shows the table once a round rather than at
    every turn. `live` (default: whether the console is a terminal) chooses the live table or the log."""

    def __init__(self, console=None, brief=False, drama=0.0, live=None):
        self.console = console or Console()
        self.brief = brief
        self.drama = drama       # seconds of suspense before a trigger pull's result
        self.live = self.console.is_terminal if live is None else live
        self._live = None        # rich's Live, from the first table drawn until the game ends or close()
        self._snapshot = None    # the table drawn
        self._status = ""        # the line under the live table: the last bid, the suspense of a trigger pull
        self._over = False       # the winner is named: the table is not drawn again below it
        self._typing = ""        # the line being typed at the hub (keyboard.py), shown under the live table

    def __call__(self, item):
        if isinstance(item, Resized):
            return self._redraw() if self.live else None
        if isinstance(item, TableSnapshot):
            if self.live and item.state is not None:
                self._snapshot = item
                self._redraw()
            return
        show = (self._LIVE if self.live else self._LOG).get(type(item))
        if show is not None:
            show(self, item)

    @property
    def width(self) -> int:
        """The table's width: the same at every draw, until the terminal itself is resized."""
        return min(TABLE_WIDTH, self.console.width)

    def frame(self, snapshot):
        """The table as the live display draws it, always `width` wide. On a screen too short for all of it, a
        smaller table: whose turn and the standing bid, the line being typed, then what else still fits (rich
        would cut the bottom off, and the bid and the typed line are at the bottom)."""
        typed = self._typing and f"> {self._typing}_"
        under = "\n".join(line for line in (self._status, typed) if line)
        full = snapshot_view(snapshot, status=under or None, width=self.width)
        if self._height(full) <= self.console.height:
            return full
        return self._small_frame(snapshot, typed)

    def _small_frame(self, snapshot, typed):
        """The essentials, the typed line, the status, boxed if the box fits: the status goes first, then the
        box, then the typed line."""
        typed = [Text(typed, style="yellow")] if typed else []
        essentials = [snapshot_essentials(snapshot)]
        status = [Text(self._status, style="yellow")] if self._status else []
        for parts, boxed in ((essentials + typed + status, True), (essentials + typed, True),
                             (essentials + typed, False)):
            small = _boxed(snapshot, parts, self.width) if boxed else Group(*parts)
            if self._height(small) <= self.console.height:
                return small
        return Group(*essentials)

    def _height(self, renderable) -> int:
        return len(self.console.render_lines(renderable, self.console.options.update(width=self.width), pad=False))

    def resized(self):
        """The terminal changed size: the table drawn again at once, at the new width."""
        self(Resized())

    def close(self):
        """End the live display (the table stays on the terminal as last drawn, the cursor shown again)."""
        if self._live is not None:
            self._live.stop()
            self._live = None

    # -- on a terminal -------------------------------------------------------------------------------------------
    def _redraw(self):
        if self._snapshot is None or self._over:
            return
        if self._live is None:
            # On the program's own terminal, lines printed by others (`dicecup play: ...` on stderr) go above the
            # table rather than through it; a console of its own (a file, a test's) leaves sys.stdout alone.
            own_terminal = self.console.file is sys.stdout
            self._live = Live(console=self.console, auto_refresh=False, redirect_stdout=own_terminal,
                              redirect_stderr=own_terminal and sys.stderr.isatty())
            self._live.start()
        self._live.update(self.frame(self._snapshot), refresh=True)

    def _above(self, renderable, **options):
        """Printed above the live table (rich moves it down), or as it is before the first table."""
        self.console.print(renderable, **options)

    def _live_say(self, said: Said):
        if said.quiet:
            self._status = said.text
            return self._redraw()
        self._above(said.text, markup=False, highlight=False, soft_wrap=True)

    def _live_turn(self, started: TurnStarted):
        self._snapshot = started.snapshot
        self._redraw()

    def _live_reveal(self, revealed: RoundRevealed):
        self._status = ""
        self._above(reveal_view(revealed.outcome))
        self._redraw()

    def _live_poker_reveal(self, revealed: PokerRevealed):
        """The poker hub says the round in words itself (hub/poker/round.py): only the status line is cleared."""
        self._status = ""
        self._redraw()

    def _live_shot(self, pulled: TriggerPulled):
        self._status = f"{pulled.seat} loads {pulled.bullets} of 6, spins the cylinder"
        for _ in range(3):
            self._redraw()
            if self.drama:
                time.sleep(self.drama / 3)
            self._status += " ."
        self._status = ""
        self._above(Text.assemble(f"{pulled.seat} loads {pulled.bullets} of 6, spins the cylinder . . . ",
                                  _verdict(pulled)))
        self._redraw()

    def _live_typing(self, typing: Typing):
        self._typing = typing.text
        self._redraw()

    def _live_winner(self, won: GameWon):
        self._status = ""
        self._redraw()
        self.close()
        self._over = True
        self._log_winner(won)

    # -- a log: one line per event ---------------------------------------------------------------------------------
    def _line(self, text):
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def _log_say(self, said: Said):
        if not (said.quiet and self.brief):
            self._line(said.text)

    def _log_turn(self, started: TurnStarted):
        snap = started.snapshot
        if not self.brief or not snap.state.bids:
            to_act = snap.state.seats[snap.to_act] if snap.to_act is not None else None
            self._line(turn_line(snap.state, to_act=to_act, clock_left=snap.clock_left))

    def _log_reveal(self, revealed: RoundRevealed):
        self._line(reveal_line(revealed.outcome))

    def _log_shot(self, pulled: TriggerPulled):
        self.console.print(f"{pulled.seat} loads {pulled.bullets} of 6, spins the cylinder", end="", markup=False,
                           highlight=False)
        for _ in range(3):
            if self.drama:
                time.sleep(self.drama / 3)
            self.console.print(" .", end="", highlight=False)
        self.console.print(" ", _verdict(pulled), sep="", soft_wrap=True)

    def _log_winner(self, won: GameWon):
        self.console.print(f"[bold]{won.winner} wins the game.[/bold]", soft_wrap=True, highlight=False)
        self._line(f"journal: {won.journal}")

    _LIVE = {Said: _live_say, TurnStarted: _live_turn, RoundRevealed: _live_reveal, TriggerPulled: _live_shot,
             GameWon: _live_winner, Typing: _live_typing, PokerRevealed: _live_poker_reveal}
    # A PokerRevealed has no log line of its own: the poker hub says the round in words (one line) itself.
    _LOG = {Said: _log_say, TurnStarted: _log_turn, RoundRevealed: _log_reveal, TriggerPulled: _log_shot,
            GameWon: _log_winner}


def _boxed(snapshot, parts, width) -> Panel:
    title = f"{snapshot.state.rules}  ·  round {snapshot.state.round}"
    return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED, width=width)


def _verdict(pulled: TriggerPulled) -> Text:
    if pulled.dead:
        return Text(f"BANG! {pulled.seat} is out", style="bold red")
    return Text(f"click. {pulled.seat} lives", style="bold green")
