"""The terminal table view: a subscriber to what the hub publishes (snapshot.py), printed with rich."""
import time

from rich.console import Console

from dicecup.view.table import reveal_view, table_view

from .snapshot import GameWon, RoundRevealed, Said, TriggerPulled, TurnStarted


class Screen:
    """Prints what happens at the table. `quiet` lines (each bid as it is made) are shown unless `brief`, and a
    brief screen shows the table once a round rather than at every turn."""

    def __init__(self, console=None, brief=False, drama=0.0):
        self.console = console or Console()
        self.brief = brief
        self.drama = drama       # seconds of suspense before a trigger pull's result

    def __call__(self, item):
        show = self._SHOWS.get(type(item))
        if show is not None:
            show(self, item)

    def say(self, said: Said):
        if not (said.quiet and self.brief):
            self.console.print(said.text, markup=False, highlight=False, soft_wrap=True)

    def turn(self, started: TurnStarted):
        snap = started.snapshot
        if not self.brief or not snap.state.bids:
            self.console.print(table_view(snap.state, seat_notes=snap.seat_notes(), clock_left=snap.clock_left,
                                          to_act=snap.state.seats[snap.to_act]))

    def reveal(self, revealed: RoundRevealed):
        self.console.print(reveal_view(revealed.outcome))

    def shot(self, pulled: TriggerPulled):
        name = pulled.seat
        self.console.print(f"{name} loads {pulled.bullets} of 6, spins the cylinder", end="", markup=False)
        for _ in range(3):
            if self.drama:
                time.sleep(self.drama / 3)
            self.console.print(" .", end="")
        verdict = "BANG! " + name + " is out" if pulled.dead else "click. " + name + " lives"
        self.console.print(f" {verdict}", style="bold red" if pulled.dead else "bold green")

    def winner(self, won: GameWon):
        self.console.print(f"\n[bold]{won.winner} wins the game.[/bold]", soft_wrap=True)
        self.console.print(f"journal: {won.journal}", markup=False, highlight=False, soft_wrap=True)

    _SHOWS = {Said: say, TurnStarted: turn, RoundRevealed: reveal, TriggerPulled: shot, GameWon: winner}
