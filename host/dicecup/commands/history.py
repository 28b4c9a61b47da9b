"""`dicecup history [NAME] [--json]`: the games in the history, in date order (NAME: the games that player sat
in). `dicecup history import FILE|DIR... [--unrated] [--rated-tables]`: put finished games' journals or records
into it.

Importing is idempotent (a file is known by a hash of its bytes), so the data folder's journals can be imported
again and again, and the history rebuilt from them (--rated-tables: only the journals of rated tables, which end
with `#@ rated`, leaving out the friendly games in the same folder). A folder's *.txt files go in name order; a game without a
date in it (a record typed by hand) counts as played when it was imported.
"""
import json
import sys

from dicecup.history.options import HistoryError, add_db_arguments, open_history

PROG = "dicecup history"


def add_arguments(parser):
    parser.add_argument("words", nargs="*", metavar="NAME | import FILE|DIR...",
                        help="a player's name (a bot: bot:KIND), or `import` and the journals or folders to import")
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")
    parser.add_argument("--unrated", action="store_true", help="import the games without rating them")
    parser.add_argument("--rated-tables", action="store_true",
                        help="import only rated tables' journals (`#@ rated`): rebuilds the history from a data folder")
    add_db_arguments(parser)


def run(args) -> int:
    words = args.words
    importing = bool(words) and words[0] == "import"
    if importing and len(words) == 1:
        print(f"{PROG}: import what? name journals or folders: dicecup history import ~/.local/share/dicecup/games",
              file=sys.stderr)
        return 2
    if not importing and len(words) > 1:
        print(f"{PROG}: one name at a time (got {' '.join(words)}); to import files: dicecup history import FILE",
              file=sys.stderr)
        return 2
    for flag, given in (("--unrated", args.unrated), ("--rated-tables", args.rated_tables)):
        if given and not importing:
            print(f"{PROG}: {flag} goes with import: dicecup history import FILE {flag}", file=sys.stderr)
            return 2
    for word in words[1:] if importing else words:
        if not word.strip():
            what = "a file's name" if importing else "the player's name"
            print(f"{PROG}: {what} is empty (an unset variable?)", file=sys.stderr)
            return 2
    try:
        engine = open_history(args)
        return _import(engine, words[1:], args) if importing else _list(engine, words[0] if words else None, args)
    except HistoryError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2


def _import(engine, paths, args) -> int:
    from pathlib import Path

    from dicecup.history.store import import_files

    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        print(f"{PROG}: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    report = guard_db(lambda: import_files(engine, paths, rated=not args.unrated,
                                           rated_tables_only=args.rated_tables))
    for path, why in report.refused:
        print(f"{PROG}: passed over {path}: {why}", file=sys.stderr)
    if args.json:
        print(json.dumps({"added": [p for p, _ in report.added], "known": report.known,
                          "refused": [{"path": p, "why": w} for p, w in report.refused]}, indent=2))
    else:
        print(f"imported {len(report.added)} game(s); {len(report.known)} already in the history"
              + (f"; {len(report.refused)} passed over" if report.refused else ""))
    return 0 if report.added or report.known or not report.refused else 2


def _list(engine, name, args) -> int:
    from dicecup.history.stats import NoSuchPlayer, game_list

    try:
        found = guard_db(lambda: game_list(engine, name))
    except NoSuchPlayer as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    if not found:
        print("no games in the history yet: `dicecup history import DIR` or play with --rated")
    for game in found:
        order = ", ".join(f"{p['player']} {_ordinal(p['place'])}" for p in sorted(found and game["players"],
                                                                               key=lambda p: p["place"]))
        date = game["date"] or f"{game['imported']} (imported)"
        print(f"#{game['id']}  {date}  {game['rules']}  {order}  ({game['rounds']} rounds)"
              + ("" if game["rated"] else "  unrated"))
    return 0


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def guard_db(work):
    """Run a database job; a connection lost or a lock waited on too long is one line, not a traceback."""
    from sqlalchemy.exc import SQLAlchemyError

    from dicecup.history.db import reason

    try:
        return work()
    except SQLAlchemyError as error:
        raise HistoryError(f"the history database failed: {reason(error)}") from None
