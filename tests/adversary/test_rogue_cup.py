"""A keyed rogue cup, built from cupcore's own code, against the real hub (issue 24's "re-roll at will"): each attack
once, at the moment it pays, and the table's invariants checked after it (dicecup.sim.watch.Watch)."""
import pytest

from advhelpers import BY_B, Table, bidding_begun, until


def no_violations(table):
    table.play(3.0)
    found = {name: found for name, found in table.watch.violations.items() if found}
    assert not found, found


def test_an_honest_game_breaks_no_invariant():
    with Table() as table:
        until(table, table.over, limit=600, step=1.0)
        assert table.hub.finished
        assert table.watch.count() == dict.fromkeys(table.watch.violations, 0)


@pytest.mark.parametrize("attack", ["hello again, forgetting its deal", "a reset that forgets the deal"])
def test_the_rogue_forgetting_its_deal_is_shown_no_new_roll(attack):
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        if attack.startswith("hello"):
            table.rogue.hello_again(forget=True)
        else:
            table.rogue.reset(keep=False)
        no_violations(table)


def test_a_reset_that_keeps_the_deal_goes_on_with_the_same_dice():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        dice = table.rogue.dice()
        table.rogue.reset(keep=True)
        table.play(1.0)
        assert table.rogue.dice() == dice
        assert table.watch.rerolls == 0
        no_violations(table)


def test_hello_again_keeping_its_deal_changes_nothing():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        table.rogue.hello_again(forget=False)
        no_violations(table)
        assert table.watch.rerolls == 0


def test_a_second_commitment_is_refused():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        table.rogue.second_commit()
        no_violations(table)
        assert any("second, different commitment" in text for _, text in table.watch.said)


def test_a_reveal_with_other_dice_is_caught_and_never_counted():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        table.rogue.lie()
        until(table, lambda: any("CHEATING" in text for _, text in table.watch.said), limit=60, step=0.1)
        no_violations(table)
