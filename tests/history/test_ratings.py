"""Issue 16's "Done when": `dicecup ratings --json` agrees to 1e-9 with OpenSkill's PlackettLuce run directly on
the same games in date order: records without a date count as played when imported, in the order given, and a
game dated before the others that comes in last still counts first (the leaderboard is rebuilt)."""
from history_helpers import dicecup, dicecup_json, league, openskill_directly, write_games

from dicecup.history.ratings import nerve
from dicecup.history.samples import journal_text, league_night
from dicecup.history.store import import_files


def test_ratings_agree_with_openskill_run_directly_in_date_order(db_url, tmp_path, hub):
    night = league_night(40, seed=5, hub=hub)
    folder = write_games(tmp_path / "night", night)
    typed = [journal_text(seed, date=None, seats=("ana", "zed", "ben"), hub=hub) for seed in (1, 2)]
    typed_paths = [tmp_path / "typed-b.txt", tmp_path / "typed-a.txt"]   # given b then a: that is their order
    for path, text in zip(typed_paths, typed):
        path.write_text(text)
    earlier = journal_text(9, "2026-10-31 19:00:00", "dudo", ("zed", "ana", "cy", "bot1"), bots={"bot1": "hard"},
                           hub=hub)
    (tmp_path / "late-find.txt").write_text(earlier)
    league(db_url, hub)

    assert dicecup("history", "import", str(folder), *map(str, typed_paths), "--db", db_url).returncode == 0
    assert dicecup("history", "import", str(tmp_path / "late-find.txt"), "--db", db_url).returncode == 0
    board = dicecup_json("ratings", "--db", db_url)

    expected = openskill_directly([earlier] + [text for _, text in night] + typed)
    assert {e["name"] for e in board} == set(expected)
    for entry in board:
        mu, sigma, games, wins = expected[entry["name"]]
        assert abs(entry["mu"] - mu) < 1e-9 and abs(entry["sigma"] - sigma) < 1e-9, entry["name"]
        assert (entry["games"], entry["wins"]) == (games, wins)
        assert entry["nerve"] == nerve(mu, sigma) == round(1000 + 40 * (mu - 3 * sigma))
    assert [e["nerve"] for e in board] == sorted((e["nerve"] for e in board), reverse=True)


def test_games_added_one_by_one_rate_as_a_rebuild_does(db_url, tmp_path, hub):
    """The leaderboard kept up game by game (each new game after the last) equals the one rebuilt from scratch."""
    from dicecup.history.ratings import leaderboard, rebuild
    from dicecup.history.db import writing

    folder = write_games(tmp_path / "j", league_night(25, seed=8, hub=hub))
    engine = league(db_url, hub)
    for path in sorted(folder.iterdir()):
        import_files(engine, [path])
    kept = leaderboard(engine)
    with writing(engine) as conn:
        rebuild(conn)
    assert leaderboard(engine) == kept


def test_a_new_player_has_nerve_1000_and_unrated_games_move_nobody(db_url, tmp_path, hub):
    engine = league(db_url, hub)
    path = tmp_path / "friendly.txt"
    path.write_text(journal_text(4, "2026-11-02 20:00:00", hub=hub))
    import_files(engine, [path], rated=False)
    from dicecup.history.ratings import MODEL, leaderboard

    assert leaderboard(engine) == []
    fresh = MODEL.rating()
    assert nerve(fresh.mu, fresh.sigma) == 1000
