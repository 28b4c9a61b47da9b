"""Importing journals and records into the history, idempotently.

Each file is known by the SHA-256 of its bytes: a file already in the history is passed over, so importing a
folder twice changes nothing. Files are read and refereed before the transaction, so the lock is held only while
rows are written; a batch of files is one transaction, and a writer holds the league's lock (db.writing), so
hubs importing at once take turns and none loses a game or rates one twice.
"""
import datetime
from pathlib import Path
from typing import NamedTuple

import sqlalchemy as sa

from .db import writing
from .games import NotAGame, read_game
from .ratings import RatedGame, apply_new_games
from .schema import game_seats, games, players, rounds, shots

BATCH = 200  # files per transaction


class Imported(NamedTuple):
    added: list      # (path, game id)
    known: list      # paths already in the history (the same bytes)
    refused: list    # (path, why)


def files_in(paths) -> list:
    """Files in the order given; a folder's *.txt files (its subfolders' too) in name order."""
    found = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.txt") if p.is_file())
        else:
            found.append(path)
    return found


def import_files(engine, paths, rated: bool = True, rated_tables_only: bool = False) -> Imported:
    """`rated`: the games count in the ratings; `rated_tables_only`: only journals of rated tables (`#@ rated`),
    as when rebuilding the history from a data folder that also holds friendly games."""
    report = Imported([], [], [])
    files = files_in(paths)
    for start in range(0, len(files), BATCH):
        facts = []
        for path in files[start:start + BATCH]:
            try:
                fact = read_game(path)
            except NotAGame as why:
                report.refused.append((str(path), str(why)))
                continue
            if rated_tables_only and not fact.from_rated_table:
                report.refused.append((str(path), "is not from a rated table (no `#@ rated` line)"))
            else:
                facts.append(fact)
        import_games(engine, facts, rated, report)
    return report


def import_games(engine, facts, rated: bool = True, report: Imported = None) -> Imported:
    """Write already-read games in one transaction (those not already in the history)."""
    report = report or Imported([], [], [])
    if not facts:
        return report
    with writing(engine) as conn:
        hashes = {f.hash for f in facts}
        present = set(conn.execute(sa.select(games.c.hash).where(games.c.hash.in_(hashes))).scalars())
        new = []
        for fact in facts:
            if fact.hash in present:
                report.known.append(fact.path)
            else:
                present.add(fact.hash)  # the same bytes twice in one import: the first counts
                new.append(fact)
        if new:
            game_ids = _insert_games(conn, new, _player_ids(conn, new), rated)
            report.added.extend(zip((fact.path for fact in new), game_ids))
    return report


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
                     "winner_id": seat_players[fact.winner], "rated": rated})
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
        to_rate.append(RatedGame(game_id, row["sort_at"], seat_players, fact.places, row["winner_id"]))
    for table, batch in ((game_seats, seat_rows), (rounds, round_rows), (shots, shot_rows)):
        if batch:
            conn.execute(table.insert(), batch)
    if rated:
        apply_new_games(conn, to_rate)
    return game_ids


def _player(seat_players, seat):
    return None if seat is None else seat_players[seat]
