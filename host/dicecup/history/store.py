"""Importing journals and records into the history, idempotently, and only what the league can trust.

Each game is known by the digest of its facts (trust.game_digest: its moves and `#@` facts, not its comments,
spacing, line ends or signature): a game already in the history is passed over, so importing a folder twice changes
nothing, and copies of one game that differ by a comment, a byte-order mark or "\r\n" go in once. A journal goes in
only when a hub the league registered signed it and its dice check (trust.vouch); `unsigned` lets the rest in,
marked so and never rated. A copy vouched for of a game that went in unsigned upgrades it: it is the league's game
from then on, signed and rated as the import rates (so an unsigned copy imported first can't keep the signed game
out of the ratings). Files are read and refereed before the transaction, so the lock is held only while rows are
written; a batch of files is one transaction, and a writer holds the league's lock (db.writing), so hubs importing
at once take turns and none loses a game or rates one twice.
"""
import datetime
from pathlib import Path
from typing import NamedTuple

import sqlalchemy as sa

from .db import writing
from .games import NotAGame, read_game
from .ratings import RatedGame, apply_new_games
from .schema import game_seats, games, players, rounds, shots
from .trust import UNSIGNED, registered_hubs, vouch

BATCH = 200  # files per transaction


class Imported(NamedTuple):
    added: list      # (path, game id)
    known: list      # paths already in the history (the same game's facts)
    refused: list    # (path, why)
    upgraded: list = []  # (path, game id): signed copies of games that went in unsigned, now the league's


def files_in(paths) -> list:
    """Files in the order given; a folder's *.txt files (its subfolders' too) in name order."""
    found = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.txt") if p.is_file())
        else:
            found.append(path)
    return found


def import_files(engine, paths, rated: bool = True, rated_tables_only: bool = False,
                 unsigned: bool = False, progress=None) -> Imported:
    """`rated`: the games count in the ratings (only those a registered hub signed ever do); `rated_tables_only`:
    only journals of rated tables (`#@ rated`), as when rebuilding the history from a data folder that also holds
    friendly games; `unsigned`: games no registered hub signed go in too, unrated. `progress(done, total)` is
    called after each batch of files."""
    report = Imported([], [], [], [])
    files = files_in(paths)
    if progress is not None:
        progress(0, len(files))
    registered = registered_hubs(engine)
    vouching = lambda text: vouch(text, registered, unsigned)  # noqa: E731 - read_game's hook
    for start in range(0, len(files), BATCH):
        facts = []
        for path in files[start:start + BATCH]:
            try:
                fact = read_game(path, vouching)
            except NotAGame as why:
                report.refused.append((str(path), str(why)))
                continue
            if rated_tables_only and not fact.from_rated_table:
                report.refused.append((str(path), "is not from a rated table (no `#@ rated` line)"))
            else:
                facts.append(fact)
        import_games(engine, facts, rated, report)
        if progress is not None:
            progress(min(start + BATCH, len(files)), len(files))
    return report


def import_games(engine, facts, rated: bool = True, report: Imported = None) -> Imported:
    """Write already-read games in one transaction: those not already in the history, and the signed copies of
    games in it unsigned (upgraded)."""
    report = report or Imported([], [], [], [])
    if not facts:
        return report
    with writing(engine) as conn:
        present = _present(conn, facts)
        new = {}  # digest -> the fact that goes in (the same game twice in one import: once, vouched for if it is)
        upgrades = []
        for fact in facts:
            row, earlier = present.get(fact.hash) or present.get(fact.digest), new.get(fact.digest)
            if row is None and earlier is None:
                new[fact.digest] = fact
            elif row is None and _vouched(fact) and not _vouched(earlier):
                new[fact.digest] = fact
                report.known.append(earlier.path)
            elif row is not None and _vouched(fact) and row.signed_by == UNSIGNED:
                upgrades.append((row, fact))
                present[fact.digest] = row._replace(signed_by=fact.signed_by)
            else:
                report.known.append(fact.path)
        if new:
            game_ids = _insert_games(conn, list(new.values()), _player_ids(conn, new.values()), rated)
            report.added.extend(zip((fact.path for fact in new.values()), game_ids))
        for row, fact in upgrades:
            _upgrade(conn, row, fact, rated)
            report.upgraded.append((fact.path, row.id))
    return report


class _Row(NamedTuple):
    id: int
    signed_by: str
    imported_at: str


def _present(conn, facts) -> dict:
    """Byte hash or game digest -> _Row, for these games the history holds already (a game imported before
    schema 2 is known by its bytes alone)."""
    hashes, digests = {f.hash for f in facts}, {f.digest for f in facts}
    query = sa.select(games.c.id, games.c.hash, games.c.digest, games.c.signed_by, games.c.imported_at).where(
        games.c.hash.in_(hashes) | games.c.digest.in_(digests))
    found = {}
    for row in conn.execute(query):
        for key in (row.hash, row.digest):
            if key is not None:
                found[key] = _Row(row.id, row.signed_by, row.imported_at)
    return found


def _upgrade(conn, row: _Row, fact, rated: bool) -> None:
    """A game that went in unsigned, now vouched for by a signed copy: the copy's file, date and signer; rated as
    the import rates. Its seats, rounds and shots stay: the same digest is the same moves and facts."""
    sort_at = fact.played_at or row.imported_at
    conn.execute(games.update().where(games.c.id == row.id).values(
        hash=fact.hash, path=fact.path, played_at=fact.played_at, sort_at=sort_at, signed_by=fact.signed_by,
        rated=rated))
    if rated:
        ids = _player_ids(conn, [fact])
        seat_players = [ids[name] for name in fact.players]
        apply_new_games(conn, [RatedGame(row.id, sort_at, seat_players, fact.places, seat_players[fact.winner])])


def _player_ids(conn, facts) -> dict:
    """name -> id for every player of these games, adding the ones the history has not met."""
    kinds = {}
    for fact in facts:
        for seat, name in enumerate(fact.players):
            kinds.setdefault(name, fact.kind(seat))
    ids = {}
    names = sorted(kinds)
    for start in range(0, len(names), 500):
        chunk = names[start:start + 500]
        ids.update(conn.execute(sa.select(players.c.name, players.c.id).where(players.c.name.in_(chunk))).all())
    missing = [name for name in names if name not in ids]
    if missing:
        conn.execute(players.insert(), [{"name": name, "kind": kinds[name]} for name in missing])
        for start in range(0, len(missing), 500):
            chunk = missing[start:start + 500]
            ids.update(conn.execute(sa.select(players.c.name, players.c.id).where(players.c.name.in_(chunk))).all())
    return ids


def _now() -> str:
    return datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S.%f")  # local time, as the journal writes its date


def _insert_games(conn, facts, ids: dict, rated: bool) -> list:
    """Insert the games, their seats, rounds and shots (a few statements for the whole batch); -> their ids."""
    rows, seat_rows, round_rows, shot_rows, to_rate = [], [], [], [], []
    for fact in facts:
        imported_at = _now()
        seat_players = [ids[name] for name in fact.players]
        rows.append({"hash": fact.hash, "rules": fact.rules, "preset": fact.preset, "played_at": fact.played_at,
                     "imported_at": imported_at, "sort_at": fact.played_at or imported_at, "path": fact.path,
                     "seats": len(fact.seats), "rounds": len(fact.rounds),
                     "winner_id": seat_players[fact.winner], "rated": rated and _vouched(fact),
                     "digest": fact.digest, "signed_by": fact.signed_by})
    game_ids = conn.execute(games.insert().returning(games.c.id, sort_by_parameter_order=True), rows).scalars().all()
    for game_id, fact, row in zip(game_ids, facts, rows):
        seat_players = [ids[name] for name in fact.players]
        seat_rows += [{"game_id": game_id, "seat": seat, "name": name, "player_id": seat_players[seat],
                       "place": fact.places[seat]} for seat, name in enumerate(fact.seats)]
        round_rows += [{"game_id": game_id, "n": r.n, "bidder_id": _player(seat_players, r.bidder),
                        "caller_id": _player(seat_players, r.caller), "call": r.call, "correct": r.correct,
                        "held": r.held, "data": r.data} for r in fact.rounds]
        shot_rows += [{"game_id": game_id, "k": k, "player_id": seat_players[seat], "dead": dead}
                      for k, (seat, dead) in enumerate(fact.shots)]
        if row["rated"]:
            to_rate.append(RatedGame(game_id, row["sort_at"], seat_players, fact.places, row["winner_id"]))
    for table, batch in ((game_seats, seat_rows), (rounds, round_rows), (shots, shot_rows)):
        if batch:
            conn.execute(table.insert(), batch)
    if to_rate:
        apply_new_games(conn, to_rate)
    return game_ids


def _vouched(fact) -> bool:
    """A hub the league registered signed it: only such a game moves anyone's nerve."""
    return fact.signed_by not in (None, UNSIGNED)


def _player(seat_players, seat):
    return None if seat is None else seat_players[seat]
