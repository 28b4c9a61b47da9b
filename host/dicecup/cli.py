"""The `dicecup` command.

Each subcommand lives in its own module and is imported only when it runs, so `dicecup rules` never loads
pyserial and `dicecup referee` never loads the hub. A subcommand module offers `add_arguments(parser)` and
`run(args) -> int`.
"""
import argparse
import importlib
import sys

# name -> (module, one-line help)
COMMANDS = {
    "arena": ("dicecup.commands.arena", "bots against bots: win rates with 95% intervals over N games"),
    "demo": ("dicecup.commands.demo", "play a whole autoplayed game and show it"),
    "play": ("dicecup.commands.play", "a game at the table: cups on USB, virtual cups, bots"),
    "resume": ("dicecup.commands.resume", "go on with a game whose hub died, from its journal"),
    "odds": ("dicecup.commands.odds", "the exact odds of a bid, or the odds table for a dice count"),
    "referee": ("dicecup.commands.referee", "re-check a game record and rule every round"),
    "rules": ("dicecup.commands.rules", "print the rule page of a preset"),
    "sim": ("dicecup.commands.sim", "start N virtual cups and print their device paths"),
    "build": ("dicecup.commands.build", "build a board's firmware into dist/BOARD (compiled for MicroPython boards)"),
    "ports": ("dicecup.commands.ports", "serial ports with their USB ids, what runs on each, and the cups that answer"),
    "flash": ("dicecup.commands.flash", "put dicecup on a board, configure it as a cup and register it"),
    "cups": ("dicecup.commands.cups", "the cups this hub knows: list, rename, forget"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dicecup", description="Liar's Dice with electronic cups, refereed.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sub.add_parser(name, help=help_text, description=help_text)
    return parser


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    if not argv or argv[0] not in COMMANDS:
        parser.parse_args(argv)  # prints usage, or an error for an unknown command
        parser.print_help()
        return 2
    name = argv[0]
    module = importlib.import_module(COMMANDS[name][0])
    sub_parser = argparse.ArgumentParser(prog=f"dicecup {name}", description=COMMANDS[name][1])
    module.add_arguments(sub_parser)
    args = sub_parser.parse_args(argv[1:])
    try:
        return module.run(args) or 0
    except KeyboardInterrupt:
        return 130
