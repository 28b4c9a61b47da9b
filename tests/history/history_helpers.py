"""Shared by the history tests: folders of journals, a database's whole content, the CLI as a real process."""
import functools
import json
import os
from pathlib import Path

import sqlalchemy as sa
from openskill.models import PlackettLuce

from dicecup.history import schema
from dicecup.rules.referee import replay

import processes

UNFINISHED = "# dicecup journal, started 2026-11-30 21:00:00\nrules dudo dice=2\nseats ana ben\nroll ana 3 5\n" \
             "roll ben 5 1\nana bids 2x5\n"


def write_games(folder: Path, games) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in games:
        (folder / name).write_text(text)
    return folder


def dump(engine, leave_out=()) -> dict:
    """Every table's rows, sorted, without the columns named in `leave_out` ("games.imported_at")."""
    out = {}
    with engine.connect() as conn:
        for table in schema.metadata.sorted_tables:
            columns = [c for c in table.columns if f"{table.name}.{c.name}" not in leave_out]
            out[table.name] = sorted(tuple(row) for row in conn.execute(sa.select(*columns)))
    return out


# the command in a process of its own, its library warnings (SQLAlchemy's, PostgreSQL's) kept off its stderr
dicecup = functools.partial(processes.dicecup, env=dict(os.environ, PYTHONWARNINGS="ignore"))


def dicecup_json(*args):
    done = dicecup(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def ranks_from_referee(text):
    """Written here from the referee's JSON alone, not with the history's code: the winner first, then by the
    round each went out in (later is better), seats out in one round tied."""
    result = replay(text).to_json()
    out = {name: r["n"] for r in result["rounds"] for name in r["eliminated"]}
    out[result["winner"]] = 10**9
    return result["seats"], [1 + sum(out[o] > out[s] for o in result["seats"]) for s in result["seats"]]


def openskill_directly(texts_in_order):
    model = PlackettLuce()
    ratings, games, wins = {}, {}, {}
    for text in texts_in_order:
        seats, ranks = ranks_from_referee(text)
        bots = dict(line.split()[2:4] for line in text.splitlines() if line.startswith("#@ bot "))
        names = ["bot:" + bots[s].removeprefix("kind=") if s in bots else s for s in seats]
        teams = [[ratings.get(name) or model.rating(name=name)] for name in names]
        for name, [after] in zip(names, model.rate(teams, ranks=ranks)):
            ratings[name] = after
            games[name] = games.get(name, 0) + 1
        winner = names[ranks.index(1)]
        wins[winner] = wins.get(winner, 0) + 1
    return {name: (r.mu, r.sigma, games[name], wins.get(name, 0)) for name, r in ratings.items()}


def league(db_url, hub):
    """The history at db_url, trusting `hub` (registered as a league registers its hubs)."""
    from dicecup.history.db import open_engine
    from dicecup.history.trust import add_hub, registered_hubs

    engine = open_engine(db_url)
    if hub.fingerprint not in registered_hubs(engine):
        add_hub(engine, "club hub", hub.public_hex)
    return engine
