"""`dicecup arena BOT BOT [BOT ...] --rules PRESET [switches] --games N --seed S [--json]`: bots against bots.

A bot is a built-in name (easy, normal, hard, baseline, simple; at poker dice poker-baseline, poker-hard) or
`module:Name` (`path/file.py:Name`). The seating is balanced: over each block of games every bot sits in every seat, and directly after every other bot,
equally often (bots/seating.py), so the order the bots are listed in does not matter; every CPU core plays.
Prints each bot's win rate with a 95 % Wilson interval and the average game length; `--json` prints {"games": N, "bots": [{"bot", "wins", "win_rate", "ci95"}, ...]}.
"""
import json
import os
import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from dicecup.bots.arena import block_size, check_table, run_arena
from dicecup.bots.loader import BotError
from dicecup.rules import DicecupError, Rules
from dicecup.rules.errors import quoted
from dicecup.usage import counted
from dicecup.view.listing import add_row, listing, print_table

PROG = "dicecup arena"


def add_arguments(parser):
    parser.add_argument("bots", nargs="+", metavar="BOT", help="two or more bots: easy normal hard expert baseline, "
                        "or module:Name; a bot named twice sits twice (its seats are pooled)")
    parser.add_argument("--rules", nargs="+", default=["dudo"], metavar="WORD",
                        help="preset and switches, as in a record: --rules dudo palifico=off (default: dudo)")
    parser.add_argument("--games", default="100", help="games to play (default 100)")
    parser.add_argument("--seed", default="0", help="the same seed gives the same results (default 0)")
    parser.add_argument("--workers", default=None, help="processes to play on (default: every CPU core)")
    parser.add_argument("--json", action="store_true",
                        help='print {"games": N, "bots": [{"bot", "wins", "win_rate", "ci95"}, ...]}')


MOST = 10 ** 9  # games or workers: more than anyone will wait for, and a bound before int() meets 5,000 digits


def _positive(text, what):
    if text is None:
        return None
    text = str(text).strip()  # pasted with spaces
    if text.isdigit() and not text.isascii():
        raise ValueError(f"{what} {quoted(text)} is a whole number written with the digits 0-9")
    if not text.isdigit() or not text.strip("0"):
        raise ValueError(f"{what} {quoted(text)} is not a positive whole number")
    if len(text.lstrip("0")) > len(str(MOST)) or int(text) > MOST:
        raise ValueError(f"{what} {quoted(text)}: at most {MOST:,} {what.strip('-')}")
    return int(text)


def most_workers() -> int:
    """Processes worth starting: a few per core (each is a Python process; thousands would swamp the machine)."""
    return 4 * (os.cpu_count() or 1)


def run(args) -> int:
    try:
        games = _positive(args.games, "--games")
        workers = _positive(args.workers, "--workers")
        if workers is not None and workers > most_workers():
            raise ValueError(f"--workers {workers}: this machine has {os.cpu_count() or 1} cores; more than "
                             f"{most_workers()} processes only slow it down (leave --workers out to use every core)")
        if len(args.bots) < 2:
            raise ValueError("an arena needs at least two bots")
        counts = [bot.strip() for bot in args.bots if bot.strip().isdigit()]
        if counts:  # `arena easy normal 100`
            raise ValueError(f"{counts[0]!r} is not a bot: for {counts[0]} games write --games {counts[0]}")
        rules = Rules.parse(" ".join(args.rules))  # --rules dudo palifico=off, or quoted as one word
        check_table(rules, args.bots)
        result = _play(args.bots, rules, games, args.seed, workers, quiet=args.json)
    except (ValueError, BotError, DicecupError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print_report(result)
    for score in result.scores:  # its row is the safest action's, not the bot's: said, and the status says so
        if score.broken:
            print(f"{PROG}: {score.bot} is broken: not one of its moves stood (each raised or was illegal, and the "
                  f"safest action was played for it; the first: {score.broken}), so its results rank nothing",
                  file=sys.stderr)
    return 1 if any(score.broken for score in result.scores) else 0


def _play(bots, rules, games, seed, workers, quiet):
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    console = Console(stderr=True)
    # a bar only for a person watching: piped, it left a stray blank line on stderr
    with Progress(*columns, console=console, transient=True, disable=quiet or not console.is_terminal) as bar:
        task = bar.add_task(f"{' v '.join(bots)} ({rules})", total=games)
        return run_arena(bots, rules, games, seed, workers, progress=lambda done: bar.update(task, completed=done))


def print_report(result) -> None:
    print(f"{counted(result.games, 'game')} of {result.rules}; average game {result.mean_rounds:.1f} rounds")
    print(seating_line(result))
    print()
    print_table(score_table(result))
    print()
    print(f"fair share: {100 / sum(s.seats for s in result.scores):.1f} % per seat")
    if result.problems:
        print(f"{counted(result.problems, 'move')} {'was' if result.problems == 1 else 'were'} illegal or raised and "
              "replaced by the safest action")


def seating_line(result) -> str:
    """How the seats were dealt out, and whether the games made whole blocks of that balance."""
    seats = sum(s.seats for s in result.scores)
    block = block_size(seats)
    line = (f"seating balanced in blocks of {block} games: every bot in every seat, and right after every other "
            "bot, equally often")
    left = result.games % block
    if left:
        line += (f" (the last {counted(left, 'game')} {'begins' if left == 1 else 'begin'} a block: play a multiple "
                 f"of {block} for an exact balance)")
    return line


def score_table(result):
    """One row per bot: its seats, wins, win rate per seat and the 95 % interval of that rate."""
    table = listing("bot", "seats", "wins", "win rate", "95 % interval", figures=("seats", "wins", "win rate"))
    for s in result.scores:
        lo, hi = s.ci95
        if s.broken:
            add_row(table, s.bot, s.seats, s.wins, "broken", "-")
        else:
            add_row(table, s.bot, s.seats, s.wins, f"{s.win_rate * 100:.1f} %", f"{lo * 100:.1f} – {hi * 100:.1f} %")
    return table
