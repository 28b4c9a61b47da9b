"""The `dicecup` command.

Each subcommand lives in its own module and is imported only when it runs, so `dicecup rules` never loads
pyserial and `dicecup referee` never loads the hub. A subcommand module offers `add_arguments(parser)` and
`run(args) -> int`.

Whatever the subcommand, Ctrl-C ends it with one plain line and status 130, and a reader that goes away
(`dicecup rules | head`) ends it quietly with status 141, as it does any Unix tool killed by SIGPIPE. This module
imports only the standard library's lightest modules at its top: dicecup's own are imported inside main, where a
Ctrl-C in the first second (a loaded machine takes that long to import them) is answered in one line too, not
with the traceback of the import it cut short.
"""
import importlib
import os
import sys

READER_GONE = 141        # 128 + SIGPIPE
CTRL_C = 130             # 128 + SIGINT

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


def build_parser():
    from dicecup.usage import OneLineParser

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
        _prepare()
        code = _run(name, argv)
        sys.stdout.flush()  # a reader gone away shows here, inside the try, not at exit
        return code
    except KeyboardInterrupt as stop:
        return _stopped(stop, name)
    except BrokenPipeError:
        _quiet_stdout()
        return READER_GONE
    except SystemExit as done:
        if done.code == 1 and isinstance(done.__context__, BrokenPipeError):  # rich's own end for a reader gone
            _quiet_stdout()
            return READER_GONE
        raise


def _prepare() -> None:
    from dicecup.hub.stopsignals import unwind_on_signals
    from dicecup.plaintext import fit_streams

    fit_streams()  # a terminal in ASCII or Latin-1 gets `-` for `—`, not a UnicodeEncodeError
    _forget_zero_sizes()
    unwind_on_signals()  # `kill` or a closed terminal: the finally blocks run and one line says what was kept


def _stopped(stop, name) -> int:
    who = f"dicecup {name}" if name else "dicecup"
    try:
        from dicecup.hub.stopsignals import how_stopped, say_stopped
    except KeyboardInterrupt:  # Ctrl-C again, while the words for the first were being imported
        print(f"{who}: stopped (Ctrl-C)", file=sys.stderr)
        return CTRL_C
    how, status = how_stopped(stop)
    fresh_line = "\n" if how == "Ctrl-C" and sys.stderr.isatty() else ""  # after the terminal's own ^C
    say_stopped(f"{fresh_line}{who}: stopped ({how})")
    return status


def _forget_zero_sizes() -> None:
    """COLUMNS=0 or LINES=0 (a serial console's or a CI runner's environment) is no size: rich took it for a
    screen 0 wide and the table showed nothing at all, with status 0. Without it, the terminal's own size."""
    for name in ("COLUMNS", "LINES"):
        if os.environ.get(name, "").strip() == "0":
            del os.environ[name]


def _help_as_flag(argv: list) -> list:
    """`dicecup help [COMMAND]`, as git and pip take it, is `dicecup [COMMAND] --help`; so is `dicecup COMMAND
    help` alone (it was taken for a preset, a switch, a file or a player called help), unless a file is called so."""
    if argv[:1] == ["help"]:
        return [*argv[1:2], "--help", *argv[2:]]
    if len(argv) == 2 and argv[0] in COMMANDS and argv[1].lower() == "help" and not os.path.exists(argv[1]):
        return [argv[0], "--help"]
    return argv


def _run(name, argv) -> int:
    from dicecup.usage import OneLineParser, mend_paths, no_command, not_text

    if name is None:
        parser = build_parser()
        parser.parse_args(argv)  # prints the help for -h, or one line for an unknown command
        parser.print_help()
        no_command()
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    sub_parser = OneLineParser(prog=f"dicecup {name}", description=COMMANDS[name][1])
    module.add_arguments(sub_parser)
    args = _parse(sub_parser, argv[1:])
    garbled = not_text(sub_parser, args)  # before any command meets it as a UnicodeEncodeError
    if garbled:
        print(f"dicecup {name}: {garbled}", file=sys.stderr)
        return 2
    mend_paths(sub_parser, args)  # `--data=~/games`, "~/my game.txt", "game.txt " (pasted) as the shell meant them
    return module.run(args) or 0


def _parse(parser, words):
    """Options anywhere among the words, as a shell user writes them: `dicecup demo palifico=off --cups 2 dice=1`
    and `dicecup history import --unsigned FILE` were refused ('dice=1' is more than dicecup demo takes)."""
    try:
        return parser.parse_intermixed_args(words)
    except TypeError:  # a parser argparse can't intermix (one with a REMAINDER): its words as they come
        return parser.parse_args(words)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit has nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
