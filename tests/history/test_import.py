"""`dicecup history import`: any journal or record, idempotent, and the database rebuilt from the journals is
the same; the referee's rounds, the finishing order (poker's from its eliminations), bots as their kind."""
import json

import sqlalchemy as sa
from history_helpers import UNFINISHED, dicecup, dicecup_json, dump, league, write_games

from dicecup.history.games import finishing_places, read_game
from dicecup.history.samples import journal_text, league_night
from dicecup.history.schema import game_seats, games, players
from dicecup.history.store import import_files
from dicecup.rules.referee import replay


def a_folder(tmp_path, hub, count=24):
    folder = write_games(tmp_path / "journals", league_night(count, seed=7, hub=hub))
    (folder / "zz-typed-by-hand.txt").write_text(journal_text(5, date=None, hub=hub))   # no date, signed
    (folder / "zz-unfinished.txt").write_text(UNFINISHED)
    (folder / "zz-notes.txt").write_text("bring crisps\n")
    return folder


def test_importing_a_folder_twice_gives_the_same_database(db_url, tmp_path, hub):
    folder = a_folder(tmp_path, hub)
    engine = league(db_url, hub)
    first = import_files(engine, [folder])
    assert len(first.added) == 25 and not first.known
    assert sorted(path.rsplit("/", 1)[1] for path, _ in first.refused) == ["zz-notes.txt", "zz-unfinished.txt"]
    assert "not finished" in dict(first.refused)[str(folder / "zz-unfinished.txt")]
    before = dump(engine)
    second = import_files(engine, [folder, folder / "000003-dudo.txt"])
    assert second.added == [] and len(second.known) == 26
    assert dump(engine) == before


def test_the_history_rebuilt_from_the_journals_is_the_same_on_either_database(db_url, tmp_path, hub):
    """Import into db_url, and again into a new SQLite file: every row the same but the import times."""
    folder = write_games(tmp_path / "journals", league_night(30, seed=11, hub=hub))
    engine = league(db_url, hub)
    import_files(engine, [folder])
    rebuilt = league(f"sqlite:///{tmp_path / 'rebuilt.sqlite'}", hub)
    import_files(rebuilt, [folder])
    moment = {"games.imported_at", "hubs.added_at"}   # every game here is dated: sort_at is the journal's date
    assert dump(engine, moment) == dump(rebuilt, moment)
    assert len(dump(engine)["rounds"]) > 100


def test_rounds_are_the_referees_and_bots_are_their_kind(db_url, tmp_path, hub):
    text = journal_text(3, "2026-11-20 20:00:00", "dudo", ("ana", "ben", "bot1"), bots={"bot1": "hard"}, hub=hub)
    path = tmp_path / "game.txt"
    path.write_text(text)
    engine = league(db_url, hub)
    import_files(engine, [path])
    with engine.connect() as conn:
        kinds = dict(conn.execute(sa.select(players.c.name, players.c.kind)).all())
        stored = [json.loads(row) for row in conn.execute(sa.text("SELECT data FROM rounds ORDER BY n")).scalars()]
        game = conn.execute(sa.select(games)).one()
    assert kinds == {"ana": "player", "ben": "player", "bot:hard": "bot"}
    assert stored == replay(text).to_json()["rounds"]      # what `dicecup referee --json` prints
    assert game.played_at == "2026-11-20 20:00:00" and game.preset == "dudo"


def test_places_follow_the_rounds_players_went_out_in():
    rounds = [{"n": 1, "eliminated": [], "losers": ["cy"]}, {"n": 2, "eliminated": ["cy", "dee"]},
              {"n": 3, "eliminated": [], "bidder": "eli", "caller": "ben"}, {"n": 4, "eliminated": ["ben"]}]
    # ana won; ben went out last; cy and dee in the same round share 4th; eli retired after round 3 (no
    # elimination), so after cy and dee but before ben
    assert finishing_places(("ana", "ben", "cy", "dee", "eli"), 0, rounds) == (1, 2, 4, 4, 3)


def test_poker_dice_places_come_from_its_eliminations(tmp_path):
    for seed in range(6):
        text = journal_text(seed, "2026-11-21 20:00:00", "poker", ("ana", "ben", "cy", "dee"))
        path = tmp_path / f"poker{seed}.txt"
        path.write_text(text)
        facts = read_game(path)
        rounds = replay(text).to_json()["rounds"]
        out_round = {name: r["n"] for r in rounds for name in r["eliminated"]}
        winner = facts.seats[facts.winner]
        assert facts.places[facts.winner] == 1 and winner not in out_round
        for a, b in [(a, b) for a in out_round for b in out_round]:
            ia, ib = facts.seats.index(a), facts.seats.index(b)
            assert (facts.places[ia] < facts.places[ib]) == (out_round[a] > out_round[b])


def test_the_commands_list_the_games(db_url, tmp_path, hub):
    folder = write_games(tmp_path / "j", league_night(6, seed=3, hub=hub))
    league(db_url, hub)
    done = dicecup("history", "import", str(folder), "--db", db_url)
    assert done.returncode == 0 and "imported 6 games; 0 already" in done.stdout, done.stderr
    again = dicecup("history", "import", str(folder), "--db", db_url)
    assert "imported 0 games; 6 already in the history" in again.stdout
    listed = dicecup_json("history", "--db", db_url)
    assert [g["date"] for g in listed] == sorted(g["date"] for g in listed) and len(listed) == 6
    someone = listed[0]["players"][0]["player"]
    theirs = dicecup_json("history", someone, "--db", db_url)
    assert theirs and all(someone in [p["player"] for p in g["players"]] for g in theirs)
    text = dicecup("history", "--db", db_url)
    assert text.returncode == 0 and text.stdout.count("\n") == 6 and " 1st" in text.stdout


def test_rated_tables_journals_rebuild_the_history_without_the_friendly_games(db_url, tmp_path, hub):
    """A data folder holds rated tables' journals (ending `#@ rated`) and friendly games': --rated-tables
    brings back exactly the history the rated tables made."""
    folder = tmp_path / "games"
    folder.mkdir()
    rated = []
    for k in range(8):
        is_rated = k % 3 != 1
        text = journal_text(k, f"2026-11-1{k} 20:00:00", "dudo", ("ana", "ben", "cy"), rated_table=is_rated, hub=hub)
        (folder / f"g{k}.txt").write_text(text)
        if is_rated:
            rated.append(folder / f"g{k}.txt")
    original = league(f"sqlite:///{tmp_path / 'as-played.sqlite'}", hub)
    import_files(original, rated)                       # what the rated tables wrote, game by game
    rebuilt = league(db_url, hub)
    done = dicecup("history", "import", str(folder), "--rated-tables", "--db", db_url)
    assert done.returncode == 0 and f"imported {len(rated)} games" in done.stdout, done.stderr
    assert done.stderr.count("not from a rated table") == 8 - len(rated)
    moment = {"games.imported_at", "hubs.added_at"}
    assert dump(rebuilt, moment) == dump(original, moment)
