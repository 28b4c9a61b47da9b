"""A poker table publishes its reveal as an event of its own (PokerRevealed, with the engine's PokerOutcome), not
as the face-bid table's RoundRevealed: the terminal screen takes it without a face-bid panel and goes on (the
poker hub says the round's words itself), and a whole bots' game through the log screen reads round by round."""
import io
import random
import re

from rich.console import Console

from dicecup.hub.screen import Screen
from dicecup.hub.snapshot import PokerRevealed, RoundRevealed, Said
from dicecup.rules import Rules
from dicecup.rules.poker.randomplay import random_events
from dicecup.web.shots import bots_table


def _a_poker_outcome():
    state = None
    for _, state in random_events(Rules.parse("poker"), ["ana", "ben", "cy"], random.Random(3)):
        if state.history:
            return state.history[0]
    raise AssertionError("a random poker game ended with no round")


def _screen(live):
    out = io.StringIO()
    return Screen(console=Console(file=out, width=100, force_terminal=live), live=live), out


def test_the_log_screen_takes_a_poker_reveal_and_goes_on():
    screen, out = _screen(live=False)
    screen(PokerRevealed(_a_poker_outcome()))
    screen(Said("round 1: ana loses a life"))
    assert out.getvalue().strip().splitlines() == ["round 1: ana loses a life"]


def test_the_live_screen_takes_a_poker_reveal_and_goes_on():
    screen, out = _screen(live=True)
    try:
        screen(PokerRevealed(_a_poker_outcome()))
        screen(Said("round 1: ana loses a life"))
    finally:
        screen.close()
    assert "ana loses a life" in out.getvalue()


def test_a_poker_table_publishes_each_reveal_as_a_poker_event_and_the_log_screen_reads_it(tmp_path):
    published = []
    screen, out = _screen(live=False)
    with bots_table("poker lives=1", seed="poker-screen", bots=3, data=tmp_path,
                    watchers=[published.append, screen]) as (hub, web, runner):
        runner.start()
        runner.join(60)
    reveals = [item for item in published if isinstance(item, PokerRevealed)]
    assert not any(isinstance(item, RoundRevealed) for item in published)  # that one is the face-bid table's
    assert [r.outcome.n for r in reveals] == [1, 2] and reveals[-1].outcome.eliminated
    log = out.getvalue()
    assert "round 1: " in log and "round 2: " in log and "Traceback" not in log


def test_the_live_screen_draws_the_poker_table_the_cup_passed_round_and_its_open_dice(tmp_path):
    screen, out = _screen(live=True)
    try:
        with bots_table("poker lives=1", seed="poker-screen", bots=3, data=tmp_path, watchers=[screen]) as \
                (hub, web, runner):
            runner.start()
            runner.join(60)
    finally:
        screen.close()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue())  # the text, without the terminal's codes
    assert "poker lives=1  ·  round 1" in drawn and "▶" in drawn and "holds the cup, goes left →" in drawn
    assert "♥" in drawn and "out" in drawn and "cup: ? ? ? ? ?  (? under the cup)" in drawn
    assert re.search(r"cup: (?=[9TJQKA? ]*[9TJQKA] )([9TJQKA?] ){5} \(\? under the cup\)", drawn)  # dice open
    assert "bids: bot" in drawn and "wins the game" in drawn
