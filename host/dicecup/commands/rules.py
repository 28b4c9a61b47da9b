"""`dicecup rules [PRESET [SWITCHES...]]`: the rule page of a preset, or the whole page (docs/rules.md) without
one. Switches are written after the preset as a table writes them (`dicecup rules dudo palifico=off`, as a game
record's first line and the page itself say): the page, then what this table's switches set.

On a terminal the page is rendered (headings, tables, bold) with rich; piped or redirected it is the Markdown
itself, so `dicecup rules > docs/rules.md` writes the page byte for byte.
"""
import sys

from dicecup.rules import DicecupError, Rules
from dicecup.rules.presets import ALL_PRESETS as PRESETS  # the face-bid presets and poker
from dicecup.rules.switches import SWITCHES
from dicecup.rules.errors import quoted
from dicecup.rules.page import full_page, preset_page


def add_arguments(parser):
    parser.add_argument("preset", nargs="?", help=f"one of {', '.join(PRESETS)}; all of them if left out")
    parser.add_argument("switches", nargs="*", help="this table's switches, like palifico=off lose=difference")


def run(args) -> int:
    if args.preset is not None and len(args.preset.split()) > 1:  # "dudo palifico=off" quoted as one word
        args.preset, *more = args.preset.split()
        args.switches = [*more, *args.switches]
    preset = args.preset.strip().lower() if args.preset is not None else None  # DUDO, as typed in a hurry
    if preset is not None and preset not in PRESETS:
        print(f"dicecup rules: unknown preset {quoted(args.preset)}: choose one of {', '.join(PRESETS)}",
              file=sys.stderr)
        return 2
    try:
        table = Rules.parse(" ".join([preset, *args.switches])) if args.switches else None
    except DicecupError as error:
        print(f"dicecup rules: {error}", file=sys.stderr)
        return 2
    page = preset_page(preset) if preset else full_page()
    if table is not None:
        page += _this_table(table)
    if sys.stdout.isatty():
        show(page)
    else:
        sys.stdout.write(page)
    return 0


def show(page: str) -> None:
    """The page as a person reads it on a terminal."""
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(page, hyperlinks=False))


def _this_table(rules) -> str:
    """What the switches the host wrote set, below the preset's page."""
    lines = ["", f"At this table (`rules {rules}`):", ""]
    for name, value in rules.overrides.items():
        switch = SWITCHES[name]
        lines.append(f"- `{name}={switch.show(value)}` (default `{switch.show(rules.preset.defaults[name])}`): "
                     f"{switch.doc}")
    return "\n".join(lines) + "\n"
