"""`dicecup stats NAME [--json] [--plot FILE]`: a player's games, wins, average place, calls and how often right,
bluffs caught, bids called and how often they held, spot calls and hits, bullets survived (the revolver), and
nerve; --plot draws nerve over the player's rated games into a PNG (or any file matplotlib writes)."""
import json
import sys

from dicecup.commands.history import guard_db
from dicecup.history.options import HistoryError, add_db_arguments, open_history
from dicecup.usage import counted

PROG = "dicecup stats"
PLOT_NEEDS = "pip install 'dicecup[docs]' (matplotlib)"


def add_arguments(parser):
    parser.add_argument("name", help="the player (a bot: bot:KIND, like bot:hard)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE", help="draw nerve over time into FILE (.png, .svg, .pdf)")
    add_db_arguments(parser)


def run(args) -> int:
    from dicecup.history.ratings import leaderboard, nerve_over_time
    from dicecup.history.stats import NoSuchPlayer, player_stats

    if not args.name.strip():
        print(f"{PROG}: the player's name is empty (an unset variable?)", file=sys.stderr)
        return 2
    if args.plot is not None and not _plot_ready(args.plot):
        return 2
    try:
        engine = open_history(args)
        found = guard_db(lambda: player_stats(engine, args.name))
        name = found["name"]  # as the history spells it: `stats Ana` finds ana
        rating = guard_db(lambda: leaderboard(engine, names=[name]))
        curve = guard_db(lambda: nerve_over_time(engine, name)) if args.plot else None
    except NoSuchPlayer as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except HistoryError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    found["nerve"] = rating[0]["nerve"] if rating else None
    if args.plot:
        try:
            _draw(curve, name, args.plot)
        except (OSError, ValueError) as error:
            print(f"{PROG}: can't write the plot {args.plot}: {getattr(error, 'strerror', None) or error}",
                  file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        print("\n".join(stat_lines(found)))
        if args.plot:
            print(f"nerve over {counted(len(curve), 'rated game')} drawn in {args.plot}")
    return 0


def stat_lines(s) -> list:
    from dicecup.history.stats import percent

    nerve = f", nerve {s['nerve']}" if s["nerve"] is not None else ", not rated"
    lines = [f"{s['name']}{' (bot)' if s['kind'] == 'bot' else ''}: {counted(s['games'], 'game')}, {s['wins']} won, "
             f"average place {s['average_place']}{nerve}",
             f"  calls made: {s['calls']}, right {s['calls_right']} ({percent(s['calls_right'], s['calls'])}); "
             f"bluffs caught: {s['bluffs_caught']}",
             f"  bids called: {s['bids_called']}, held {s['bids_held']} ({percent(s['bids_held'], s['bids_called'])})",
             f"  spot calls: {s['spot_calls']}, hits {s['spot_hits']} ({percent(s['spot_hits'], s['spot_calls'])})"]
    if s["trigger_pulls"]:
        lines.append(f"  bullets survived: {s['bullets_survived']} of {s['trigger_pulls']} trigger pulls")
    if s["timeouts"]:
        lines.append(f"  ran out of time: {s['timeouts']}")
    return lines


def _plot_ready(path: str) -> bool:
    if not path.strip():
        print(f"{PROG}: --plot needs a file name, like --plot nerve.png", file=sys.stderr)
        return False
    import importlib.util
    import os

    if os.path.isdir(path):
        print(f"{PROG}: --plot {path} is a folder: name the picture's file, like --plot nerve.png", file=sys.stderr)
        return False
    if importlib.util.find_spec("matplotlib") is None:  # found, not imported: importing it makes ~/.config/matplotlib
        print(f"{PROG}: --plot needs matplotlib: {PLOT_NEEDS}", file=sys.stderr)
        return False
    return True


def _draw(curve, name, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 3.5))
    try:
        import datetime

        when = [datetime.datetime.fromisoformat(at) for at, _ in curve]  # the order the games were rated in
        axes.plot(when, [nerve for _, nerve in curve], marker="o" if len(curve) < 40 else None)
        axes.axhline(1000, color="grey", linewidth=0.6)
        figure.autofmt_xdate()
        axes.set_xlabel("date played")
        axes.set_ylabel("nerve")
        axes.set_title(f"{name}'s nerve")
        figure.tight_layout()
        figure.savefig(path)
    finally:
        plt.close(figure)
