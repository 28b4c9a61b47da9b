"""`dicecup rules [PRESET]`: the rule page of a preset, or the whole page (docs/rules.md) without one."""
import sys

from dicecup.rules import PRESETS
from dicecup.rules.page import full_page, preset_page


def add_arguments(parser):
    parser.add_argument("preset", nargs="?", help=f"one of {', '.join(PRESETS)}; all of them if left out")


def run(args) -> int:
    if args.preset and args.preset not in PRESETS:
        print(f"dicecup rules: unknown preset {args.preset!r}: choose one of {', '.join(PRESETS)}",
              file=sys.stderr)
        return 2
    sys.stdout.write(preset_page(args.preset) if args.preset else full_page())
    return 0
