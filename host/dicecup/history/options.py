"""What `dicecup history`, `stats` and `ratings` (and a rated table) share: --db and --data, and opening the
database with one plain line when it can't be. SQLAlchemy is imported only when a database is opened, so
`dicecup play` without --rated never loads it."""
from .errors import SETTING, HistoryError
DB_HELP = (f"the history database: postgresql://user@host/dicecup for a club's shared league (default: the "
           f"setting {SETTING}, else history.sqlite in the data folder)")


def add_db_arguments(parser):
    parser.add_argument("--db", metavar="URL", help=DB_HELP)
    parser.add_argument("--data", help="the data folder (default ~/.local/share/dicecup)")


def add_rated_arguments(parser):
    """play and demo: --rated, and --db for a club's league (they have --data already)."""
    parser.add_argument("--rated", action="store_true",
                        help="a rated table: the game goes into the history and moves the players' nerve")
    parser.add_argument("--db", metavar="URL", help=DB_HELP + "; with --rated")


def open_history(args):
    """The engine for args.db / args.data; raises HistoryError (one line) when it can't be opened."""
    from .db import database_url, open_engine

    return open_engine(database_url(getattr(args, "db", None), getattr(args, "data", None)))


def rated_table(args, prog: str):
    """A history.rated.RatedTable for --rated, else None; raises HistoryError (one line)."""
    if getattr(args, "db", None) is not None and not args.rated:
        raise HistoryError("--db goes with --rated (the history this table's game goes into)")
    if not args.rated:
        return None
    from .rated import RatedTable

    engine = open_history(args)
    _registered_here(engine, args)
    return RatedTable(engine, prog, db=getattr(args, "db", None))


def _registered_here(engine, args):
    """A rated game goes into the history only if the league trusts this hub's signature: said before the table
    starts, not after the game."""
    key = own_hub_key(args)
    if not trust_own_hub(engine, args, key):
        raise HistoryError(f"this hub ({key.fingerprint}) is not registered with the league, so its games would "
                           f"not go in: dicecup history hubs add NAME {key.public_hex} --db URL")


def own_hub_key(args, make=True):
    """The data folder's hub key (hub/hubkey.py), made there the first time; with make=False, None when this
    folder's hub never started (nothing in it was signed by one)."""
    from dicecup.datadir import data_dir
    from dicecup.hub.hubkey import FILE_NAME, HubKey

    folder = data_dir(getattr(args, "data", None))
    if not make and not (folder / FILE_NAME).exists():
        return None
    return HubKey.in_folder(folder)


def trust_own_hub(engine, args, key) -> bool:
    """Whether the history trusts the hub that holds `key`. The data folder's own history trusts its own hub (it
    is registered as `this hub` the first time it is asked); a league elsewhere (--db, the setting) registers a
    hub on purpose: `dicecup history hubs add`."""
    import os

    from .trust import add_hub, registered_hubs

    if key.fingerprint in registered_hubs(engine):
        return True
    if getattr(args, "db", None) is None and not os.environ.get(SETTING):
        add_hub(engine, f"this hub {key.fingerprint}", key.public_hex)
        return True
    return False
