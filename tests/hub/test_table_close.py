"""TableSetup.close() runs in a `finally:` after anything, a SIGTERM included: it must cope with a table that was
only half set up when the signal came (a CI run caught one between the hub and its screen feed)."""
import pytest

from dicecup.hub.table import Table
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules


class _StoppedWhileSubscribing(Table):
    def subscribe(self, listener):
        raise SystemExit(143)  # what virtualcup's SIGTERM handler raises, at the worst moment


def test_close_after_a_signal_between_the_hub_and_its_screen_feed(tmp_path):
    rules = Rules.parse("fourdice dice=2")
    table = TableSetup(rules, data=tmp_path, seed=1)
    with pytest.raises(SystemExit):
        table.use_hub(_StoppedWhileSubscribing(rules, data=table.data, chance=table.chance, expect_cups=2))
    assert table.hub is not None and table.screen_feed is None
    table.close()  # no AttributeError on the feed that was never made
    assert table.stop.is_set()


def test_closed_from_another_thread_while_its_loop_plays_no_line_goes_to_a_closed_journal(tmp_path):
    # A bots' table played on a thread and closed from this one mid-game: the journal was closed under the loop,
    # whose next line then wrote to a file descriptor that was gone (a TypeError in the thread, caught in CI; a
    # number reused meanwhile would have put the line in another file).
    import threading

    table = TableSetup(Rules.parse("dudo dice=3"), data=tmp_path, seed=2, screen=lambda item: None,
                       bot_names=["easy", "easy"], result_pause=0.0)
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 0.02  # a game that lasts while it is closed
    failures = []

    def play():
        try:
            table.play(timeout=60)
        except BaseException as error:  # noqa: BLE001 - what the thread met is the test's finding
            failures.append(error)
    thread = threading.Thread(target=play, daemon=True)
    watch = hub.watch()
    thread.start()
    assert watch.wait(lambda snap: snap.state is not None and snap.state.round >= 2, timeout=30), "never under way"
    table.close()
    thread.join(30)
    assert not thread.is_alive() and not failures, failures
    lines = hub.journal.path.read_text().splitlines()
    assert lines[0].startswith("#") and "rules dudo" in lines[1]
