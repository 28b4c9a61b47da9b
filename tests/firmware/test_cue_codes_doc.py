"""docs/protocol.md's cue table names every cue the code has, with its words (issue 12 item 9 added 9, hurry)."""
from cupcore import wire, wirenames
from fwpaths import ROOT

DOC = (ROOT / "docs" / "protocol.md").read_text()


def test_every_cue_is_in_the_doc_with_its_words():
    assert wire.CUE_HURRY == 9 and "hurry" in wirenames.CUES[wire.CUE_HURRY]
    for code, words in wirenames.CUES.items():
        assert f"| {code} | {words} |" in DOC, (code, words)


def test_a_virtual_cup_writes_hurry_amber_as_a_letter_of_its_own():
    import sys

    from cupcore import leds
    from fwpaths import FIRMWARE

    sys.path.insert(0, str(FIRMWARE / "boards" / "sim"))
    import simboard

    letters = simboard.LED_LETTERS
    assert letters.get(leds.AMBER) == "A" and list(letters.values()).count("A") == 1
    assert "`A` amber" in (ROOT / "docs" / "cup.md").read_text()
