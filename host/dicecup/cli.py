"""The `dicecup` command.

Each subcommand lives in its own module and is imported only when it runs, so `dicecup rules` never loads
pyserial and `dicecup referee` never loads the hub. A subcommand module offers `add_arguments(parser)` and
`run(args) -> int`.

Whatever the subcommand, Ctrl-C ends it with one plain line and status 130, and a reader that goes away
(`dicecup rules | head`) ends it quietly with status 141, as it does any Unix tool killed by SIGPIPE.
"""
import argparse
import importlib
import os
import sys

from dicecup.usage import OneLineParser, no_command, not_text

INTERRUPTED = 130        # 128 + SIGINT, what a shell reports for Ctrl-C
READER_GONE = 141        # 128 + SIGPIPE

# name -> (module, one-line help)
COMMANDS = {
    "arena": ("dicecup.commands.arena", "bots against bots: win rates with 95 % intervals over N games"),
    "demo": ("dicecup.commands.demo", "play a whole autoplayed game and show it"),
    "play": ("dicecup.commands.play", "a game at the table: cups on USB, virtual cups, bots"),
    "resume": ("dicecup.commands.resume", "go on with a game whose hub died, from its journal"),
    "odds": ("dicecup.commands.odds", "the exact odds of a bid, or the odds table for a dice count"),
    "referee": ("dicecup.commands.referee", "re-check a game record and rule every round"),
    "verify": ("dicecup.commands.verify", "recheck every die of a game from its journal: commitments, entropy, faces"),
    "rules": ("dicecup.commands.rules", "print the rule page of a preset"),
    "sim": ("dicecup.commands.sim", "start N virtual cups and print their device paths"),
    "build": ("dicecup.commands.build", "build a board's firmware into dist/BOARD (compiled for MicroPython boards)"),
    "ports": ("dicecup.commands.ports", "serial ports with their USB ids, what runs on each, and the cups that answer"),
    "flash": ("dicecup.commands.flash", "put dicecup on a board, configure it as a cup and register it"),
    "cups": ("dicecup.commands.cups", "the cups this hub knows: list, rename, forget"),
    "hub-key": ("dicecup.commands.hubkey", "this hub's public key, which signs its journals, for a league to register"),
    "history": ("dicecup.commands.history", "the games in the history; `history import` puts journals into it"),
    "stats": ("dicecup.commands.stats", "a player's games, calls, bluffs caught and nerve (--plot draws it)"),
    "ratings": ("dicecup.commands.ratings", "the leaderboard: every rated player's nerve (OpenSkill)"),
}


def _plain(text: str) -> str:
    """argparse %-formats help strings: a literal % must be doubled (a bare one crashed `dicecup --help`)."""
    return text.replace("%", "%%")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dicecup")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="dicecup", description="Liar's Dice with electronic cups, refereed.")
    parser.add_argument("--version", action="version", version=f"dicecup {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sub.add_parser(name, help=_plain(help_text), description=help_text)
    return parser


def main(argv=None) -> int:
    argv = _help_as_flag(sys.argv[1:] if argv is None else argv)
    name = argv[0] if argv and argv[0] in COMMANDS else None
    try:
        code = _run(name, argv)
        sys.stdout.flush()  # a reader gone away shows here, inside the try, not at exit
        return code
    except KeyboardInterrupt:
        fresh_line = "\n" if sys.stderr.isatty() else ""  # after the terminal's own ^C
        print(f"{fresh_line}{'dicecup ' + name if name else 'dicecup'}: stopped (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return READER_GONE


def _help_as_flag(argv: list) -> list:
    """`dicecup help [COMMAND]`, as git and pip take it, is `dicecup [COMMAND] --help`."""
    if argv[:1] != ["help"]:
        return argv
    return [*argv[1:2], "--help", *argv[2:]]


def _run(name, argv) -> int:
    if name is None:
        parser = build_parser()
        parser.parse_args(argv)  # prints the help for -h, or one line for an unknown command
        parser.print_help()
        no_command()
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    sub_parser = OneLineParser(prog=f"dicecup {name}", description=COMMANDS[name][1])
    module.add_arguments(sub_parser)
    args = sub_parser.parse_intermixed_args(argv[1:])  # `history import --unsigned DIR`: words either side
    garbled = not_text(sub_parser, args)  # before any command meets it as a UnicodeEncodeError
    if garbled:
        print(f"dicecup {name}: {garbled}", file=sys.stderr)
        return 2
    return module.run(args) or 0


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit has nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
