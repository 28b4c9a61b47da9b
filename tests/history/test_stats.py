"""`dicecup stats NAME`: games, wins, average place, calls and how often right, bluffs caught, bids called and how
often they held, spot calls and hits, bullets survived; --plot draws nerve over time."""
import pytest

from history_helpers import dicecup, dicecup_json, league

from dicecup.history.db import open_engine
from dicecup.history.samples import journal_text
from dicecup.history.stats import player_stats
from dicecup.history.store import import_files
from pathlib import Path

import dicecup as package

EXAMPLE = Path(package.__file__).parent / "examples" / "dudo.txt"


def test_the_example_games_figures_as_counted_by_hand(db_url):
    """host/dicecup/examples/dudo.txt, read by hand: ana calls liar in rounds 3 (right: cy's 2x1 was a bluff) and
    5 (wrong); ana's bids called: 2x6 (held), 2x4 (spot: held), 2x3 (called liar, no three: did not hold).
    ben calls in rounds 2 (liar, wrong), 4 (spot, right) and 6 (liar, right) and wins."""
    engine = open_engine(db_url)
    import_files(engine, [EXAMPLE], unsigned=True)   # a record typed up for the docs: nobody signed it
    ana = player_stats(engine, "ana", unsigned=True)  # so it counts only when asked for
    assert (ana["games"], ana["wins"], ana["average_place"]) == (1, 0, 2.0)
    assert (ana["calls"], ana["calls_right"], ana["bluffs_caught"]) == (2, 1, 1)
    assert (ana["bids_called"], ana["bids_held"], ana["spot_calls"]) == (3, 2, 0)
    ben = player_stats(engine, "ben", unsigned=True)
    assert (ben["wins"], ben["calls"], ben["calls_right"], ben["bluffs_caught"]) == (1, 3, 2, 1)
    assert (ben["spot_calls"], ben["spot_hits"]) == (1, 1)


def test_bullets_survived_are_the_records_safe_shots(db_url, tmp_path, hub):
    engine = league(db_url, hub)
    texts = [journal_text(seed, f"2026-11-0{seed + 1} 20:00:00", "revolver", ("ana", "ben", "cy"), hub=hub)
             for seed in range(3)]
    for k, text in enumerate(texts):
        (tmp_path / f"r{k}.txt").write_text(text)
    import_files(engine, [tmp_path])
    lines = [line.split() for text in texts for line in text.splitlines() if line.startswith("shot ana ")]
    ana = player_stats(engine, "ana")
    assert lines, "the revolver games had no trigger pull for ana: pick other seeds"
    assert ana["trigger_pulls"] == len(lines)
    assert ana["bullets_survived"] == sum(words[2] == "safe" for words in lines)


@pytest.mark.slow
def test_stats_command_and_its_plot(db_url, tmp_path, hub):
    league(db_url, hub)
    for k in range(4):
        (tmp_path / f"g{k}.txt").write_text(journal_text(k, f"2026-11-0{k + 1} 20:00:00", hub=hub))
    assert dicecup("history", "import", str(tmp_path), "--db", db_url).returncode == 0
    shown = dicecup_json("stats", "ana", "--db", db_url)
    assert shown["games"] == 4 and isinstance(shown["nerve"], int)
    plot = tmp_path / "nerve.png"
    done = dicecup("stats", "ana", "--plot", str(plot), "--db", db_url)
    assert done.returncode == 0, done.stderr
    assert "nerve over 4 rated games" in done.stdout and "ana: 4 games" in done.stdout
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_bot_kind_at_two_seats_played_one_game(db_url, tmp_path, hub):
    text = journal_text(6, "2026-11-05 20:00:00", "dudo", ("ana", "bot1", "bot2"),
                        bots={"bot1": "hard", "bot2": "hard"}, hub=hub)
    (tmp_path / "twins.txt").write_text(text)
    engine = league(db_url, hub)
    import_files(engine, [tmp_path / "twins.txt"])
    hard = player_stats(engine, "bot:hard")
    ana = player_stats(engine, "ana")
    assert hard["games"] == 1 and hard["wins"] == 1 - ana["wins"]
