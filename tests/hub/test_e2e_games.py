"""Whole games: every preset reaches a winner, its journal referees cleanly, and the same seed gives the same
game. Each preset plays in this process on a virtual clock (sim/tablesim.py: the real Table, the real cupcore
cups every board runs, bots pressing their buttons), in a fraction of a second; one game goes through the real
parts end to end: virtual cups on the MicroPython port behind pseudo-terminals, pressed by bots."""
import json

import pytest

from dicecup.rules import Record, Rules
from dicecup.sim.tablesim import SimGame
from inprocess import dicecup_here
from table_helpers import LiveTable, moves_match_intents, referee

# Short tables (fewer dice, a hotter revolver, a lower limit) so that each whole game is short.
PRESETS = {
    "dudo": "dudo dice=2",
    "revolver": "revolver load=3",
    "classic": "classic dice=2",
    "buildup": "buildup limit=3",
    "fourdice": "fourdice dice=2",
}


def played(rules, seed, data) -> SimGame:
    game = SimGame(Rules.parse(rules), seed=seed, cups=3, data=data)
    try:
        game.run()
    finally:
        game.close()
    return game


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_whole_game_of_every_preset_reaches_a_winner_and_its_journal_referees(preset, tmp_path):
    game = played(PRESETS[preset], f"game-{preset}", tmp_path)
    assert game.hub.finished and game.desyncs() == []
    text = game.hub.journal.path.read_text()
    done = dicecup_here("referee", game.hub.journal.path, "--json")
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["rules"] == preset and verdict["winner"] == game.summary()[0]
    assert len(verdict["rounds"]) == len(game.hub.state.history) >= 1
    if preset in ("classic", "buildup"):
        assert "rolloff " in text  # the cups rolled the roll-off


def test_the_same_seed_gives_the_same_game(tmp_path):
    first, second = (Record.parse(played("dudo dice=2", "same", tmp_path / str(n)).hub.journal.path.read_text())
                     for n in range(2))
    assert first == second and len(first.events) > 10


@pytest.mark.slow  # a whole game on virtual cups in processes
def test_a_whole_game_on_virtual_cups_on_micropython_reaches_a_winner_as_each_bot_meant_it(tmp_path):
    with LiveTable("dudo dice=2", tmp_path, seed="game-dudo") as table:
        final = table.finish()
        done = referee(final.journal)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["winner"] == final.winner
        moves_match_intents(table)
