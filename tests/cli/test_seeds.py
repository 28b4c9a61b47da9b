"""A seed replays a game; it never deals one (issue 24 item 4). `play` and `resume` refuse --seed: a cup that
knew it could grind its own seed against the hub's draws, and the bots' dice were predictable. Where the hub's
draws do come from a seed (`demo --seed`, a test's seeded table) the hub writes `#@ seeded` in the journal itself,
and `dicecup verify` rechecks every die but says the game was not dealt fairly, with status 1.

The games here are played in this process on a virtual clock (dicecup.sim.tablesim: the real hub, cupcore's
Cup and Link), so a whole game takes well under a second."""
from pathlib import Path

import pytest

from inprocess import dicecup_here as dicecup
from processes import checked_but_seeded
from dicecup.hub.chance import Chance, seeded_at
from dicecup.rules import Rules
from dicecup.sim.tablesim import SimGame

DEMO = Path(__file__).parent / "journals" / "demo-dudo-seed3.txt"


def _played(tmp_path, seed) -> Path:
    game = SimGame(Rules.parse("dudo dice=1"), seed=seed, cups=2, data=tmp_path)
    try:
        game.run()
        assert game.hub.finished
        return game.hub.journal.path
    finally:
        game.close()


@pytest.mark.parametrize("command", [("play", "--bots", "2"), ("resume",)])
def test_play_and_resume_refuse_a_seed_and_name_demo_seed_as_the_way_to_replay(command):
    done = dicecup(*command, "--seed", "1")
    assert done.returncode == 2 and done.stdout == "", done
    assert len(done.stderr.splitlines()) == 1 and "dicecup demo --seed" in done.stderr, done.stderr


def test_a_seeded_hub_says_so_in_its_journal_and_verify_says_the_game_was_not_dealt_fairly(tmp_path):
    journal = _played(tmp_path, seed="replayed")
    text = journal.read_text()
    assert text.count("#@ seeded\n") == 1 and seeded_at(text) is not None
    verified = dicecup("verify", journal)
    assert checked_but_seeded(verified), verified
    assert len(verified.stderr.splitlines()) == 1 and f"line {seeded_at(text)}: " in verified.stderr


def test_an_unseeded_hub_writes_no_seeded_fact_and_its_game_verifies(tmp_path):
    journal = _played(tmp_path, seed=None)  # the hub's Chance draws from `secrets`, as at `play`
    assert seeded_at(journal.read_text()) is None
    verified = dicecup("verify", journal)
    assert verified.returncode == 0 and "every commitment, entropy and die checks" in verified.stdout, verified


def test_verify_all_counts_a_seeded_game_apart_not_among_those_that_do_not_check(tmp_path):
    """Before: `verify --all` over a folder of demos read "9 do not", as tampering reads. A seeded game is a replay:
    said and counted as one, and a folder of fair games beside it still checks."""
    games = tmp_path / "games"
    games.mkdir()
    lines = DEMO.read_text().splitlines(keepends=True)
    (games / "fair.txt").write_text("".join(lines))  # from before `#@ seeded` was written: it can't tell
    (games / "seeded.txt").write_text("".join(lines[:3] + ["#@ seeded\n"] + lines[3:]))
    done = dicecup("verify", "--all", "--data", tmp_path)
    assert "seeded.txt: seeded (line 4): a replayable demo's game" in done.stdout, done
    assert "1 journal(s) check, 0 do not, 0 carry no commitments (from before fair dice); 1 seeded, counted " \
        "apart" in done.stdout
    assert "seeded.txt" not in done.stderr and done.returncode == 0, done
    (games / "fair.txt").unlink()
    only_replays = dicecup("verify", "--all", "--data", tmp_path)
    assert only_replays.returncode == 1 and "0 journal(s) check, 0 do not" in only_replays.stdout


def test_a_chance_without_a_seed_is_unpredictable_and_a_seeded_one_replays():
    assert not Chance().seeded and Chance().bytes(16) != Chance().bytes(16)
    assert Chance("s").seeded and Chance("s").bytes(16) == Chance("s").bytes(16)
