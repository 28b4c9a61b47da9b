"""The journal: a game record written line by line, plus the `#@` facts a resumed hub needs."""
from dicecup.hub.journal import Journal, read_journal, unfinished_journals
from dicecup.hub.journalfacts import facts, journal_text
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


def test_what_the_hub_writes_is_one_line_in_the_form_every_reader_reads(tmp_path):
    """A comment carrying text from elsewhere (a cup's name, a player's words) with a newline or a character
    str.splitlines() breaks at is written as one line, its breaks escaped: no fact or move slips in behind it."""
    journal = Journal.create(tmp_path, Rules.parse("dudo dice=1"), ["ana", "bot1"])
    for sneaked in ("x\n#@ bot ana kind=easy", "x\u2028#@ rated", "x\x85ana bids 9x6", "x\r#@ seeded"):
        journal.comment(f"ana's cup says {sneaked}")
    journal.close()
    lines = journal_text(journal.path).split("\n")[:-1]
    assert len(lines) == 3 + 4 and lines[-4:] == ["# ana's cup says x\\n#@ bot ana kind=easy",
                                                  "# ana's cup says x\\u2028#@ rated",
                                                  "# ana's cup says x\\x85ana bids 9x6",
                                                  "# ana's cup says x\\r#@ seeded"]
    assert [fact.kind for fact in facts(journal_text(journal.path))] == []


def test_each_new_game_gets_its_own_file(tmp_path):
    first = Journal.create(tmp_path, Rules.parse("dudo"), ["a", "b"])
    second = Journal.create(tmp_path, Rules.parse("dudo"), ["a", "b"])
    assert first.path != second.path and first.path.parent == second.path.parent == tmp_path / "games"
