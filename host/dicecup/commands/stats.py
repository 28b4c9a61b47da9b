"""`dicecup stats NAME [--json] [--plot FILE] [--unsigned]`: a player's games, wins, average place, calls and how
often right, bluffs caught, bids called and how often they held, spot calls and hits, bullets survived (the
revolver), and nerve; --plot draws nerve over the player's rated games into a PNG (or any file matplotlib writes).
The games counted are those the league vouches for: a game imported with --unsigned only with --unsigned here."""
import json
import sys
from pathlib import Path

from dicecup.commands.history import guard_db
from dicecup.history.options import HistoryError, add_db_arguments, open_history
from dicecup.usage import counted

PROG = "dicecup stats"


def plot_needs() -> str:
    """How to add matplotlib to the environment dicecup runs in: the package is not on PyPI, so the hint is the
    checkout's own extra, or matplotlib put beside it (pipx's way: inject)."""
    if "pipx" in Path(sys.prefix).parts:
        return ("`pipx inject dicecup matplotlib`, or from the checkout `pipx install --force '.[docs]'` (the plain "
                "install leaves it out)")
    return (f"from the checkout, `pip install '.[docs]'`, or `{sys.executable} -m pip install matplotlib` "
            "in dicecup's environment (the plain install leaves it out)")


def add_arguments(parser):
    parser.add_argument("name", help="the player (a bot: bot:KIND, like bot:hard)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE", help="draw nerve over time into FILE (.png, .svg, .pdf)")
    parser.add_argument("--unsigned", action="store_true",
                        help="count also the games imported with --unsigned (nobody vouches for them)")
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
        found = guard_db(lambda: player_stats(engine, args.name, unsigned=args.unsigned))
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
    if s.get("left_out"):
        lines.append(f"  left out: {counted(s['left_out'], 'game')} imported unsigned, which nobody vouches for "
                     "(--unsigned counts them)")
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
        print(f"{PROG}: --plot needs matplotlib: {plot_needs()}", file=sys.stderr)
        return False
    return True


FIGURE_INCHES = (10, 5)  # at DPI: 1200 x 600 pixels, readable on a screen and printed
DPI = 120


def _draw(curve, name, path):
    figure = nerve_figure(curve, name)
    try:
        figure.savefig(path, dpi=DPI)
    finally:
        import matplotlib.pyplot as plt

        plt.close(figure)


def nerve_figure(curve, name):
    """Nerve after each rated game, with OpenSkill's uncertainty as a band of one sigma either side, on a time
    axis that spans the games (matplotlib's own for one date ran over five years)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.dates as mdates
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=FIGURE_INCHES)
    when = [_when(point.at) for point in curve]  # the order the games were rated in
    nerve = [point.nerve for point in curve]
    unsure = "± 1 σ: how unsure the rating still is"
    if len(curve) == 1:  # a band over one instant has no width: drawn as a bar the legend can stand for
        axes.errorbar(when, nerve, yerr=[curve[0].spread], fmt="none", elinewidth=8, alpha=0.2, label=unsure)
    else:
        axes.fill_between(when, [n - p.spread for n, p in zip(nerve, curve)],
                          [n + p.spread for n, p in zip(nerve, curve)], alpha=0.2, linewidth=0, label=unsure)
    axes.plot(when, nerve, marker="o" if len(curve) < 40 else None, label="nerve after the game")
    axes.axhline(1000, color="grey", linewidth=0.6)
    if when:
        axes.set_xlim(*_time_span(when))
    locator = mdates.AutoDateLocator()
    axes.xaxis.set_major_locator(locator)
    axes.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    axes.set_xlabel("played")
    axes.set_ylabel("nerve")
    axes.set_title(f"{name}'s nerve over {counted(len(curve), 'rated game')}")
    axes.legend(loc="best")
    figure.tight_layout()
    return figure


def _when(sort_at: str):
    import datetime

    return datetime.datetime.fromisoformat(sort_at)


def _time_span(when) -> tuple:
    """The games' time with a margin: an hour either side of one game, a twentieth of the span of several (four
    games in twenty minutes fill the axis, not the middle of two hours), never under a minute."""
    import datetime

    span = when[-1] - when[0]
    margin = max(span / 20, datetime.timedelta(minutes=1)) if span else datetime.timedelta(hours=1)
    return when[0] - margin, when[-1] + margin
