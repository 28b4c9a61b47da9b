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
