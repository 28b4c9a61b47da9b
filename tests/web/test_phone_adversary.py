"""A rogue phone client against the REAL web server and table (issue 24 item 8): dicecup.sim.roguephone's RoguePhone
on a phone seat, two bots, the hub on a thread, in real time; sim.watch's Watch reads the journal after every
step (dice fixed by the first commitment and entropy, no re-deal without the host's consent, the table never stops),
and a keyless opening of the seat's link must be refused before it is told anything, the seat as it was.

Each attack once, at the moment it pays; then hypothesis's stateful testing over all of them at any moment (few
examples, no shrinking: a game in real time is seconds; derandomized in CI by tests/conftest.py's profile)."""
import os
import random

import pytest
from hypothesis import HealthCheck, Phase, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from dicecup.hub.phases import RoundPhase
from dicecup.sim.phonetable import KEYED, PhoneTable, finish, phone_attack
from dicecup.sim.roguephone import UNKEYED
from dicecup.web.phonepage import HELD
from dicecup.web.server import FOREIGN


@pytest.fixture
def table(tmp_path):
    table = PhoneTable(data=tmp_path)
    yield table
    table.close()


def violations(table):
    return {name: found for name, found in table.watch.violations.items() if found}


def said(table, words):
    return any(words in text for _, text in table.watch.said)


def bidding_with_dice(table):
    """The bidding is on, the phone's player has seen its dice, and its seat is held by its phone."""
    return table.hub.phase_shown == RoundPhase.BIDDING and table.phone.has_dice() and table.seat.device is not None


def played_to_the_end(table):
    finish(table)
    assert table.hub.finished, table.hub.phase
    assert not violations(table), violations(table)
    assert not table.phone.errors


def test_an_honest_phone_game_breaks_no_invariant(table):
    played_to_the_end(table)
    assert table.watch.rerolls == 0 and "roll phone1 " in table.hub.journal.path.read_text()


def test_a_phone_reopening_its_link_with_a_fresh_seed_gets_no_new_roll_until_the_host_consents(table):
    table.until(lambda: bidding_with_dice(table))
    table.phone.reopen(forget=True)
    asked = "phone1's cup came back without the dice"
    table.until(lambda: said(table, asked) or table.phone.has_dice() or violations(table))  # asked, or a new roll
    assert not violations(table), violations(table)
    assert said(table, asked) and table.hub.paused and table.watch.rerolls == 0  # the host decides, not the phone
    played_to_the_end(table)
    assert table.consents <= 1 and table.watch.rerolls == table.consents


def test_a_phone_reopening_its_link_with_its_deal_goes_on_with_the_same_dice(table):
    table.until(lambda: bidding_with_dice(table))
    shown = dict(table.phone.dice)
    table.phone.reopen(forget=False)
    table.play(0.5)
    assert all(table.phone.dice[deal] == dice for deal, dice in shown.items())
    played_to_the_end(table)
    assert table.watch.rerolls == 0


def test_a_second_commitment_from_the_phone_is_refused(table):
    table.until(lambda: bidding_with_dice(table))
    table.phone.second_commit()
    table.until(lambda: said(table, "second, different commitment"))
    played_to_the_end(table)


def test_a_phones_reveal_with_other_dice_is_caught_and_never_counted(table):
    table.until(lambda: bidding_with_dice(table))
    table.phone.lie()
    table.until(lambda: said(table, "CHEATING"))
    played_to_the_end(table)


@pytest.mark.parametrize("how, code", [("replayed_proof", HELD), ("foreign_origin", FOREIGN),
                                       ("second_device", HELD), ("no_proof", HELD)])
def test_a_keyless_opening_of_a_held_seats_link_is_refused_and_changes_nothing(table, how, code):
    table.until(lambda: bidding_with_dice(table))
    table.unkeyed(how)
    assert not violations(table), violations(table)
    assert table.phone.refused == [(how, code, False)]  # closed with its reason, told nothing
    played_to_the_end(table)


# -- any attack at any moment ------------------------------------------------------------------------------------------
PHASES = tuple(Phase) if os.environ.get("DICECUP_ADVERSARY_SHRINK") else \
    (Phase.explicit, Phase.reuse, Phase.generate)


class RoguePhoneMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        import tempfile

        self.folder = tempfile.TemporaryDirectory(prefix="dicecup-rogue-phone-")
        self.table = PhoneTable(data=self.folder.name)

    def teardown(self):
        try:
            if not self.table.over():
                finish(self.table)  # the phone stops attacking: the table must still get to the end
            self.check()
            assert not self.table.phone.errors
        finally:
            self.table.close()
            self.folder.cleanup()

    @rule(seconds=st.sampled_from((0.01, 0.05, 0.2)))
    def play(self, seconds):
        self.table.play(seconds)

    @precondition(lambda self: self.table.hub.paused and not self.table.over())
    @rule()
    def host_answers(self):
        self.table.host_acts()

    @precondition(lambda self: self.table.playing() and not self.table.over())
    @rule(attack=st.sampled_from(KEYED + UNKEYED), seed=st.integers(0, 2 ** 16))
    def attack(self, attack, seed):
        phone_attack(self.table, attack, random.Random(seed))

    @invariant()
    def check(self):
        found = {name: found[:3] for name, found in self.table.watch.violations.items() if found}
        assert not found, found


TestRoguePhone = pytest.mark.slow(RoguePhoneMachine.TestCase)
# Real-time games at a real server: steps take what the table takes (no deadline), and hypothesis's timing health
# checks would fail the machine for the server's pace, not for a broken invariant.
TestRoguePhone.settings = settings(max_examples=4, stateful_step_count=25, phases=PHASES, deadline=None,
                                   suppress_health_check=list(HealthCheck))
