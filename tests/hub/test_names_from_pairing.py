"""A paired cup plays under the name it was paired under (the registry's, at flashing or `dicecup cups rename`),
never under the one it gives itself: a cup flashed for mallory that says alice in its HELLO is refused in one line
and never sits, so nothing is journalled or rated as alice. And whatever a cup calls itself reaches the host's
terminal, the journal and the pages as plain text: its control characters (a terminal's escapes) are escaped where
its words come in. Frame by frame, with the real Table and its keyring on a real registry (transcript.py)."""
from dicecup.registry import FILENAME, Registry
from transcript import Transcript

ESCAPES = "\x1b]0;pwned\x07\x1b[2J"  # retitle the host's terminal, then clear it


def test_a_cup_paired_as_mallory_that_says_alice_is_refused_in_one_line_and_never_sits(tmp_path):
    t = Transcript("dudo dice=2", tmp_path, registered=True)
    mallory, ben = t.cup("mallory"), t.cup("ben")
    mallory.hello(name="alice")
    mallory.sit()
    refusals = [line for line in t.said if "paired as mallory" in line]
    assert len(refusals) == 1 and "calls itself alice" in refusals[0] and "dicecup flash" in refusals[0], t.said
    assert not any("alice takes seat" in line for line in t.said) and t.table.seating.seats == []
    mallory.hello(name="alice")  # asked again and again: said once
    assert len([line for line in t.said if "paired as mallory" in line]) == 1


def test_the_same_cup_under_its_own_name_sits_and_the_record_is_the_registrys_name(tmp_path):
    t = Transcript("dudo dice=2", tmp_path, registered=True)
    mallory, ben = t.cup("mallory"), t.cup("ben")
    t.seat(mallory, ben)
    assert "seats mallory ben" in t.journal()


def test_a_renamed_cup_plays_under_its_new_name_once_it_says_it(tmp_path):
    t = Transcript("dudo dice=2", tmp_path, registered=True)
    ana, ben = t.cup("ana"), t.cup("ben")
    with Registry(tmp_path / FILENAME) as registry:
        registry.rename("ana", "anna")   # `dicecup cups rename ana anna`; the cup still says ana until flashed
    ana.hello()
    assert any("paired as anna" in line and "calls itself ana" in line for line in t.said), t.said
    ana.plug()                           # flashed with its new name, and plugged in again
    ana.hello(name="anna")
    ana.sit()
    ben.hello()
    ben.sit()
    assert "seats anna ben" in t.journal()


def test_terminal_escapes_in_a_cups_name_reach_nobody_raw(tmp_path):
    t = Transcript("dudo dice=2", tmp_path, paired=False)
    ana, ben = t.cup("ana"), t.cup("ben")
    ana.hello(name="ev" + ESCAPES)
    said = "\n".join(t.said)
    assert "\x1b" not in said and "\x07" not in said and "\\x1b]0;pwned\\x07" in said, said
    ana.sit()
    ben.hello()
    ben.sit()
    journal = "\n".join(t.journal())
    assert "\x1b" not in journal and "\x07" not in journal, journal
