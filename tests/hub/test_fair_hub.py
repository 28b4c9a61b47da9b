"""The hub's side of fair dice, in process: entropy goes to a cup only once its commitment is in; bots on the hub
get seed and entropy by the same function; a whole game's journal, a resumed one's too, rechecks with verify."""
import time

import pytest

from cupcore import cup as cupmod
from cupcore import wire
from dicecup.bots.loader import load
from dicecup.hub.fairness import check_journal
from dicecup.hub.journal import read_journal
from dicecup.hub.phases import RoundPhase
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay
from pty_cups import PtyCup, PtyTable, seat_in_order, wait_until


def bots_table(tmp_path, seed="fair", rules="dudo dice=3"):
    table = TableSetup(Rules.parse(rules), data=tmp_path, seed=seed, bot_names=["normal"] * 3, result_pause=0.0)
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 0.0
    return table, hub


def play_until(hub, done, limit=20000):
    for _ in range(limit):
        if done():
            return
        hub.tick()
    raise AssertionError("the game did not get there")


@pytest.mark.parametrize("rules", ["dudo dice=3", "classic dice=2"])  # classic opens with a roll-off
def test_a_game_of_bots_on_the_hub_rechecks_die_by_die_from_its_journal(tmp_path, rules):
    table, hub = bots_table(tmp_path, rules=rules)
    try:
        play_until(hub, lambda: hub.finished)
        text = hub.journal.path.read_text()
    finally:
        table.close()
    checked = check_journal(text)
    assert checked.scheme == "fair" and checked.rolls == sum(1 for line in text.splitlines()
                                                             if line.startswith(("roll ", "rolloff ")))
    assert ("rolloff " in text) == rules.startswith("classic")
    assert set(checked.faces) == set(replay(text).state.seats)
    # A deal's seeds reach the journal only after the call (a roll-off has none: it is revealed at once).
    for deal in text.split("#@ round ")[1:]:
        if "#@ seed " in deal and "rolloff " not in deal:
            assert deal.index(" calls ") < deal.index("#@ seed "), deal


def test_a_game_resumed_mid_deal_keeps_the_bots_seeds_and_still_verifies(tmp_path):
    table, hub = bots_table(tmp_path, seed="resume me")
    try:
        play_until(hub, lambda: hub.round.deal is not None and hub.round.deal.id >= 3 and hub.phase_shown == RoundPhase.BIDDING)
        path = hub.journal.path
    finally:
        table.close()  # the hub dies mid-deal: its bots' dice and seeds are only in the file beside the journal
    resumed = read_journal(path)
    assert resumed.deal == 3 and len(resumed.entropy) == 3
    state = replay(path.read_text()).state
    again, hub2 = bots_table(tmp_path, seed="another seed")
    try:
        hub2.resume(resumed, state, bots=lambda name: load("normal", seed=name))
        assert hub2.round.deal.bot_seeds and hub2.round.deal.entropy == {i: resumed.entropy[n] for i, n in
                                                             enumerate(state.seats) if n in resumed.entropy}
        play_until(hub2, lambda: hub2.finished)
    finally:
        again.close()
    checked = check_journal(path.read_text())
    assert checked.scheme == "fair" and checked.rolls > 3


@pytest.mark.slow
def test_the_hub_sends_a_cup_its_entropy_only_once_it_holds_the_cups_commitment(tmp_path):
    """ana's cup holds its commitment back for two seconds: no entropy reaches it meanwhile (a hub that sent it
    with the deal would let a cup pick its seed for the dice it wants); once the commitment is in, it comes."""
    ana, ben = PtyCup("ana", 11), PtyCup("ben", 12)
    held = []
    send = ana.cup.send

    def hold_commit(mtype, values=()):
        if mtype == wire.COMMIT and not held:
            held.append(values)
            return True
        return send(mtype, values)

    ana.cup.send = hold_commit
    try:
        with PtyTable("dudo dice=2", [ana, ben], tmp_path) as table:
            seat_in_order(table.watch, [ana, ben])
            ana.wait_for(wire.DEAL)
            wait_until(lambda: held, "ana's cup to have its commitment ready")
            ben.wait_for(wire.ENTROPY)  # ben committed: ben has its entropy
            time.sleep(2.0)  # what must NOT happen takes no event to wait for: a fixed look, long on this machine
            assert ana.got(wire.ENTROPY) == [] and ana.cup.state == cupmod.DEALT  # committed, no dice yet
            with ana._lock:
                send(wire.COMMIT, held[0])
            ana.wait_for(wire.ENTROPY)
            wait_until(lambda: ana.cup.state in (cupmod.ROLLED, cupmod.TURN), "ana's dice")
    finally:
        ana.close()
        ben.close()


def test_a_cup_refusing_entropy_is_said_in_words():
    from dicecup.hub.cupwords import cup_error_words

    said = cup_error_words("ana", wire.ERR_STATE, wire.ENTROPY)
    assert said.startswith("ana's cup refused the hub's entropy") and "state" not in said
