"""Nerve: a multiplayer rating with OpenSkill's Plackett-Luce model, its default parameters.

Each rated game is one match, every seat its own team, ranked by finishing place (seats out in the same round
share a rank); games count in date order (`games.sort_at`, then the order they were imported). A player's
`mu`/`sigma` are OpenSkill's own values; nerve is the number people read: the ordinal mu - 3 sigma, which only
rises once the rating is sure of itself, scaled so that a newcomer (mu 25, sigma 25/3: ordinal 0) has 1000.

A bot's player is its kind, so two hard bots at one table are one player twice: both seats are rated from its
rating, and it keeps what its best-placed seat earned.

The leaderboard is kept in the `ratings` table: a game that comes in after every rated one is added to it at
once (in the importing transaction); one that comes in earlier marks the league stale, and the next reader
rebuilds the whole table from the games, in order.
"""
from typing import NamedTuple

import sqlalchemy as sa
from openskill.models import PlackettLuce

from .db import writing
from .schema import game_seats, games, league, players, ratings

MODEL = PlackettLuce()
NERVE_AT_ZERO = 1000   # a newcomer's nerve
NERVE_PER_POINT = 40   # nerve per point of ordinal: the ordinal runs from about -25 to 40, nerve 0 to 2600


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def nerve(mu: float, sigma: float) -> int:
    return round(NERVE_AT_ZERO + NERVE_PER_POINT * ordinal(mu, sigma))


def rate_game(current: dict, seat_players, places) -> dict:
    """{player: (mu, sigma)} after one game; `current` holds the players' ratings before (absent: a newcomer)."""
    teams = [[MODEL.rating(*current[p])] if p in current else [MODEL.rating()] for p in seat_players]
    rated = MODEL.rate(teams, ranks=list(places))
    after = {}
    for seat in sorted(range(len(seat_players)), key=lambda s: (places[s], s)):  # the best-placed seat first
        after.setdefault(seat_players[seat], (rated[seat][0].mu, rated[seat][0].sigma))
    return after


class RatedGame(NamedTuple):
    id: int
    sort_at: str
    seat_players: list   # player id per seat
    places: list
    winner: int          # the winner's player id


def play_through(ordered, table: dict, counts: dict) -> None:
    """Rate `ordered` games one after the other: `table` {player: (mu, sigma)} and `counts` {player: [games,
    wins]} are brought up to date in place."""
    for game in ordered:
        table.update(rate_game(table, game.seat_players, game.places))
        for pid in set(game.seat_players):
            counts.setdefault(pid, [0, 0])[0] += 1
        counts[game.winner][1] += 1


def apply_new_games(conn, new) -> None:
    """Add just-inserted rated games to the leaderboard, or mark the league stale if one of them sorts before
    the last game it includes. Runs inside the writer's transaction (db.writing), so no other hub rates in
    between; a few statements for the whole batch."""
    row = conn.execute(sa.select(league).where(league.c.id == 1)).one()
    if row.stale or not new:
        return
    ordered = sorted(new, key=lambda game: (game.sort_at, game.id))
    first = ordered[0]
    if row.last_at is not None and (first.sort_at, first.id) < (row.last_at, row.last_id):
        conn.execute(league.update().where(league.c.id == 1).values(stale=True))
        return
    ids = sorted({pid for game in new for pid in game.seat_players})
    known = {}
    for start in range(0, len(ids), 500):
        known.update((r.player_id, r) for r in conn.execute(
            sa.select(ratings).where(ratings.c.player_id.in_(ids[start:start + 500]))))
    table = {pid: (r.mu, r.sigma) for pid, r in known.items()}
    counts = {pid: [r.games, r.wins] for pid, r in known.items()}
    play_through(ordered, table, counts)
    rows = [{"pid": pid, "new_mu": table[pid][0], "new_sigma": table[pid][1], "new_games": counts[pid][0],
             "new_wins": counts[pid][1]} for pid in ids]
    changed = [r for r in rows if r["pid"] in known]
    if changed:
        conn.execute(ratings.update().where(ratings.c.player_id == sa.bindparam("pid")).values(
            mu=sa.bindparam("new_mu"), sigma=sa.bindparam("new_sigma"), games=sa.bindparam("new_games"),
            wins=sa.bindparam("new_wins")), changed)
    added = [{"player_id": r["pid"], "mu": r["new_mu"], "sigma": r["new_sigma"], "games": r["new_games"],
              "wins": r["new_wins"]} for r in rows if r["pid"] not in known]
    if added:
        conn.execute(ratings.insert(), added)
    last = ordered[-1]
    conn.execute(league.update().where(league.c.id == 1).values(last_at=last.sort_at, last_id=last.id))


def rated_games(conn):
    """Every rated game (RatedGame), in the order they count in: date, then as imported."""
    query = (sa.select(games.c.id, games.c.sort_at, games.c.winner_id, game_seats.c.player_id, game_seats.c.place)
             .join(game_seats, game_seats.c.game_id == games.c.id).where(games.c.rated)
             .order_by(games.c.sort_at, games.c.id, game_seats.c.seat))
    current = None
    for row in conn.execute(query):
        if current is None or current.id != row.id:
            if current is not None:
                yield current
            current = RatedGame(row.id, row.sort_at, [], [], row.winner_id)
        current.seat_players.append(row.player_id)
        current.places.append(row.place)
    if current is not None:
        yield current


def rebuild(conn) -> None:
    """The leaderboard from every rated game, in order (inside a writer's transaction)."""
    table, counts, last = {}, {}, None
    for game in rated_games(conn):
        play_through([game], table, counts)
        last = game
    conn.execute(ratings.delete())
    if table:
        conn.execute(ratings.insert(), [{"player_id": pid, "mu": mu, "sigma": sigma, "games": counts[pid][0],
                                         "wins": counts[pid][1]} for pid, (mu, sigma) in table.items()])
    conn.execute(league.update().where(league.c.id == 1).values(
        last_at=last and last.sort_at, last_id=last and last.id, stale=False))


def _fresh(engine) -> None:
    with engine.connect() as conn:
        stale = conn.execute(sa.select(league.c.stale).where(league.c.id == 1)).scalar()
    if stale:
        with writing(engine) as conn:
            if conn.execute(sa.select(league.c.stale).where(league.c.id == 1)).scalar():  # nobody rebuilt meanwhile
                rebuild(conn)


def leaderboard(engine, names=None) -> list:
    """[{name, nerve, mu, sigma, games, wins}], the highest nerve first (then the larger ordinal, then by name);
    `names` keeps only those players."""
    _fresh(engine)
    query = sa.select(players.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games, ratings.c.wins).join(
        ratings, ratings.c.player_id == players.c.id)
    if names is not None:
        query = query.where(players.c.name.in_(list(names)))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    board = [{"name": r.name, "nerve": nerve(r.mu, r.sigma), "mu": r.mu, "sigma": r.sigma, "games": r.games,
              "wins": r.wins} for r in rows]
    board.sort(key=lambda e: (-e["nerve"], -ordinal(e["mu"], e["sigma"]), e["name"]))
    return board


def nerve_change(engine, game_id: int) -> dict:
    """{player name: (nerve just before game `game_id` counted, nerve just after)}, from the rated games in the
    order they count in. Not "now minus at seating": other tables' games that finished meanwhile (two rated
    tables at once) count before or after this one, never in its change. Empty if the game is not rated."""
    _fresh(engine)
    with engine.connect() as conn:
        table = {}
        for game in rated_games(conn):
            after = rate_game(table, game.seat_players, game.places)
            if game.id == game_id:
                return _named(conn, {pid: (_nerve_of(table.get(pid)), nerve(*after[pid])) for pid in after})
            table.update(after)
    return {}


def _nerve_of(rating) -> int:
    return nerve(*rating) if rating else nerve(MODEL.rating().mu, MODEL.rating().sigma)


def _named(conn, by_player_id: dict) -> dict:
    rows = conn.execute(sa.select(players.c.id, players.c.name).where(players.c.id.in_(list(by_player_id))))
    return {name: by_player_id[pid] for pid, name in rows}


class NervePoint(NamedTuple):
    at: str         # the game's sort_at
    nerve: int      # after the game
    spread: float   # OpenSkill's sigma after it, in nerve: how unsure the rating still is


def nerve_over_time(engine, name: str) -> list:
    """[NervePoint] for every rated game `name` played, in order."""
    with engine.connect() as conn:
        pid = conn.execute(sa.select(players.c.id).where(players.c.name == name)).scalar()
        if pid is None:
            return []
        curve, table = [], {}
        for game in rated_games(conn):
            after = rate_game(table, game.seat_players, game.places)
            table.update(after)
            if pid in after:
                curve.append(NervePoint(game.sort_at, nerve(*after[pid]), NERVE_PER_POINT * after[pid][1]))
        return curve
