"""What `dicecup history`, `stats` and `ratings` (and a rated table) share: --db and --data, and opening the
database with one plain line when it can't be."""
from .db import SETTING, HistoryError, database_url, open_engine


def add_db_arguments(parser):
    parser.add_argument("--db", metavar="URL",
                        help=f"the history database: postgresql://user@host/dicecup for a club's shared league "
                             f"(default: the setting {SETTING}, else history.sqlite in the data folder)")
    parser.add_argument("--data", help="the data folder (default ~/.local/share/dicecup)")


def open_history(args):
    """The engine for args.db / args.data; raises HistoryError (one line) when it can't be opened."""
    return open_engine(database_url(getattr(args, "db", None), getattr(args, "data", None)))


__all__ = ["HistoryError", "add_db_arguments", "open_history"]
