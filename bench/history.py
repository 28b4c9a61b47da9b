"""The history's speed: import 10,000 generated finished games (journals as the hub writes them: dudo, revolver,
poker dice, ten regulars and a hard bot now and then), then ask for the leaderboard.

Prints how long a rebuild of the whole leaderboard takes and the leaderboard query (the median of 20, as
`dicecup ratings` asks it), then the import rate as the last line: `history_import: N games/s`.
Run: .venv/bin/python bench/history.py [--games N] [--db URL]   (default: a new SQLite file in a temp folder)
"""
import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from dicecup.history.db import open_engine, writing
from dicecup.history.ratings import leaderboard, rebuild
from dicecup.history.samples import league_night
from dicecup.history.store import import_files
from dicecup.history.trust import add_hub
from dicecup.hub.hubkey import HubKey

from quickform import sized


def not_all_added(report, games) -> str:
    """Why the import rate would be a rate of something else: which games did not go in, and why."""
    lines = [f"history: only {len(report.added)} of the {games} generated games were added, so no figure"]
    lines += [f"  {path}: the same game as one already added (the same moves and facts)" for path in report.known[:3]]
    lines += [f"  {path}: {why}" for path, why in report.refused[:3]]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(10_000, 50))
    parser.add_argument("--db", help="an empty database to import into (postgresql://...); default SQLite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dicecup-bench-history-") as folder:
        journals = Path(folder) / "games"
        journals.mkdir()
        hub = HubKey.in_folder(folder)   # the journals are signed by a hub the league registered, as a club's are
        made = time.perf_counter()
        for name, text in league_night(args.games, seed=16, hub=hub):
            (journals / name).write_text(text)
        print(f"made {args.games} journals in {time.perf_counter() - made:.1f} s", file=sys.stderr)
        engine = open_engine(args.db or f"sqlite:///{Path(folder) / 'history.sqlite'}")
        add_hub(engine, "bench hub", hub.public_hex)

        start = time.perf_counter()
        report = import_files(engine, [journals])
        seconds = time.perf_counter() - start
        if len(report.added) != args.games:
            raise SystemExit(not_all_added(report, args.games))

        start = time.perf_counter()
        with writing(engine) as conn:
            rebuild(conn)
        print(f"ratings_rebuild_ms: {1000 * (time.perf_counter() - start):.0f}", flush=True)
        times = []
        for _ in range(20):
            start = time.perf_counter()
            board = leaderboard(engine)
            times.append(time.perf_counter() - start)
        print(f"leaderboard of {len(board)} players over {args.games} games", file=sys.stderr)
        print(f"ratings_query_ms: {1000 * statistics.median(times):.2f}", flush=True)
        print(f"history_import: {args.games / seconds:.0f} games/s")
        engine.dispose()


if __name__ == "__main__":
    main()
