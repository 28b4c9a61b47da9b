"""`dicecup rules [PRESET]`: the rule page of a preset, or the whole page (docs/rules.md) without one.

On a terminal the page is rendered (headings, tables, bold) with rich; piped or redirected it is the Markdown
itself, so `dicecup rules > docs/rules.md` writes the page byte for byte.
"""
import sys

from dicecup.rules.presets import ALL_PRESETS as PRESETS  # the face-bid presets and poker
from dicecup.rules.errors import quoted
from dicecup.rules.page import full_page, preset_page


def add_arguments(parser):
    parser.add_argument("preset", nargs="?", help=f"one of {', '.join(PRESETS)}; all of them if left out")


def run(args) -> int:
    preset = args.preset.strip().lower() if args.preset is not None else None  # DUDO, as typed in a hurry
    if preset is not None and preset not in PRESETS:
        print(f"dicecup rules: unknown preset {quoted(args.preset)}: choose one of {', '.join(PRESETS)}",
              file=sys.stderr)
        return 2
    page = preset_page(preset) if preset else full_page()
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
