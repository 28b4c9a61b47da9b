"""What the history says about its games and a player: the games list and `dicecup stats`.

A player's figures count the games the league vouches for: a game let in with `import --unsigned` (a bare record,
a game typed up, a seeded demo's) says nothing a league can believe, so it stays out unless asked for (`stats
--unsigned`), as it stays out of the ratings always. The games list shows every game, the unsigned ones marked.
"""
import sqlalchemy as sa

from dicecup.rules.names import normal

from .schema import game_seats, games, players, rounds, shots
from .trust import UNSIGNED


class NoSuchPlayer(LookupError):
    """The history has no games for that name; the message says so and what names there are like."""


def game_list(engine, name=None) -> list:
    """[{id, date, rules, players: [{seat, player, place}], winner, path, rated, signed_by}] in date order; `name`: only the
    games that player sat in."""
    query = sa.select(games).order_by(games.c.sort_at, games.c.id)
    with engine.connect() as conn:
        if name is not None:
            pid = _player_id(conn, name)
            query = query.where(games.c.id.in_(sa.select(game_seats.c.game_id).where(game_seats.c.player_id == pid)))
        rows = conn.execute(query).all()
        seats = {}
        ids = [r.id for r in rows]
        for start in range(0, len(ids), 500):
            seat_query = (sa.select(game_seats.c.game_id, game_seats.c.name, game_seats.c.place, players.c.name)
                          .join(players, players.c.id == game_seats.c.player_id)
                          .where(game_seats.c.game_id.in_(ids[start:start + 500])).order_by(game_seats.c.seat))
            for game_id, seat, place, player in conn.execute(seat_query):
                seats.setdefault(game_id, []).append({"seat": seat, "player": player, "place": place})
    return [{"id": r.id, "date": r.played_at, "imported": r.imported_at[:19], "rules": r.rules,
             "players": seats.get(r.id, []), "winner": next(s["player"] for s in seats[r.id] if s["place"] == 1),
             "rounds": r.rounds, "path": r.path, "rated": r.rated, "signed_by": r.signed_by} for r in rows]


def _player_id(conn, name) -> int:
    return _player(conn, name)[0]


def _player(conn, name) -> tuple:
    """(id, name as the history spells it): `Ana` finds ana, as the table matches seats, unless two players
    differ only by case (then only the exact name does). Spaces around it are the shell's or the clipboard's
    (`dicecup stats "ana "`), never a name's."""
    name = normal(name.strip())
    exact = conn.execute(sa.select(players.c.id, players.c.name).where(players.c.name == name)).first()
    if exact is not None:
        return tuple(exact)
    alike = conn.execute(sa.select(players.c.id, players.c.name).where(
        sa.func.lower(players.c.name) == name.lower())).all()
    if len(alike) == 1:
        return tuple(alike[0])
    others = f" ({', '.join(sorted(row.name for row in alike))}: name one exactly)" if alike else ""
    raise NoSuchPlayer(f"no games for {name!r} in the history{others} (a bot is bot:KIND, like bot:hard; "
                       "`dicecup ratings` lists every player)")


def player_stats(engine, name, unsigned: bool = False) -> dict:
    """The player's figures over the games the league vouches for; `unsigned`: over the unsigned games too.
    "left_out": how many of the player's games were not counted (unsigned ones)."""
    with engine.connect() as conn:
        pid, name = _player(conn, name)
        kind = conn.execute(sa.select(players.c.kind).where(players.c.id == pid)).scalar()
        counted = sa.select(games.c.id) if unsigned else \
            sa.select(games.c.id).where(sa.or_(games.c.signed_by.is_(None), games.c.signed_by != UNSIGNED))
        places = conn.execute(sa.select(game_seats.c.game_id, sa.func.min(game_seats.c.place)).where(
            game_seats.c.player_id == pid, game_seats.c.game_id.in_(counted)).group_by(game_seats.c.game_id)
        ).all()  # a bot's kind twice at one table: its best place
        seated = conn.execute(sa.select(sa.func.count(sa.distinct(game_seats.c.game_id))).where(
            game_seats.c.player_id == pid)).scalar()
        in_rounds, in_shots = rounds.c.game_id.in_(counted), shots.c.game_id.in_(counted)
        calls = _counts(conn, in_rounds, rounds.c.caller_id == pid, rounds.c.call != "timeout")
        liar = _counts(conn, in_rounds, rounds.c.caller_id == pid, rounds.c.call == "liar")
        spot = _counts(conn, in_rounds, rounds.c.caller_id == pid, rounds.c.call == "spot")
        called = _counts(conn, in_rounds, rounds.c.bidder_id == pid, rounds.c.held.is_not(None),
                         column=rounds.c.held)
        timeouts = conn.execute(sa.select(sa.func.count()).select_from(rounds).where(
            in_rounds, rounds.c.caller_id == pid, rounds.c.call == "timeout")).scalar()
        pulls = conn.execute(sa.select(sa.func.count(), sa.func.sum(sa.case((shots.c.dead, 0), else_=1))).where(
            in_shots, shots.c.player_id == pid)).one()
    played = len(places)
    return {
        "name": name, "kind": kind, "games": played, "left_out": seated - played,
        "wins": sum(place == 1 for _, place in places),
        "average_place": round(sum(place for _, place in places) / played, 3) if played else None,
        "calls": calls[0], "calls_right": calls[1],
        "bluffs_caught": liar[1],                       # liar calls that were right: the bid was a bluff
        "spot_calls": spot[0], "spot_hits": spot[1],
        "bids_called": called[0], "bids_held": called[1],
        "timeouts": timeouts,
        "trigger_pulls": pulls[0], "bullets_survived": int(pulls[1] or 0),
    }


def _counts(conn, *where, column=rounds.c.correct):
    """(rounds matching, of which `column` is true)."""
    total, true = conn.execute(sa.select(sa.func.count(), sa.func.sum(sa.case((column, 1), else_=0))).where(
        *where)).one()
    return total, int(true or 0)


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"
