"""The journal: a game record written line by line, plus the `#@` facts a resumed hub needs."""
from dicecup.hub.journal import Journal, read_journal, unfinished_journals
from dicecup.rules import Bid, Move, Roll, Rules, replay


def test_a_journal_is_a_record_the_referee_reads_and_its_facts_come_back(tmp_path):
    journal = Journal.create(tmp_path, Rules.parse("dudo dice=1"), ["ana", "bot1"])
    journal.fact("cup", "ana", "id=7", "board=sim", "fw=0.1", "port=serial:/dev/ttyACM0")
    journal.fact("bot", "bot1", "kind=hard")
    journal.fact("round", 1, "deal=1", "nonce=" + "ab" * 8)
    journal.fact("commit", "ana", "cd" * 32)
    journal.event(Move("ana", Bid(1, 6)))
    path = journal.path
    assert unfinished_journals(tmp_path) == [path]  # mid-game, as a hub that died would leave it
    facts = read_journal(path)
    assert facts.cups["ana"] == {"id": "7", "board": "sim", "fw": "0.1", "port": "serial:/dev/ttyACM0"}
    assert facts.bots == {"bot1": "hard"}
    assert (facts.deal, facts.nonce, facts.commits) == (1, b"\xab" * 8, {"ana": b"\xcd" * 32})
    journal.line("bot1 calls liar")
    journal.event(Roll("ana", (2,)))
    journal.event(Roll("bot1", (3,)))
    journal.close()
    assert replay(path.read_text()).state.winner is not None
    assert unfinished_journals(tmp_path) == []


def test_a_hand_edited_fact_line_with_nothing_after_it_is_passed_over(tmp_path):
    journal = Journal.create(tmp_path, Rules.parse("dudo dice=1"), ["ana", "bot1"])
    journal.fact("bot", "bot1", "kind=hard")
    journal.line("#@ ")  # someone tidying the file by hand left the marker and nothing else
    journal.line("#@ cup")  # ... or a fact with its seat's name cut off
    journal.close()
    facts = read_journal(journal.path)
    assert facts.bots == {"bot1": "hard"} and facts.cups == {}


def test_each_new_game_gets_its_own_file(tmp_path):
    first = Journal.create(tmp_path, Rules.parse("dudo"), ["a", "b"])
    second = Journal.create(tmp_path, Rules.parse("dudo"), ["a", "b"])
    assert first.path != second.path and first.path.parent == second.path.parent == tmp_path / "games"
