"""A cup that stops answering in the middle of a deal (its replies lost on the line) is dropped after the hub's
answer timeout, the game waits, and goes on when the cup is back. In one process on a virtual clock
(dicecup.sim.tablesim: the real hub, cupcore's Cup and Link), so the 15 s timeout costs no real time."""
from dicecup.hub.phases import TablePhase
from dicecup.rules import Rules
from dicecup.sim.faulty import FaultyLine
from dicecup.sim.tablesim import SimGame


def test_a_cup_silent_past_the_answer_timeout_is_dropped_and_the_game_goes_on_when_it_is_back(tmp_path):
    game = SimGame(Rules.parse("dudo dice=2"), seed="silent", cups=2, data=tmp_path)
    said = []
    game.hub.subscribe(lambda item: said.append(getattr(item, "text", "")))
    while game.hub.phase != TablePhase.BETWEEN:  # a round played; the next deal is about to go out
        game.run(limit=game.clock.now + 0.01)
    cable = game.cables[1]
    cable.to_hub.line = FaultyLine(drop=1.0)  # from now on nothing cup2 sends reaches the hub: no commitment
    game.run(limit=game.clock.now + game.hub.answer_timeout + 1)
    assert cable.drops == 1 and game.hub.paused
    assert any("no answer in 15 s" in text for text in said), said
    cable.to_hub.line = None  # the line is good again: the cup is heard when its port is open again
    game.run(limit=game.clock.now + 600)
    assert game.hub.finished and game.desyncs() == []
    assert cable.drops == 1  # back at its deadline, it had time to answer (it was dropped again at once before)
