"""Whole games over pseudo-terminals with virtual cups on MicroPython, each pressed by a bot through its
buttons: every preset reaches a winner, its journal referees cleanly, and the same seed gives the same game."""
import json

import pytest

from dicecup.rules import Record
from table_helpers import LiveTable, moves_match_intents, referee

pytestmark = pytest.mark.slow  # whole games on virtual cups


# Short tables (fewer dice, a hotter revolver, a lower limit) so that each whole game takes seconds.
PRESETS = {
    "dudo": "dudo dice=2",
    "revolver": "revolver load=3",
    "classic": "classic dice=2",
    "buildup": "buildup limit=3",
    "fourdice": "fourdice dice=2",
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_whole_game_reaches_a_winner_and_its_journal_referees(preset, tmp_path):
    with LiveTable(PRESETS[preset], tmp_path, seed=f"game-{preset}") as table:
        final = table.finish()
        done = referee(final.journal)
        assert done.returncode == 0, done.stderr
        verdict = json.loads(done.stdout)
        assert verdict["rules"] == preset and verdict["winner"] == final.winner
        assert len(verdict["rounds"]) >= 1
        moves_match_intents(table)
        if preset in ("classic", "buildup"):
            assert "rolloff " in table.journal_text()  # the cups rolled the roll-off


def test_the_same_seed_gives_the_same_game(tmp_path):
    records = []
    for attempt in range(2):
        with LiveTable("dudo dice=2", tmp_path / str(attempt), seed="same") as table:
            table.finish()
            records.append(Record.parse(table.journal_text()))
    assert records[0] == records[1]
    assert len(records[0].events) > 10
