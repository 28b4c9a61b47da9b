"""Hypothesis's stateful testing against the table (issue 24 item 8): honest board cups playing, a keyed rogue cup and
a stranger acting at any moment with any well-formed frame, the host answering when the table asks; after every step
the four invariants of dicecup.sim.watch.Watch hold. One machine per attacker, so a failure names its attacker.

The shrink phase is left out (a failing game is replayed hundreds of times to shrink it: minutes, not seconds); run
with DICECUP_ADVERSARY_SHRINK=1 to get the shortest sequence of attacks that breaks an invariant."""
import os
import random
import shutil
import tempfile

import pytest
from hypothesis import Phase, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from advhelpers import BY_B, BY_C
from dicecup.sim.adversary import MESSAGE_TYPES, ROGUE_ATTACKS, AdversaryTable, finish, host_acts, rogue_attack

PHASES = tuple(Phase) if os.environ.get("DICECUP_ADVERSARY_SHRINK") else \
    (Phase.explicit, Phase.reuse, Phase.generate)
GAMES = settings(max_examples=6, stateful_step_count=30, phases=PHASES, deadline=None)


class TableMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.mkdtemp(prefix="dicecup-adversary-")
        self.table = AdversaryTable(seed=7, data=self.folder)

    def teardown(self):
        try:
            if not self.table.over():
                finish(self.table)  # the attackers stop: the table must still get to the end, or say why not
                self.check()
        finally:  # a failing example (hypothesis tries many while it shrinks) leaves no folder either
            self.table.close()
            shutil.rmtree(self.folder, ignore_errors=True)

    @rule(seconds=st.sampled_from((0.01, 0.05, 0.2, 1.0)))
    def play(self, seconds):
        self.table.play(seconds)

    @precondition(lambda self: self.table.hub.paused and not self.table.over())
    @rule()
    def host_answers(self):
        host_acts(self.table)

    @invariant()
    def check(self):
        found = {name: found[:3] for name, found in self.table.watch.violations.items() if found}
        assert not found, found


class RogueCupMachine(TableMachine):
    @precondition(lambda self: self.table.playing() and not self.table.over())
    @rule(attack=st.sampled_from(ROGUE_ATTACKS))
    def rogue(self, attack):
        rogue_attack(self.table, attack)


class StrangerMachine(TableMachine):
    @precondition(lambda self: self.table.playing() and not self.table.over())
    @rule(index=st.integers(0, 2), mtype=st.sampled_from(MESSAGE_TYPES), seed=st.integers(0, 2 ** 16))
    def to_hub(self, index, mtype, seed):
        self.table.stranger.to_hub(random.Random(seed), index, mtype)

    @precondition(lambda self: self.table.playing() and not self.table.over())
    @rule(index=st.integers(0, 2), mtype=st.sampled_from(MESSAGE_TYPES), seed=st.integers(0, 2 ** 16))
    def to_cup(self, index, mtype, seed):
        self.table.stranger.to_cup(random.Random(seed), index, mtype)


TestRogueCup = RogueCupMachine.TestCase
TestRogueCup.settings = GAMES
TestStranger = StrangerMachine.TestCase
TestStranger.settings = GAMES
