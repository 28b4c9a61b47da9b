"""Where the hub's news goes: the terminal (rich), or nowhere but a log for tests."""
import time

from rich.console import Console

from dicecup.view.table import reveal_view, table_view


class Screen:
    """The terminal table view. `quiet` lines (each bid as it is made) are shown unless `brief`."""

    def __init__(self, console=None, brief=False, drama=0.0):
        self.console = console or Console()
        self.brief = brief
        self.drama = drama       # seconds of suspense before a trigger pull's result
        self.log = []

    def say(self, text: str, quiet: bool = False):
        self.log.append(text)
        if not (quiet and self.brief):
            self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def table(self, hub):
        if not self.brief or not hub.state.bids:
            self.console.print(table_view(hub.state, seat_notes=hub.seat_notes(), clock_left=hub.clock_left(),
                                          to_act=hub.seats[hub.to_act()].name))

    def reveal(self, outcome):
        self.log.append(f"round {outcome.n}: {outcome.losers} lost")
        self.console.print(reveal_view(outcome))

    def shot(self, name: str, bullets: int, dead: bool):
        self.console.print(f"{name} loads {bullets} of 6, spins the cylinder", end="", markup=False)
        for _ in range(3):
            if self.drama:
                time.sleep(self.drama / 3)
            self.console.print(" .", end="")
        verdict = "BANG! " + name + " is out" if dead else "click. " + name + " lives"
        self.console.print(f" {verdict}", style="bold red" if dead else "bold green")
        self.log.append(f"shot {name} {'dead' if dead else 'safe'}")

    def winner(self, name: str, journal_path):
        self.log.append(f"winner {name}")
        self.console.print(f"\n[bold]{name} wins the game.[/bold]", soft_wrap=True)
        self.console.print(f"journal: {journal_path}", markup=False, highlight=False, soft_wrap=True)
