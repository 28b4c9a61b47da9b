"""`dicecup ratings [--json]`: the leaderboard, highest nerve first.

Nerve comes from OpenSkill's Plackett-Luce rating over every rated game in date order; the JSON's `mu` and
`sigma` are OpenSkill's own values, and nerve is 1000 + 40 x (mu - 3 sigma), so a newcomer has 1000 (docs/history.md).
"""
import json
import sys

from dicecup.commands.history import guard_db
from dicecup.history.options import HistoryError, add_db_arguments, open_history

PROG = "dicecup ratings"


def add_arguments(parser):
    parser.add_argument("--json", action="store_true", help="print [{name, nerve, mu, sigma, games, wins}]")
    add_db_arguments(parser)


def run(args) -> int:
    from dicecup.history.ratings import leaderboard

    try:
        engine = open_history(args)
        board = guard_db(lambda: leaderboard(engine))
    except HistoryError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(board, indent=2))
        return 0
    if not board:
        print("no rated games yet: play with --rated, or `dicecup history import DIR`")
        return 0
    width = max(len(entry["name"]) for entry in board)
    print(f"{'':>4}  {'player':<{width}}  nerve     mu  sigma  games  wins")
    for rank, entry in enumerate(board, 1):
        print(f"{rank:>4}  {entry['name']:<{width}}  {entry['nerve']:>5}  {entry['mu']:5.2f}  {entry['sigma']:5.2f}"
              f"  {entry['games']:>5}  {entry['wins']:>4}")
    return 0
