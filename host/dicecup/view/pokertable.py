"""The terminal table view at poker dice: seats with their lives, who holds the one cup and which way it
goes, the cup's dice (open ones by rank, 9 T J Q K A; the ones under the cup as `?`, never their faces, even one
the table saw before it went back under), the standing hand and this round's bids. A pure function of the
engine's public state (the poker table's snapshot), like view/table.py for face bids."""
from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dicecup.rules.poker.hands import rank_char


def snapshot_view(snapshot, *, status=None, width=None) -> Panel:
    """A poker table's snapshot (dicecup.hub.snapshot) drawn."""
    return poker_table_view(snapshot.state, seat_notes=snapshot.seat_notes(), status=status, width=width)


def snapshot_essentials(snapshot) -> Text:
    """Who holds the cup and the standing hand, for a screen too small for the table."""
    state = snapshot.state
    text = Text(f"{state.seats[state.holder]} holds the cup  ·  ", style="bold") if state.winner is None else Text()
    if state.standing is None:
        text.append("no bid yet", style="dim")
    else:
        text.append(str(state.standing), style="bold cyan")
        text.append(f" by {state.seats[state.bids[-1][0]]}")
    return text


def poker_table_view(state, *, seat_notes=None, status=None, width=None) -> Panel:
    seat_notes = seat_notes or {}
    grid = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    for title, justify in (("", "left"), ("seat", "left"), ("lives", "right"), ("", "left")):
        grid.add_column(title, justify=justify)
    way = {1: "left →", -1: "right ←"}.get(state.direction, "")
    for i, name in enumerate(state.seats):
        holds = state.holder == i and state.winner is None
        lives = state.lives[i]
        note = f"holds the cup{', goes ' + way if way else ''}" if holds else seat_notes.get(name, "")
        grid.add_row("▶" if holds else "", Text(name, style="bold" if holds else ("dim strike" if not lives else "")),
                     "♥" * lives if lives else "out", Text(note, style="bold" if holds else "dim"))
    cup = Text("cup: ")
    for face, on in zip(state.faces, state.on_table):
        cup.append(f"{rank_char(face)} " if on else "? ", style="bold" if on else "dim")
    cup.append(" (? under the cup)", style="dim")
    standing = Text()
    if state.standing is None:
        standing.append("no bid yet", style="dim")
    else:
        standing.append(str(state.standing), style="bold cyan")
        standing.append(f"  {state.standing.words()}  by {state.seats[state.bids[-1][0]]}")
    lines = [grid, standing, cup]
    if state.bids:
        lines.append(Text("bids: " + "  ".join(f"{state.seats[i]} {hand}" for i, hand in state.bids), style="dim"))
    if status:
        lines.append(Text(status, style="yellow"))
    return Panel(Group(*lines), title=f"{state.rules}  ·  round {state.round}", title_align="left",
                 box=box.ROUNDED, expand=width is not None, width=width)
