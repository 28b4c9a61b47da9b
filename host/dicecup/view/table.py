"""The terminal table view: seats, dice left, bullets, the standing bid, the clock, this round's bids, and the
reveal with the counted dice highlighted and the loser named. Pure functions from the engine's state to rich
renderables; the hub decides when to print them."""
from rich import box
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dicecup.rules.referee import count_words

DIE_FACES = "·⚀⚁⚂⚃⚄⚅"


def snapshot_view(snapshot, *, status=None, width=None) -> Panel:
    """A face-bid table's snapshot (dicecup.hub.snapshot) drawn: its state, whose turn, the clock's hurry."""
    from dicecup.hub.faces.turnclock import hurry_from
    state, left = snapshot.state, snapshot.clock_left
    to_act = state.seats[snapshot.to_act] if snapshot.to_act is not None else None
    return table_view(state, seat_notes=snapshot.seat_notes(), clock_left=left, to_act=to_act, status=status,
                      width=width, hurry=left is not None and left <= hurry_from(state.rules.clock))


def snapshot_essentials(snapshot) -> Text:
    """Whose turn and the standing bid first (essentials_line), for a screen too small for the table."""
    from dicecup.hub.faces.turnclock import hurry_from
    state, left = snapshot.state, snapshot.clock_left
    to_act = state.seats[snapshot.to_act] if snapshot.to_act is not None else None
    hurry = left is not None and left <= hurry_from(state.rules.clock)
    return essentials_line(state, to_act, left, hurry=hurry, details=False)


def table_view(state, *, seat_notes=None, clock_left=None, status=None, to_act=None, width=None,
               hurry=False) -> Panel:
    """The whole table now. seat_notes: seat -> short text (e.g. "Pico cup" / "bot" / "cup unplugged: waiting for it");
    to_act: the seat to act when the engine leaves it open (dudo's first opener is the hub's draw); width: a
    fixed width (a live display keeps one at every draw); hurry: the clock is in its last seconds."""
    seat_notes = seat_notes or {}
    revolver = state.rules.preset.revolver
    grid = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    grid.add_column("")
    grid.add_column("seat")
    grid.add_column("dice", justify="right")
    if revolver:
        grid.add_column("bullets", justify="right")
    grid.add_column("")
    to_act = state.to_act or to_act
    for i, name in enumerate(state.seats):
        alive = state.alive[i]
        marker = "▶" if name == to_act else ""
        style = "bold" if name == to_act else ("dim strike" if not alive else "")
        row = [marker, Text(name, style=style), str(state.dice[i]) if alive else "out"]
        if revolver:
            row.append(_bullets(state.bullets[i]))
        row.append(Text(seat_notes.get(name, ""), style="dim"))
        grid.add_row(*row)
    narrow = width is not None and width < NARROW
    standing = essentials_line(state, to_act, clock_left, hurry) if narrow else _standing_line(state, clock_left, hurry)
    lines = [grid, standing, _bids_line(state)]
    if status:
        lines.append(Text(status, style="yellow"))
    title = f"{state.rules}  ·  round {state.round}"
    if state.palifico is not None:
        title += f"  ·  palifico ({state.seats[state.palifico]})"
    return Panel(_group(lines), title=title, title_align="left", box=box.ROUNDED, expand=width is not None,
                 width=width)


NARROW = 72  # columns: below this the standing line can't be one line, so it starts with what a player looks for


def essentials_line(state, to_act=None, clock_left=None, hurry=False, details=True) -> Text:
    """Whose turn and the standing bid first, then the clock, then the rest: on a narrow table the line wraps
    between words, so what is cut off the bottom of a small screen is the least needed."""
    text = Text()
    to_act = state.to_act or to_act
    if to_act is not None:
        text.append(f"{to_act} to play", style="bold")
        text.append("  ·  ")
    if state.standing is None:
        text.append("no bid yet", style="dim")
    else:
        text.append(str(state.standing), style="bold cyan")
        text.append(f" by {state.seats[state.bids[-1][0]]}")
    if clock_left is not None:
        text.append("  ·  ")
        text.append(f"⏱ {clock_left:.0f}s", style="bold red" if hurry else "magenta")
    if details:
        dice = "die" if state.dice_in_play == 1 else "dice"
        text.append(f"  ·  {state.dice_in_play} {dice} in play  ·  ones {'wild' if state.wild else 'not wild'}")
    return text


def _bullets(n: int) -> Text:
    return Text("●" * n + "○" * (6 - n), style="red" if n else "dim")


def _standing_line(state, clock_left, hurry=False) -> Text:
    standing = state.standing
    text = Text()
    if standing is None:
        text.append("no bid yet", style="dim")
    else:
        bidder = state.seats[state.bids[-1][0]]
        text.append(str(standing), style="bold cyan")
        text.append(f"  {standing.words()}  by {bidder}")
    dice = "die" if state.dice_in_play == 1 else "dice"
    text.append(f"   ·  {state.dice_in_play} {dice} in play  ·  ones {'wild' if state.wild else 'not wild'}")
    if clock_left is not None:
        text.append(f"  ·  ⏱ {clock_left:.0f}s", style="bold red" if hurry else "magenta")
    return text


def _bids_line(state) -> Text:
    if not state.bids:
        return Text("")
    return Text("bids: " + "  ".join(f"{state.seats[i]} {b}" for i, b in state.bids), style="dim")


def reveal_view(outcome) -> Panel:
    """Every cup's dice, the counted ones highlighted (wild ones in yellow), the count and who lost."""
    if outcome.call == "timeout":
        body = Text(f"{outcome.caller} ran out of time and loses the round", style="bold red")
        return Panel(body, title=f"round {outcome.n}: timeout", title_align="left", box=box.ROUNDED, expand=False)
    bid = outcome.bid
    grid = Table(box=None, show_header=False, pad_edge=False)
    grid.add_column()
    grid.add_column()
    for name, dice in outcome.rolls.items():
        grid.add_row(name, _dice_text(dice, bid.face, outcome.wild))
    call = Text(f"{outcome.caller} calls {outcome.call} on {bid} ({bid.words()}) by {outcome.bidder}")
    verdict = Text("count: ")
    verdict.append(count_words(outcome), style="bold")  # the referee's words: "1 three + 2 wild ones = 3"
    verdict.append(f" against {bid.quantity} bid — the call was " + ("right" if outcome.correct else "wrong") + ". ")
    verdict.append(losers_text(outcome), style="bold red")
    return Panel(_group([grid, call, verdict]), title=f"round {outcome.n}: the reveal", title_align="left",
                 expand=False, box=box.ROUNDED)


def _dice_text(dice, face: int, wild: bool) -> Text:
    text = Text()
    for die in dice:
        if die == face:
            style = "bold green"
        elif wild and die == 1 and face != 1:
            style = "bold yellow"
        else:
            style = "dim"
        text.append(f"{DIE_FACES[die]} {die}  ", style=style)
    return text


def losers_text(outcome) -> str:
    if outcome.losers:
        return f"{', '.join(outcome.losers)} {'loses' if len(outcome.losers) == 1 else 'lose'} the round."
    if outcome.gained:
        return f"{', '.join(outcome.gained)} wins a die back."
    return ""


def _group(parts):
    from rich.console import Group
    return Group(*parts)
