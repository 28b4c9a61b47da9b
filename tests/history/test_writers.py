"""Hubs writing at once lose nothing: four processes import overlapping sets of games into one database, a game
a transaction, all at the same moment. Every game is there once, and the leaderboard is OpenSkill's over all of
them in date order, as if one hub had written them."""
import subprocess
import sys
import threading

import pytest
import sqlalchemy as sa

from history_helpers import league, openskill_directly, write_games

from dicecup.history.db import open_engine
from dicecup.history.ratings import leaderboard
from dicecup.history.samples import league_night
from dicecup.history.schema import games

pytestmark = pytest.mark.slow  # four writer processes at once

WRITER = """
import sys
from dicecup.history.db import open_engine
from dicecup.history.store import import_files
engine = open_engine(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()                      # the go: every writer starts together
for path in sys.argv[2:]:
    import_files(engine, [path])          # one transaction per game, as a hub writes each finished game
print("done", flush=True)
"""


def test_four_writers_at_once_lose_nothing_and_rate_everything_once(db_url, tmp_path, hub):
    night = league_night(40, seed=21, hub=hub)
    folder = write_games(tmp_path / "night", night)
    paths = [str(folder / name) for name, _ in night]
    shared = paths[:8]                                  # every writer imports these too
    mine = [paths[8 + k::4] for k in range(4)]
    league(db_url, hub)                                 # the schema made once, as the first hub would
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, db_url, *shared[::(-1) ** k], *own],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for k, own in enumerate(mine)]
    try:
        for writer in writers:
            assert _line(writer) == "ready", writer.stderr.read()
        for writer in writers:
            writer.stdin.write("go\n")
            writer.stdin.flush()
        for writer in writers:
            assert _line(writer, 60) == "done", writer.stderr.read()
            assert writer.wait(timeout=30) == 0
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
                writer.wait()
            for stream in (writer.stdin, writer.stdout, writer.stderr):
                stream.close()
    engine = open_engine(db_url)
    with engine.connect() as conn:
        hashes = conn.execute(sa.select(games.c.hash)).scalars().all()
    assert len(hashes) == len(set(hashes)) == 40
    expected = openskill_directly([text for _, text in night])     # league_night's dates run in file order
    board = {e["name"]: e for e in leaderboard(engine)}
    assert set(board) == set(expected)
    for name, (mu, sigma, played, wins) in expected.items():
        assert abs(board[name]["mu"] - mu) < 1e-9 and abs(board[name]["sigma"] - sigma) < 1e-9, name
        assert (board[name]["games"], board[name]["wins"]) == (played, wins)


def _line(process, seconds=30) -> str:
    """The writer's next line, or '' after `seconds` (a loaded machine: generous)."""
    got = []
    reader = threading.Thread(target=lambda: got.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    return got[0].strip() if got else ""
