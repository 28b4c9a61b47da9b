"""Tables for the commands that list things (`dicecup cups`, `dicecup arena`): rich tables with a header rule
and no frame, readable in a terminal and never wrapped when piped or captured (a pipe has no width to wrap to,
and a cut port name or bot path is useless)."""
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

_UNBOUNDED = 10_000  # columns to measure a table's natural width in


def listing(*headers: str, figures=()) -> Table:
    """A table with these column headers; the columns named in `figures` are right-aligned numbers."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for header in headers:
        table.add_column(header, justify="right" if header in figures else "left", no_wrap=True)
    return table


def add_row(table: Table, *cells) -> None:
    """One row; every cell is shown as written (a name like `[bold]` is text, not rich markup)."""
    table.add_row(*(cell if isinstance(cell, Text) else Text(str(cell)) for cell in cells))


def print_table(table: Table, file=None) -> None:
    """Print to `file` (stdout by default): at the terminal's width there, at the table's own width elsewhere."""
    console = Console(file=file)
    if not console.is_terminal:
        natural = Console(file=file, width=_UNBOUNDED).measure(table).maximum
        console = Console(file=file, width=max(console.width, natural))
    console.print(table)
