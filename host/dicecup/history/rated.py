"""A rated table (`dicecup play --rated`, `demo --rated`): the players' nerve when they are seated, and when the
game is over its journal goes into the history and the change in each player's nerve is shown.

It watches the hub as every observer does (published snapshots, on a thread of its own, so a database far away
never holds the table up) and prints its lines to stdout, where the table screen prints (under a live table,
rich puts them above it). The history is opened before the table starts, so a database that can't be reached
is said at once, not after the game.
"""
import sys

from dicecup.hub.journal import RATED_TABLE_FACT

from .games import BOT_PREFIX, RATED_FACT
from .db import without_credentials
from .errors import HistoryError
from .ratings import MODEL, leaderboard, nerve


class RatedTable:
    def __init__(self, engine, prog: str, bot_kinds=None, db: str = None):
        self.engine = engine
        self.prog = prog
        self.db = db                              # --db as given (None: the data folder's history, the default)
        self.bot_kinds = dict(bot_kinds or {})   # seat -> bot kind (`hard`), as the journal writes them
        self.before = None                        # player -> nerve at seating (None: not rated yet)
        self.seats = None
        self.nerve_of = {}                        # seat -> nerve, for the table screen (webnerve.py)
        self.change_of = {}                       # seat -> the change after the game
        self.on_change = None                     # called when those change (the table screen sends them again)
        self.feed = None                          # our Background subscriber on the hub

    def player(self, seat: str) -> str:
        return BOT_PREFIX + self.bot_kinds[seat] if seat in self.bot_kinds else seat

    def watch(self, hub, bot_kinds=None):
        from dicecup.hub.snapshot import Background

        self.bot_kinds.update(bot_kinds or {})
        hub.opening_facts.append(self.opening_fact())  # a game resumed after a crash is rated too
        hub.closing_facts.append((RATED_FACT,))  # `#@ rated` before the hub's signature: a rebuild knows, signed
        self.feed = hub.subscribe(Background(self._seen, name="rated"))

    def opening_fact(self) -> tuple:
        """`#@ rated-table db=URL`: the league's address without its credentials (a crash must not put a password
        in a signed journal people pass round; `dicecup resume --db URL` gives it again)."""
        if self.db is None:
            return (RATED_TABLE_FACT,)
        return (RATED_TABLE_FACT, f"db={without_credentials(self.db)}")

    def _seen(self, item):
        state = getattr(item, "state", None)
        if self.seats is not None or state is None:
            return
        self.seats = tuple(state.seats)
        self.before = self._nerves()
        shown = ", ".join(f"{seat}{self._as_bot(seat)} {self._shown(self.before.get(self.player(seat)))}"
                          for seat in self.seats)
        _say(f"nerve at this rated table: {shown}")
        self.nerve_of = {seat: self.before.get(self.player(seat), _newcomer()) for seat in self.seats}
        self._changed()

    def _as_bot(self, seat) -> str:
        return f" ({self.bot_kinds[seat]} bot)" if seat in self.bot_kinds else ""

    def _nerves(self) -> dict:
        try:
            board = leaderboard(self.engine, names=[self.player(seat) for seat in self.seats])
        except Exception as error:  # noqa: BLE001 - a database gone away must not stop the table
            print(f"{self.prog}: can't read the nerve from the history: {_reason(error)}", file=sys.stderr)
            return {}
        return {entry["name"]: entry["nerve"] for entry in board}

    @staticmethod
    def _shown(value) -> str:
        return f"{value}" if value is not None else f"{_newcomer()} (new)"

    def finish(self, hub) -> None:
        """After the table stops: a finished game's journal into the history, and each player's change."""
        if self.feed is not None:
            self.feed.drain()
        journal = getattr(hub, "journal", None)
        if not hub.finished or journal is None:
            return
        from .store import import_files

        try:
            report = import_files(self.engine, [journal.path])
        except Exception as error:  # noqa: BLE001 - the journal is kept: say how to add it later
            print(f"{self.prog}: the game is in {journal.path} but not in the history ({_reason(error)}): add it "
                  f"with `dicecup history import {journal.path}`", file=sys.stderr)
            return
        if report.refused:
            print(f"{self.prog}: the history passed over {journal.path}: {report.refused[0][1]}", file=sys.stderr)
            return
        self.seats = self.seats or tuple(hub.state.seats)
        change = self._change_of_game(report, journal.path)
        changes = []
        for seat in self.seats:
            if self.player(seat) not in change:
                continue
            was, now = change[self.player(seat)]
            changes.append(f"{seat} {was} -> {now} ({now - was:+d})")
            self.nerve_of = {**self.nerve_of, seat: now}
            self.change_of = {**self.change_of, seat: now - was}
        _say(f"nerve after the game: {', '.join(changes)}")
        self._changed()

    def _change_of_game(self, report, path) -> dict:
        """player -> (nerve before, after) this game, as the history counts it; the nerve read at seating may be
        out of date by then: another rated table at the same time may have finished first."""
        from .ratings import nerve_change

        game_id = next((gid for added, gid in report.added + report.upgraded if str(added) == str(path)), None)
        try:
            return nerve_change(self.engine, game_id) if game_id is not None else {}
        except Exception as error:  # noqa: BLE001 - the game is in; a database gone away must not stop the end
            print(f"{self.prog}: can't read the nerve from the history: {_reason(error)}", file=sys.stderr)
            return {}

    def decorate(self, message) -> None:
        """A table screen's table message: each seat's nerve, and after the game its change."""
        nerve_of, change_of = self.nerve_of, self.change_of
        for seat in message.get("seats", ()):
            if seat.get("name") in nerve_of:
                seat["nerve"] = nerve_of[seat["name"]]
            if seat.get("name") in change_of:
                seat["nerve_change"] = change_of[seat["name"]]

    def show_on(self, web) -> None:
        """Also on the table screen: nerve beside each seat, the leaderboard at /t/TOKEN/ratings."""
        from .webnerve import show_on

        _say(f"leaderboard: {show_on(web, self)}")

    def _changed(self):
        if self.on_change is not None:
            self.on_change()


def _newcomer() -> int:
    fresh = MODEL.rating()
    return nerve(fresh.mu, fresh.sigma)


def _say(line: str) -> None:
    """One write for the whole line: the screen prints from its own thread, and print()'s separate newline could
    let its text in before ours ends."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _reason(error) -> str:
    from .db import reason

    return reason(error) if not isinstance(error, HistoryError) else str(error)
