"""`dicecup history [NAME] [--json]`: the games in the history, in date order (NAME: the games that player sat
in). `dicecup history import FILE|DIR... [--unrated] [--rated-tables] [--unsigned]`: put finished games' journals
into it. `dicecup history hubs` lists the hubs the league trusts; `dicecup history hubs add NAME PUBKEY` registers
one (PUBKEY: what `dicecup hub-key` prints on that hub).

A journal goes in when a registered hub signed it and its dice check (history/trust.py); a bare record, an
unsigned journal or one from a hub the league does not know only with --unsigned, marked so and never rated.
Importing is idempotent (a game is known by its facts, not its bytes), so the data folder's journals can be
imported again and again, and the history rebuilt from them (--rated-tables: only the journals of rated tables,
which carry `#@ rated`, leaving out the friendly games in the same folder). A folder's *.txt files go in name
order; a game without a date in it counts as played when it was imported.
"""
import json
import sys

from dicecup.commands.progressbar import progress_bar
from dicecup.history.options import HistoryError, add_db_arguments, open_history
from dicecup.usage import counted

PROG = "dicecup history"


def add_arguments(parser):
    parser.add_argument("words", nargs="*", metavar="NAME | import FILE|DIR... | hubs [add NAME PUBKEY]",
                        help="a player's name (a bot: bot:KIND), `import` and the journals or folders to import, "
                             "or `hubs`: the hubs whose signed journals the league takes")
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")
    parser.add_argument("--unrated", action="store_true", help="import the games without rating them")
    parser.add_argument("--rated-tables", action="store_true",
                        help="import only rated tables' journals (`#@ rated`): rebuilds the history from a data folder")
    parser.add_argument("--unsigned", action="store_true",
                        help="import also games no registered hub signed (bare records): marked so, never rated")
    add_db_arguments(parser)


def run(args) -> int:
    words = args.words
    if words and words[0] == "hubs":
        return _hubs(words[1:], args)
    importing = bool(words) and words[0] == "import"
    if importing and len(words) == 1:
        print(f"{PROG}: import what? name journals or folders: dicecup history import ~/.local/share/dicecup/games",
              file=sys.stderr)
        return 2
    if not importing and len(words) > 1:
        print(f"{PROG}: one name at a time (got {' '.join(words)}); to import files: dicecup history import FILE",
              file=sys.stderr)
        return 2
    for flag, given in (("--unrated", args.unrated), ("--rated-tables", args.rated_tables),
                        ("--unsigned", args.unsigned)):
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

    from dicecup.history.options import own_hub_key, trust_own_hub
    from dicecup.history.store import import_files

    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        print(f"{PROG}: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    key = own_hub_key(args, make=False)
    if key is not None:  # the games this data folder's own hub signed: its own history takes them
        guard_db(lambda: trust_own_hub(engine, args, key))
    # 10,000 journals take a while
    with progress_bar("importing", "files", quiet=args.json) as progress:
        report = guard_db(lambda: import_files(engine, paths, rated=not args.unrated, progress=progress,
                                               rated_tables_only=args.rated_tables, unsigned=args.unsigned))
    _say_refused(report.refused)
    for path in report.known:
        print(f"{PROG}: passed over {path}: the same game is in the history already", file=sys.stderr)
    if args.json:
        print(json.dumps({"added": [p for p, _ in report.added], "known": report.known,
                          "upgraded": [p for p, _ in report.upgraded],
                          "refused": [{"path": p, "why": w} for p, w in report.refused]}, indent=2))
    else:
        print(f"imported {counted(len(report.added), 'game')}; {len(report.known)} already in the history"
              + (f"; {_upgraded_words(report.upgraded, args.unrated)}" if report.upgraded else "")
              + (f"; {len(report.refused)} passed over" if report.refused else ""))
    return 0 if report.added or report.known or report.upgraded or not report.refused else 2


def _upgraded_words(upgraded, unrated: bool) -> str:
    """A signed copy of a game that went in unsigned: the game is the league's from now on."""
    return (f"{counted(len(upgraded), 'game')} in the history unsigned now signed by a registered hub"
            + ("" if unrated else " and rated"))


def _say_refused(refused) -> None:
    """A line per file passed over, but one for all the unfinished games: a data folder holds one per game still
    being played or left to resume, and each import of the folder said each of them again. Those that can never
    finish (their virtual cups are gone) are said apart: counted among "not finished yet", they only grew."""
    from dicecup.history.games import UNFINISHED

    unfinished = [path for path, why in refused if why == UNFINISHED]
    for path, why in refused:
        if why != UNFINISHED:
            print(f"{PROG}: passed over {path}: {why}", file=sys.stderr)
    stopped = [path for path in unfinished if _stopped_for_good(path)]
    unfinished = [path for path in unfinished if path not in stopped]
    if len(unfinished) == 1:
        print(f"{PROG}: passed over {unfinished[0]}: {UNFINISHED}", file=sys.stderr)
    elif unfinished:
        print(f"{PROG}: passed over {len(unfinished)} games not finished yet, such as {unfinished[0]}: they go in "
              "once finished (`dicecup resume` goes on with one)", file=sys.stderr)
    if stopped:
        print(f"{PROG}: passed over {counted(len(stopped), 'game')} stopped for good, such as {stopped[0]}: the "
              "virtual cups that held their dice ended with the demo or `play --sim` that ran them, so they never "
              "finish and never go in (`dicecup referee` rules one as far as it went; delete them to be rid of "
              "this line)", file=sys.stderr)


def _stopped_for_good(path) -> bool:
    """An unfinished game no resume can finish, by its kind's resume rule: a face-bid game whose virtual cups are
    gone, and with them their hidden dice (poker dice's one virtual cup can be replaced: `resume --sim 1`)."""
    from dicecup.hub.journal import JournalError, read_journal
    from dicecup.rules import DicecupError
    from dicecup.rules.games import piece

    try:
        resumed = read_journal(path)
    except (OSError, UnicodeDecodeError, DicecupError, JournalError, ValueError):
        return False  # read as a game already (it is one not finished): whatever else is odd, it is not "gone"
    return piece(resumed.record.rules, "resume").stopped_for_good(resumed)


def _hubs(words, args) -> int:
    """`hubs`: the registered hubs; `hubs add NAME PUBKEY`: one more."""
    from dicecup.history.trust import add_hub, hub_list

    if words and (words[0] != "add" or len(words) != 3):
        print(f"{PROG}: hubs lists the league's hubs; to register one: dicecup history hubs add NAME PUBKEY "
              "(PUBKEY: what `dicecup hub-key` prints on that hub)", file=sys.stderr)
        return 2
    try:
        engine = open_history(args)
        if words:
            fingerprint = guard_db(lambda: add_hub(engine, words[1], words[2]))
            print(f"registered hub {words[1]} ({fingerprint}): the journals it signs go into this history")
            return 0
        found = guard_db(lambda: hub_list(engine))
    except HistoryError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(found, indent=2))
    elif not found:
        print("no hubs registered: `dicecup history hubs add NAME PUBKEY` (PUBKEY from `dicecup hub-key`)")
    for hub in [] if args.json else found:
        print(f"{hub['name']}  {hub['fingerprint']}  {hub['public_key']}  (added {hub['added']})")
    return 0


def _list(engine, name, args) -> int:
    from dicecup.history.stats import NoSuchPlayer, game_list
    from dicecup.history.trust import UNSIGNED

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
        print(f"#{game['id']}  {date}  {game['rules']}  {order}  ({counted(game['rounds'], 'round')})"
              + ("" if game["rated"] else "  unrated") + ("  unsigned" if game["signed_by"] == UNSIGNED else ""))
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
