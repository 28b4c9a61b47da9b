"""A stranger without a key (issue 24's "a stranger's frame has effect"): plain frames on a paired line to the hub,
and over the radio to a paired cup. Nothing may change: the table, every seat's sessions and every cup's deal are
as they were, and the cup's replies still go to its hub (dicecup.sim.watch.Watch's `unkeyed`)."""
import pytest

from cupcore import wire
from advhelpers import BY_C, Table, bidding_begun, rng, until

UNKNOWN_ID = 0x5EEDF00D


def unkeyed_found(table):
    table.play(3.0)
    return table.watch.violations["unkeyed"] + table.watch.violations["never_stops"]


def hello(cup_id):
    return (wire.VERSION, 0, 1, cup_id, "ana", "sim")


def replayed_hello(table):
    table.stranger.tell_hub(0, wire.HELLO, hello(table.game.cups[0].cup_id))


def radio(mtype, values, seq):
    return lambda table: table.stranger.tell_cup(table.hub.round.to_act(), mtype, values, seq=seq)


@pytest.mark.parametrize("attack", [
    pytest.param(lambda table: table.stranger.tell_hub(0, wire.HELLO, hello(UNKNOWN_ID)), id="hello-unknown-id"),
    pytest.param(replayed_hello, id="hello-replaying-a-seated-cups-id"),
    pytest.param(radio(wire.WHO, (), 0), id="who-over-the-radio"),
    pytest.param(radio(wire.CHALLENGE, (bytes(16),), 1), id="challenge-over-the-radio"),
])
def test_a_strangers_plain_frame_changes_nothing(attack):
    """The session dropped (unknown id), the line paired again (replayed id), the cup's replies drawn to the
    stranger's stream (who, challenge): each is an effect."""
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        attack(table)
        assert not unkeyed_found(table)


def test_after_a_strangers_hello_its_bid_is_not_played():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        index = table.hub.round.to_act()
        bids = len(table.hub.state.bids)
        table.stranger.tell_hub(index, wire.HELLO, hello(UNKNOWN_ID), seq=1)
        table.stranger.tell_hub(index, wire.INTENT, (table.deal_id(), wire.BID, 9, 6), seq=2)
        assert len(table.hub.state.bids) == bids
        assert not unkeyed_found(table)


@pytest.mark.parametrize("mtype", [wire.DEAL, wire.ENTROPY, wire.TABLE, wire.REVEAL_REQ, wire.RESULT, wire.WELCOME,
                                   wire.CUE, wire.PING])
def test_a_plain_hub_message_over_the_radio_changes_nothing(mtype):
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        table.stranger.to_cup(rng(mtype), 0, mtype)
        assert not unkeyed_found(table)


@pytest.mark.parametrize("mtype", [wire.INTENT, wire.COMMIT, wire.REVEAL, wire.PROOF, wire.ERROR, wire.PONG])
def test_a_plain_cup_message_on_a_paired_line_changes_nothing(mtype):
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        table.stranger.to_hub(rng(mtype), table.hub.round.to_act(), mtype)
        assert not unkeyed_found(table)


def test_a_plain_bid_on_the_turn_seats_line_is_not_played():
    with Table() as table:
        until(table, lambda: bidding_begun(table))
        standing = table.hub.state.bids[-1][1]
        bids = len(table.hub.state.bids)
        raise_ = (standing.quantity + 1, standing.face)
        table.stranger.tell_hub(table.hub.round.to_act(), wire.INTENT, (table.deal_id(), wire.BID) + raise_, seq=77)
        assert len(table.hub.state.bids) == bids
        assert not unkeyed_found(table)
