"""A bar for long work, on a terminal's stderr only: piped or in a log there is none (the command's own last
lines say what was done), as pip's and rich's own bars behave.

    with progress_bar("importing", "files") as progress:
        import_files(..., progress=progress)     # progress(done, total) as the work goes
"""
import contextlib


@contextlib.contextmanager
def progress_bar(doing: str, unit: str, quiet: bool = False):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    columns = (TextColumn(doing), BarColumn(), MofNCompleteColumn(), TextColumn(unit), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=quiet or not console.is_terminal) as bar:
        task = bar.add_task(doing, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)
