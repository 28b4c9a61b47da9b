"""`dicecup play --rated`: the players' nerve at seating, the finished game in the history, the change after.
A real hub process with two bots on it (no cups: the quickest real table)."""
import re
from pathlib import Path

import pytest

from history_helpers import dicecup, league

from dicecup.history.db import open_engine
from dicecup.hub.hubkey import HubKey
from dicecup.history.ratings import leaderboard
from dicecup.history.samples import journal_text
from dicecup.history.stats import game_list
from dicecup.history.store import import_files


def registered_hub(db_url, data: Path):
    """The league at db_url with the hub of data folder `data` registered (as a club registers its hubs)."""
    data.mkdir(exist_ok=True)
    return league(db_url, HubKey.in_folder(data))


@pytest.mark.slow
def test_a_rated_table_shows_nerve_and_lands_the_game(db_url, tmp_path):
    engine = registered_hub(db_url, tmp_path / "d")
    earlier = tmp_path / "earlier.txt"   # the hard bot has played before: its nerve is not a newcomer's
    earlier.write_text(journal_text(2, "2026-11-01 20:00:00", "dudo", ("ana", "bot1"), bots={"bot1": "hard"},
                                    hub=HubKey.in_folder(tmp_path / "d")))
    import_files(engine, [earlier])
    hard_before = {e["name"]: e["nerve"] for e in leaderboard(engine)}["bot:hard"]

    done = dicecup("play", "--bots", "1", "--bot", "hard", "--rated", "--data", str(tmp_path / "d"),
                   "--db", db_url, "dice=2", timeout=120)
    assert done.returncode == 0, done.stderr
    seating = re.search(r"nerve at this rated table: (.*)", done.stdout).group(1)
    assert seating == f"bot1 (normal bot) 1000 (new), bot2 (hard bot) {hard_before}"
    after = re.search(r"nerve after the game: (.*)", done.stdout).group(1)
    board = {e["name"]: e["nerve"] for e in leaderboard(engine)}
    assert after == (f"bot1 1000 -> {board['bot:normal']} ({board['bot:normal'] - 1000:+d}), "
                     f"bot2 {hard_before} -> {board['bot:hard']} ({board['bot:hard'] - hard_before:+d})")
    games = game_list(engine)
    assert len(games) == 2 and games[1]["path"].startswith(str(tmp_path / "d" / "games"))
    assert {p["player"] for p in games[1]["players"]} == {"bot:normal", "bot:hard"}
    ending = Path(games[1]["path"]).read_text().splitlines()[-3:]   # so a rebuild knows it was rated, signed
    assert ending[0] == "#@ rated" and ending[2].startswith("#@ signed hub=")


def test_a_league_that_never_registered_this_hub_is_said_before_the_table_starts(db_url, tmp_path):
    done = dicecup("play", "--bots", "2", "--rated", "--db", db_url, "--data", str(tmp_path / "d"))
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    key = HubKey.in_folder(tmp_path / "d")
    assert f"this hub ({key.fingerprint}) is not registered with the league" in done.stderr
    assert f"dicecup history hubs add NAME {key.public_hex}" in done.stderr
    assert not (tmp_path / "d" / "games").exists()


@pytest.mark.slow
def test_the_data_folders_own_history_trusts_its_own_hub(tmp_path, monkeypatch):
    monkeypatch.delenv("DICECUP_DB", raising=False)
    done = dicecup("play", "--bots", "2", "--rated", "--data", str(tmp_path), "dice=2", timeout=120)
    assert done.returncode == 0 and "nerve after the game: " in done.stdout, done.stderr
    [game] = game_list(open_engine(f"sqlite:///{tmp_path / 'history.sqlite'}"))
    assert game["rated"] and game["signed_by"] == HubKey.in_folder(tmp_path).fingerprint


def test_a_league_out_of_reach_is_said_before_the_table_starts(tmp_path):
    done = dicecup("play", "--bots", "2", "--rated", "--db", "postgresql://league@127.0.0.1:1/dicecup",
                   "--data", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("dicecup play: can't open the history database")
    assert not (tmp_path / "games").exists()


@pytest.mark.slow
def test_a_rated_game_whose_hub_died_is_rated_when_resume_finishes_it(db_url, tmp_path):
    """The journal of a rated table says so from its first lines (`#@ rated-table`, with the league's --db): a hub
    killed mid-game and `dicecup resume JOURNAL` (no --rated, no --db: nobody remembers them after a crash) lands
    the game in that history and shows the change in nerve, as the first hub would have."""
    import signal
    import subprocess
    import sys
    import time

    data = tmp_path / "d"
    registered_hub(db_url, data)
    hub = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--bots", "3", "--rated", "--db", db_url,
                            "--data", str(data), "dice=2"], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        journal = None
        while journal is None or " bids " not in journal.read_text():  # mid-game: the first bid is made
            assert time.monotonic() < deadline and hub.poll() is None, "the rated game never got going"
            journal = next(iter(sorted((data / "games").glob("*.txt"))), None) if (data / "games").exists() else None
            time.sleep(0.02)
    finally:
        hub.send_signal(signal.SIGKILL)
        hub.wait(30)
    assert game_list(open_engine(db_url)) == []  # the game is not in the history yet
    done = dicecup("resume", str(journal), "--data", str(data), timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.search(r"nerve after the game: bot1 1000 -> \d+", done.stdout), done.stdout[-1500:]
    games = game_list(open_engine(db_url))
    assert len(games) == 1 and games[0]["path"] == str(journal) and games[0]["rated"]


def test_a_rated_tables_journal_names_its_league_but_never_its_password():
    from dicecup.history.rated import RatedTable

    fact = RatedTable(None, "dicecup play", db="postgresql://league:s3cret@club.example/dicecup").opening_fact()
    assert fact == ("rated-table", "db=postgresql://league@club.example/dicecup")
    assert RatedTable(None, "dicecup play").opening_fact() == ("rated-table",)  # the data folder's own history


def test_a_rated_poker_table_shows_nerve_and_lands_the_game(db_url, tmp_path):
    """Poker dice is rated through the same table as face bids: nerve at seating, the game in the history after."""
    registered_hub(db_url, tmp_path / "d")
    done = dicecup("play", "--rules", "poker", "lives=1", "--bots", "3", "--rated",
                   "--data", str(tmp_path / "d"), "--db", db_url, timeout=120)
    assert done.returncode == 0, done.stderr
    seating = re.search(r"nerve at this rated table: (.*)", done.stdout).group(1)
    assert seating == ", ".join(f"bot{i} (poker-hard bot) 1000 (new)" for i in (1, 2, 3))
    after = re.search(r"nerve after the game: (.*)", done.stdout).group(1)
    assert after.count("1000 -> ") == 3
    games = game_list(open_engine(db_url))
    assert len(games) == 1 and games[0]["rated"] and games[0]["path"].startswith(str(tmp_path / "d" / "games"))
